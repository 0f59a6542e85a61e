package dev.fsbench.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.ReaddirOptions;
import dev.fsbench.spi.ScanEntry;
import dev.fsbench.spi.ScanOptions;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * readdir and scan of every backend against GNU {@code find} on seeded trees: the names of one
 * directory ({@code -maxdepth 1}), the whole tree, and per entry of a scan its path, name, kind,
 * size, permission bits, mtime to the nanosecond and depth ({@code -printf}), links not followed
 * and followed ({@code find -L}). No deviation is left: every field agrees.
 */
class FindDifferentialTest {
  private static Differential d;

  @BeforeAll
  static void trees() throws Exception {
    d = new Differential("fsbench-find-");
  }

  @AfterAll
  static void clean() throws Exception {
    d.close();
  }

  @TestFactory
  Stream<DynamicTest> readdirAndScanAgainstFind() {
    List<DynamicTest> tests = new ArrayList<>();
    for (String id : Differential.backendIds()) {
      for (long seed : Differential.SEEDS) {
        String at = id + ", tree of seed " + seed;
        tests.add(
            dynamicTest(
                "readdir: " + at,
                () -> {
                  Path root = d.trees.get(seed).root();
                  assertEquals(
                      sorted(find(root, false, "-maxdepth", "1", "-printf", "%P\\0")),
                      sorted(d.backend(id).readdir(root, ReaddirOptions.DEFAULT)));
                }));
        tests.add(
            dynamicTest(
                "readdir recursive: " + at,
                () -> {
                  Path root = d.trees.get(seed).root();
                  assertEquals(
                      sorted(find(root, false, "-printf", "%P\\0")),
                      sorted(d.backend(id).readdir(root, ReaddirOptions.RECURSIVE)));
                }));
        for (boolean follow : new boolean[] {false, true}) {
          tests.add(
              dynamicTest(
                  "scan" + (follow ? " following links (find -L)" : "") + ": " + at,
                  () -> {
                    Path root = d.trees.get(seed).root();
                    List<String> expected = new ArrayList<>();
                    for (String line :
                        find(root, follow, "-printf", "%P\\t%f\\t%y\\t%s\\t%m\\t%T@\\t%d\\0")) {
                      expected.add(fromFind(line));
                    }
                    List<String> got = new ArrayList<>();
                    for (ScanEntry e :
                        d.backend(id).scan(root, ScanOptions.DEFAULT.withFollowLinks(follow))) {
                      got.add(line(e));
                    }
                    assertEquals(sorted(expected), sorted(got));
                  }));
        }
      }
    }
    return tests.stream();
  }

  /** One scan entry as the line {@link #fromFind} makes of find's. */
  private static String line(ScanEntry e) {
    return String.join(
        "\t",
        e.path(),
        e.name(),
        e.kind().name(),
        Long.toString(e.size()),
        Integer.toOctalString(e.mode() & 07777),
        Long.toString(e.mtimeNanos()),
        Integer.toString(e.depth()));
  }

  private static String fromFind(String line) {
    String[] f = line.split("\t", -1);
    FileKind kind;
    switch (f[2]) {
      case "f":
        kind = FileKind.FILE;
        break;
      case "d":
        kind = FileKind.DIRECTORY;
        break;
      case "l":
        kind = FileKind.SYMLINK;
        break;
      default:
        kind = FileKind.OTHER;
        break;
    }
    long mtime = new BigDecimal(f[5]).movePointRight(9).longValueExact();
    return String.join(
        "\t",
        f[0],
        f[1],
        kind.name(),
        f[3],
        Integer.toOctalString(Integer.parseInt(f[4], 8)),
        Long.toString(mtime),
        f[6]);
  }

  /** What find prints for {@code root} with {@code args}, split at NULs, below the root only. */
  static List<String> find(Path root, boolean follow, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("find"));
    if (follow) {
      command.add("-L");
    }
    command.add(root.toString());
    command.add("-mindepth");
    command.add("1");
    command.addAll(List.of(args));
    Tools.Result r = Tools.run(command, null, 60);
    if (r.exit() != 0) {
      throw new AssertionError(command + " exited " + r.exit() + ": " + r.stderr());
    }
    List<String> out = new ArrayList<>();
    for (String s : new String(r.stdout(), StandardCharsets.UTF_8).split("\0")) {
      if (!s.isEmpty()) {
        out.add(s);
      }
    }
    return out;
  }

  private static List<String> sorted(List<String> lines) {
    List<String> out = new ArrayList<>(lines);
    out.sort(ScanEntry::compareCodePoints);
    return out;
  }
}
