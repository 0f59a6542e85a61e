package dev.fsbench.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * realpath of every backend against coreutils {@code realpath} on seeded trees: every entry, every
 * directory and link followed by {@code ..} and {@code .}, links to links, dangling links and a
 * loop, compared by their bytes. The backends answer as {@code realpath -e} (every component must
 * exist, which is what the SPI and NIO's {@code toRealPath} promise); plain {@code realpath} (no
 * option: all but the last component must exist) also resolves a dangling link to where it points.
 * That difference is the one deviation, declared in {@code docs/semantics/deviations.md} and
 * asserted here.
 *
 * <p>The paths reach realpath as bytes through Python ({@code subprocess} with {@code bytes}
 * arguments), since a Java process can only pass strings, and one name is not UTF-8.
 */
class RealpathDifferentialTest {
  private static Differential d;
  private static final Map<Long, Map<Path, String[]>> coreutils = new LinkedHashMap<>();

  @BeforeAll
  static void trees() throws Exception {
    d = new Differential("fsbench-realpath-");
    for (Map.Entry<Long, RandomTree.Made> e : d.trees.entrySet()) {
      Path loops = Files.createDirectory(e.getValue().root().resolveSibling("loops" + e.getKey()));
      Files.createSymbolicLink(loops.resolve("a"), Path.of("b"));
      Files.createSymbolicLink(loops.resolve("b"), Path.of("a"));
      List<Path> inputs = inputs(e.getValue(), loops);
      coreutils.put(e.getKey(), realpath(inputs));
    }
  }

  @AfterAll
  static void clean() throws Exception {
    d.close();
  }

  /** The entries, each directory and link with {@code /..} and {@code /.}, the loop. */
  private static List<Path> inputs(RandomTree.Made tree, Path loops) throws Exception {
    List<Path> out = new ArrayList<>();
    for (Path p : RandomTree.entries(tree.root())) {
      out.add(p);
      if (Files.isDirectory(p) || Files.isSymbolicLink(p)) {
        out.add(p.resolve(".."));
        out.add(p.resolve("."));
      }
    }
    out.add(loops.resolve("a"));
    out.add(loops.resolve("a").resolve("x"));
    out.add(tree.root().resolve("plain").resolve("x")); // through a file: ENOTDIR
    return out;
  }

  private static final String PYTHON =
      "import subprocess, sys\n"
          + "for line in sys.stdin.read().split():\n"
          + "    p = bytes.fromhex(line)\n"
          + "    out = []\n"
          + "    for flags in ([b'-e'], []):\n"
          + "        r = subprocess.run([b'realpath'] + flags + [b'--', p], capture_output=True)\n"
          + "        if r.returncode == 0:\n"
          + "            out.append('ok ' + r.stdout.rstrip(b'\\n').hex())\n"
          + "        else:\n"
          + "            first = r.stderr.decode('utf-8', 'replace').strip().split('\\n')[0]\n"
          + "            out.append('error ' + first.split(': ')[-1])\n"
          + "    print('\\t'.join(out))\n";

  /** Per input, what {@code realpath -e} and {@code plain realpath} say. */
  private static Map<Path, String[]> realpath(List<Path> inputs) throws Exception {
    ByteArrayOutputStream in = new ByteArrayOutputStream();
    for (Path p : inputs) {
      in.write(
          HexFormat.of().formatHex(RandomTree.rawBytes(p)).getBytes(StandardCharsets.US_ASCII));
      in.write('\n');
    }
    Tools.Result r = Tools.run(List.of(Tools.PYTHON, "-c", PYTHON), in.toByteArray(), 120);
    assertEquals(0, r.exit(), () -> "python: " + r.stderr());
    String[] lines = r.out().split("\n");
    assertEquals(inputs.size(), lines.length, "one line per input");
    Map<Path, String[]> out = new LinkedHashMap<>();
    for (int i = 0; i < inputs.size(); i++) {
      out.put(inputs.get(i), lines[i].split("\t"));
    }
    return out;
  }

  @TestFactory
  Stream<DynamicTest> realpathAgainstCoreutils() {
    List<DynamicTest> tests = new ArrayList<>();
    for (String id : Differential.backendIds()) {
      for (long seed : Differential.SEEDS) {
        tests.add(
            dynamicTest(
                "realpath as realpath -e: " + id + ", tree of seed " + seed,
                () -> {
                  List<String> expected = new ArrayList<>();
                  List<String> got = new ArrayList<>();
                  for (Map.Entry<Path, String[]> e : coreutils.get(seed).entrySet()) {
                    expected.add(e.getKey() + " -> " + e.getValue()[0]);
                    got.add(e.getKey() + " -> " + answer(id, e.getKey()));
                  }
                  assertEquals(String.join("\n", expected), String.join("\n", got));
                }));
        tests.add(
            dynamicTest(
                "deviation: a dangling link, which plain realpath resolves, is NoSuchFile: "
                    + id
                    + ", seed "
                    + seed,
                () -> {
                  List<Path> dangling = d.trees.get(seed).dangling();
                  for (Path p : dangling) {
                    String[] said = coreutils.get(seed).get(p);
                    assertTrue(
                        said[1].startsWith("ok "),
                        p + ": plain realpath resolves a dangling link: " + said[1]);
                    assertEquals("error No such file or directory", said[0], p + " -e");
                    assertEquals("error No such file or directory", answer(id, p), p.toString());
                  }
                  assertTrue(!dangling.isEmpty(), "the tree has dangling links");
                }));
      }
    }
    return tests.stream();
  }

  /** The backend's realpath of {@code p}, as the Python script prints realpath's answer. */
  private static String answer(String id, Path p) {
    try {
      return "ok " + HexFormat.of().formatHex(RandomTree.rawBytes(d.backend(id).realpath(p)));
    } catch (NoSuchFileException e) {
      return "error No such file or directory";
    } catch (FileSystemException e) {
      String reason = String.valueOf(e.getReason());
      // the JDK adds " or unable to access attributes of symbolic link" to strerror(ELOOP)
      String loop = "Too many levels of symbolic links";
      return "error " + (reason.startsWith(loop) ? loop : reason);
    } catch (Exception e) {
      return "threw " + e;
    }
  }
}
