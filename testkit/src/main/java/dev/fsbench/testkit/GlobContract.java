package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.acted;
import static dev.fsbench.testkit.PermissionCases.LOCKED_MODE_000;
import static dev.fsbench.testkit.PermissionCases.inLockedDir;
import static dev.fsbench.testkit.PermissionCases.succeeding;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.GlobOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.NonUtf8Names.Pair;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * glob: exact relative sets on {@link #globTree} for each syntax element, the dot rule,
 * includeDirectories, several patterns without duplicates, links matched but never followed, and
 * malformed patterns refused.
 */
@FamilyEntry(Op.GLOB)
final class GlobContract extends FamilyContract {

  @Override
  Op op() {
    return Op.GLOB;
  }

  @Override
  String signature() {
    return "Path cwd, List patterns, GlobOptions options";
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of(
        (fs, a) -> glob(fs, (Path) a[0], castList(a[1]), (GlobOptions) a[2]),
        Fixtures.treeOf4Files(s.path("tree")),
        List.of("**/*"),
        GlobOptions.DEFAULT);
  }

  @SuppressWarnings("unchecked")
  private static List<String> castList(Object list) {
    return (List<String>) list;
  }

  /**
   * {@code a.js b.ts c.md .hidden.js .dotdir/x.js src/main.js src/util/helper.js
   * src/util/.secret.js src/util/deep/z.ts lib/x.js lib/y.txt [x].txt empty/}, and the links {@code
   * link-src -> src}, {@code link-a -> a.js}.
   */
  static Path globTree(Path at) throws Exception {
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
      Fixtures.fileWith(at.resolve(file), file.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    Fixtures.emptyDir(at.resolve("empty"));
    Fixtures.symlink(at.resolve("link-src"), "src");
    Fixtures.symlink(at.resolve("link-a"), "a.js");
    return at;
  }

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

  private static Case matches(
      String name, List<String> patterns, GlobOptions options, Set<String> expected) {
    return result(
            name + ": " + patterns + " matches exactly " + new java.util.TreeSet<>(expected),
            s -> {
              Path tree = globTree(s.path("tree"));
              Checks.assertExactSet(expected, glob(s.fs(), tree, patterns, options));
            })
        .needing(Capability.SYMBOLIC_LINKS);
  }

  /**
   * A case whose pattern holds a bracket expression: a backend without {@link
   * Capability#GLOB_BRACKETS} has none in its pattern language, and the case is reported as not
   * applicable with that reason.
   */
  private static Case withBrackets(Case c) {
    return c.needing(Capability.SYMBOLIC_LINKS, Capability.GLOB_BRACKETS);
  }

  private static Set<String> union(Set<String> a, Set<String> b) {
    Set<String> out = new HashSet<>(a);
    out.addAll(b);
    return out;
  }

  private static Case malformed(String pattern) {
    return error(
        "malformed or absolute '" + pattern + "': IllegalArgumentException before any I/O",
        s -> {
          Path tree = Fixtures.treeOf4Files(s.path("tree"));
          s.fails(
              Failure.unchecked(IllegalArgumentException.class),
              () -> glob(s.fs(), tree, List.of("**/*", pattern), GlobOptions.DEFAULT));
        });
  }

  @Override
  List<Case> cases(Env env) {
    GlobOptions d = GlobOptions.DEFAULT;
    Set<String> files = new HashSet<>(ALL_VISIBLE);
    files.removeAll(Set.of("src", "src/util", "src/util/deep", "lib", "empty"));
    List<Case> cases =
        new ArrayList<>(
            List.of(
                result(
                    "tree of 4 files, **/*: every entry",
                    s -> {
                      Path tree = Fixtures.treeOf4Files(s.path("tree"));
                      Checks.assertExactSet(
                          Fixtures.TREE_OF_4_FILES, glob(s.fs(), tree, List.of("**/*"), d));
                    }),
                matches(
                    "* (one segment, no dot files)",
                    List.of("*"),
                    d,
                    Set.of(
                        "a.js",
                        "b.ts",
                        "c.md",
                        "src",
                        "lib",
                        "[x].txt",
                        "empty",
                        "link-src",
                        "link-a")),
                matches(
                    "**/* (top level too, links not followed)", List.of("**/*"), d, ALL_VISIBLE),
                matches(
                    "**/* without directories (links stay)",
                    List.of("**/*"),
                    d.withIncludeDirectories(false),
                    files),
                matches(
                    "**/* with dot", List.of("**/*"), d.withDot(true), union(ALL_VISIBLE, HIDDEN)),
                matches(
                    "**/*.js",
                    List.of("**/*.js"),
                    d,
                    Set.of("a.js", "src/main.js", "src/util/helper.js", "lib/x.js")),
                matches(
                    "src/** (src itself and below)",
                    List.of("src/**"),
                    d,
                    Set.of(
                        "src",
                        "src/main.js",
                        "src/util",
                        "src/util/helper.js",
                        "src/util/deep",
                        "src/util/deep/z.ts")),
                matches(
                    "src/**/*.ts (** as zero or more middle segments)",
                    List.of("src/**/*.ts"),
                    d,
                    Set.of("src/util/deep/z.ts")),
                matches("?", List.of("?.*"), d, Set.of("a.js", "b.ts", "c.md")),
                withBrackets(matches("[ab]", List.of("[ab].*"), d, Set.of("a.js", "b.ts"))),
                withBrackets(matches("[a-b] range", List.of("[a-b].*"), d, Set.of("a.js", "b.ts"))),
                withBrackets(
                    matches("[!a] negation", List.of("[!a].*"), d, Set.of("b.ts", "c.md"))),
                matches("{a,c}", List.of("{a,c}.*"), d, Set.of("a.js", "c.md")),
                matches(
                    "nested {a,{b,c}}", List.of("{a,{b,c}}.*"), d, Set.of("a.js", "b.ts", "c.md")),
                matches(
                    "braces across segments",
                    List.of("{src/util,lib}/*.js"),
                    d,
                    Set.of("src/util/helper.js", "lib/x.js")),
                matches("\\ escapes", List.of("\\[x\\].txt"), d, Set.of("[x].txt")),
                matches(
                    "dot rule: a literal leading dot matches dot names",
                    List.of(".*", "src/util/.*"),
                    d,
                    Set.of(".hidden.js", ".dotdir", "src/util/.secret.js")),
                matches(
                    "dot rule: ** does not enter dot directories",
                    List.of("**/x.js"),
                    d,
                    Set.of("lib/x.js")),
                matches(
                    "dot rule: with dot, ** enters them",
                    List.of("**/x.js"),
                    d.withDot(true),
                    Set.of("lib/x.js", ".dotdir/x.js")),
                matches(
                    "several patterns, each path once",
                    List.of("**/*.js", "*.js", "src/*", "a.js"),
                    d,
                    Set.of("a.js", "src/main.js", "src/util/helper.js", "lib/x.js", "src/util")),
                matches(
                    "a link to a directory is matched, never entered",
                    List.of("link-*", "link-src/*", "link-src/**/*"),
                    d,
                    Set.of("link-src", "link-a")),
                matches(
                    "literal path", List.of("src/util/deep/z.ts"), d, Set.of("src/util/deep/z.ts")),
                matches("no match: empty result", List.of("*.nothing", "missing/**"), d, Set.of()),
                result(
                        "concurrency 4: same set",
                        s -> {
                          Path tree = globTree(s.path("tree"));
                          Checks.assertExactSet(
                              ALL_VISIBLE,
                              glob(s.fs(), tree, List.of("**/*"), d.withConcurrency(4)));
                        })
                    .needing(Capability.SYMBOLIC_LINKS),
                result(
                    "empty path is the working directory: its non-dot names",
                    s -> {
                      Path cwd = s.root().getFileSystem().getPath("");
                      List<String> expected = new ArrayList<>();
                      try (DirectoryStream<Path> entries = Files.newDirectoryStream(cwd)) {
                        for (Path entry : entries) {
                          if (!entry.getFileName().toString().startsWith(".")) {
                            expected.add(entry.getFileName().toString());
                          }
                        }
                      }
                      Checks.assertExactSet(
                          new HashSet<>(expected), glob(s.fs(), cwd, List.of("*"), d));
                    }),
                error(
                    "missing cwd: NoSuchFileException",
                    s -> {
                      Path missing = s.path("missing");
                      s.fails(
                          Failure.of(NoSuchFileException.class, missing),
                          () -> glob(s.fs(), missing, List.of("*"), d));
                    }),
                error(
                    "cwd is a FIFO: NotDirectoryException, without blocking",
                    s -> {
                      Path fifo = Fifos.make(s, s.path("fifo"));
                      s.fails(
                          Failure.of(NotDirectoryException.class, fifo),
                          () ->
                              Fifos.withoutBlocking(
                                  fifo, () -> glob(s.fs(), fifo, List.of("*"), d)));
                    }),
                error(
                    "cwd is a file: NotDirectoryException",
                    s -> {
                      Path file = Fixtures.fileOf4KiB(s.path("f"));
                      s.fails(
                          Failure.of(NotDirectoryException.class, file),
                          () -> glob(s.fs(), file, List.of("*"), d));
                    }),
                error(
                    "no pattern: IllegalArgumentException",
                    s -> {
                      Path tree = Fixtures.treeOf4Files(s.path("tree"));
                      s.fails(
                          Failure.unchecked(IllegalArgumentException.class),
                          () -> glob(s.fs(), tree, List.of(), d));
                    }),
                error(
                    "a null pattern in the list: NullPointerException",
                    s -> {
                      Path tree = Fixtures.treeOf4Files(s.path("tree"));
                      s.fails(
                          Failure.unchecked(NullPointerException.class),
                          () -> glob(s.fs(), tree, Arrays.asList("*", null), d));
                    })));
    for (String bad : List.of("[abc", "{a,b", "a}", "abc\\", "/abs/*", "[z-a]", "")) {
      cases.add(malformed(bad));
    }
    return cases;
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
        "walks the directory caf\\xe9, not its twin",
        s -> {
          Pair p = Pair.directories(s, true);
          List<String>[] found = new List[1];
          if (acted(
              p.latin(),
              () -> found[0] = glob(s.fs(), p.latin(), List.of("*"), GlobOptions.DEFAULT))) {
            assertEquals(List.of("a"), found[0]);
          }
          p.twinDirectoryUntouched();
        });
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        inLockedDir(
            op(),
            "a 000 working directory",
            (fs, d) -> glob(fs, d.resolve("locked"), List.of("*"), GlobOptions.DEFAULT),
            "locked"),
        succeeding(
            op(),
            "a 000 directory no pattern can enter is never listed",
            d -> {
              Fixtures.fileOf4KiB(d.resolve("open/a.txt"));
              Fixtures.fileOf4KiB(d.resolve("locked/b.txt"));
            },
            LOCKED_MODE_000,
            (fs, d) -> glob(fs, d, List.of("open/*.txt", "*.txt"), GlobOptions.DEFAULT),
            "[open/a.txt]"));
  }

  /** glob through {@code fs}, sync or async by its mode. */
  static List<String> glob(Calls fs, Path cwd, List<String> patterns, GlobOptions options)
      throws IOException {
    return fs.call(b -> b.glob(cwd, patterns, options), b -> b.globAsync(cwd, patterns, options));
  }
}
