package dev.fsbench.harness.workload.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.workload.Tmpfs;
import dev.fsbench.harness.workload.tree.TreeManifest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The glob oracle against the SPI's syntax, on the contract kit's glob tree and with its expected
 * sets: the oracle that checks every backend must agree with the specification the kit checks them
 * against.
 */
class GlobOracleTest {
  @TempDir(factory = Tmpfs.class)
  Path dir;

  private TreeManifest tree;

  static final Set<String> ALL_VISIBLE =
      Set.of(
          "a.js",
          "b.ts",
          "c.md",
          "src",
          "src/main.js",
          "src/util",
          "src/util/helper.js",
          "src/util/deep",
          "src/util/deep/z.ts",
          "lib",
          "lib/x.js",
          "lib/y.txt",
          "[x].txt",
          "empty",
          "link-src",
          "link-a");

  static final Set<String> HIDDEN =
      Set.of(".hidden.js", ".dotdir", ".dotdir/x.js", "src/util/.secret.js");

  @BeforeEach
  void globTree() throws IOException {
    Path at = dir.resolve("tree");
    for (String file :
        List.of(
            "a.js",
            "b.ts",
            "c.md",
            ".hidden.js",
            ".dotdir/x.js",
            "src/main.js",
            "src/util/helper.js",
            "src/util/.secret.js",
            "src/util/deep/z.ts",
            "lib/x.js",
            "lib/y.txt",
            "[x].txt")) {
      Path p = at.resolve(file);
      Files.createDirectories(p.getParent());
      Files.write(p, file.getBytes(StandardCharsets.UTF_8));
    }
    Files.createDirectories(at.resolve("empty"));
    Files.createSymbolicLink(at.resolve("link-src"), Path.of("src"));
    Files.createSymbolicLink(at.resolve("link-a"), Path.of("a.js"));
    tree = TreeManifest.read(at);
  }

  private Set<String> match(boolean dot, boolean directories, String... patterns) {
    return new TreeSet<>(GlobOracle.compile(List.of(patterns), dot).matching(tree, directories));
  }

  private void assertMatch(Set<String> expected, String... patterns) {
    assertEquals(new TreeSet<>(expected), match(false, true, patterns), List.of(patterns) + "");
  }

  @Test
  void theKitsTableOfPatterns() {
    assertMatch(
        Set.of("a.js", "b.ts", "c.md", "src", "lib", "[x].txt", "empty", "link-src", "link-a"),
        "*");
    assertMatch(ALL_VISIBLE, "**/*");
    assertMatch(Set.of("a.js", "src/main.js", "src/util/helper.js", "lib/x.js"), "**/*.js");
    assertMatch(
        Set.of(
            "src",
            "src/main.js",
            "src/util",
            "src/util/helper.js",
            "src/util/deep",
            "src/util/deep/z.ts"),
        "src/**");
    assertMatch(Set.of("src/util/deep/z.ts"), "src/**/*.ts");
    assertMatch(Set.of("a.js", "b.ts", "c.md"), "?.*");
    assertMatch(Set.of("a.js", "b.ts"), "[ab].*");
    assertMatch(Set.of("a.js", "b.ts"), "[a-b].*");
    assertMatch(Set.of("b.ts", "c.md"), "[!a].*");
    assertMatch(Set.of("b.ts", "c.md"), "[^a].*");
    assertMatch(Set.of("a.js", "c.md"), "{a,c}.*");
    assertMatch(Set.of("a.js", "b.ts", "c.md"), "{a,{b,c}}.*");
    assertMatch(Set.of("src/util/helper.js", "lib/x.js"), "{src/util,lib}/*.js");
    assertMatch(Set.of("[x].txt"), "\\[x\\].txt");
    assertMatch(Set.of(".hidden.js", ".dotdir", "src/util/.secret.js"), ".*", "src/util/.*");
    assertMatch(Set.of("lib/x.js"), "**/x.js");
    assertMatch(
        Set.of("a.js", "src/main.js", "src/util/helper.js", "lib/x.js", "src/util"),
        "**/*.js",
        "*.js",
        "src/*",
        "a.js");
    assertMatch(Set.of("link-src", "link-a"), "link-*", "link-src/*", "link-src/**/*");
    assertMatch(Set.of("src/util/deep/z.ts"), "src/util/deep/z.ts");
    assertMatch(Set.of(), "*.nothing", "missing/**");
  }

  @Test
  void dotAndDirectoryOptions() {
    Set<String> withDot = new HashSet<>(ALL_VISIBLE);
    withDot.addAll(HIDDEN);
    assertEquals(new TreeSet<>(withDot), match(true, true, "**/*"));
    assertEquals(Set.of("lib/x.js", ".dotdir/x.js"), match(true, true, "**/x.js"));
    Set<String> files = new HashSet<>(ALL_VISIBLE);
    files.removeAll(Set.of("src", "src/util", "src/util/deep", "lib", "empty"));
    assertEquals(new TreeSet<>(files), match(false, false, "**/*"), "links stay");
  }

  @Test
  void aTrailingSlashMatchesDirectoriesOnlyAndDotSegmentsAreIgnored() {
    assertMatch(Set.of("src", "lib", "empty"), "*/");
    assertMatch(Set.of("src/main.js"), "./src//main.js");
  }

  @Test
  void aClassNeverMatchesTheSeparator() {
    GlobOracle range = GlobOracle.compile(List.of("a[+-0]b"), false);
    assertTrue(range.matches("a-b", false));
    assertFalse(range.matches("a/b", false), "'/' lies in the range + .. 0");
    assertTrue(
        GlobOracle.compile(List.of("?"), false).matches("\uD83D\uDE42", false), "one code point");
    assertFalse(GlobOracle.compile(List.of("*"), false).matches(".x", false));
    assertTrue(GlobOracle.compile(List.of("\\.x"), false).matches(".x", false));
  }

  @Test
  void malformedPatternsAreRefusedNamingThem() {
    for (String bad :
        List.of("[abc", "{a,b", "a}", "abc\\", "/abs/*", "[z-a]", "", "a/../b", ".", "[a/b]")) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> GlobOracle.compile(List.of(bad), false), bad);
      assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> GlobOracle.compile(List.of(), false));
  }
}
