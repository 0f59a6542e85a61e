package dev.fsbench.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.FileStat;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * stat and lstat of every backend against Python's {@code os.stat} and {@code os.lstat} ({@code
 * /usr/bin/python3}) on every entry of seeded trees, all eleven fields of {@link FileStat}: kind,
 * size, mode, uid, gid, nlink, ino, dev and the three times to the nanosecond. A call that fails
 * must fail as Python's does: the errno Python names is the exception NIO throws for it. No
 * deviation is left.
 *
 * <p>Python runs first, over the whole list; the backend after, on the same paths. Nothing between
 * them reads a file or lists a directory, so no access time moves (the list itself is made by a
 * walk before either).
 */
class StatDifferentialTest {
  private static Differential d;

  @BeforeAll
  static void trees() throws Exception {
    d = new Differential("fsbench-stat-");
  }

  @AfterAll
  static void clean() throws Exception {
    d.close();
  }

  private static final String PYTHON =
      "import os, sys, errno\n"
          + "for line in sys.stdin.read().split():\n"
          + "    p = bytes.fromhex(line)\n"
          + "    out = []\n"
          + "    for f in (os.stat, os.lstat):\n"
          + "        try:\n"
          + "            s = f(p)\n"
          + "            out.append('%o %d %d %d %d %d %d %d %d %d' % (s.st_mode, s.st_size,"
          + " s.st_uid, s.st_gid, s.st_nlink, s.st_ino, s.st_dev, s.st_atime_ns, s.st_mtime_ns,"
          + " s.st_ctime_ns))\n"
          + "        except OSError as e:\n"
          + "            out.append('error ' + errno.errorcode[e.errno])\n"
          + "    print('\\t'.join(out))\n";

  @TestFactory
  Stream<DynamicTest> statAndLstatAgainstPython() {
    List<DynamicTest> tests = new ArrayList<>();
    for (String id : Differential.backendIds()) {
      for (long seed : Differential.SEEDS) {
        tests.add(
            dynamicTest(
                "stat and lstat, all 11 fields: "
                    + id
                    + ", every entry of the tree of seed "
                    + seed,
                () -> check(id, d.trees.get(seed).root())));
      }
    }
    return tests.stream();
  }

  private static void check(String id, Path root) throws Exception {
    List<Path> entries = RandomTree.entries(root);
    ByteArrayOutputStream in = new ByteArrayOutputStream();
    for (Path p : entries) {
      in.write(
          HexFormat.of().formatHex(RandomTree.rawBytes(p)).getBytes(StandardCharsets.US_ASCII));
      in.write('\n');
    }
    Tools.Result r = Tools.run(List.of(Tools.PYTHON, "-c", PYTHON), in.toByteArray(), 60);
    assertEquals(0, r.exit(), () -> "python: " + r.stderr());
    String[] python = r.out().split("\n");
    assertEquals(entries.size(), python.length, "one line per entry");
    List<String> expected = new ArrayList<>();
    List<String> got = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      Path p = entries.get(i);
      String[] both = python[i].split("\t");
      expected.add(p + " stat: " + both[0]);
      expected.add(p + " lstat: " + both[1]);
      got.add(p + " stat: " + describe(() -> d.backend(id).stat(p)));
      got.add(p + " lstat: " + describe(() -> d.backend(id).lstat(p)));
    }
    assertEquals(String.join("\n", expected), String.join("\n", got));
  }

  private interface StatCall {
    FileStat call() throws Exception;
  }

  /** A stat as Python's line prints it, or the errno whose exception NIO throws. */
  private static String describe(StatCall call) {
    FileStat s;
    try {
      s = call.call();
    } catch (Exception e) {
      return "error " + errno(e);
    }
    if (FileKind.ofMode(s.mode()) != s.kind()) {
      return "kind " + s.kind() + " disagrees with mode 0" + Integer.toOctalString(s.mode());
    }
    return String.format(
        "%o %d %d %d %d %d %d %d %d %d",
        s.mode(),
        s.size(),
        s.uid(),
        s.gid(),
        s.nlink(),
        s.ino(),
        s.dev(),
        s.atimeNanos(),
        s.mtimeNanos(),
        s.ctimeNanos());
  }

  /** The errno NIO throws {@code e} for. */
  private static String errno(Exception e) {
    if (e instanceof java.nio.file.NoSuchFileException) {
      return "ENOENT";
    }
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "EACCES";
    }
    if (e instanceof FileSystemException) {
      String reason = String.valueOf(((FileSystemException) e).getReason());
      if (reason.startsWith("Too many levels of symbolic links")) {
        return "ELOOP";
      }
      if (reason.equals("Not a directory")) {
        return "ENOTDIR";
      }
      return "reason " + reason;
    }
    return e.toString();
  }
}
