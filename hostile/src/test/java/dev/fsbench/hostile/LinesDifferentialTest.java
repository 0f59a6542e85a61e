package dev.fsbench.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * lines of every backend against Python's text files ({@code /usr/bin/python3}: {@code open(p,
 * encoding='utf-8', errors='replace', newline=None)}, each line without its terminator) on seeded
 * files ({@link RandomText}: the three terminators mixed, empty lines, a last line with or without
 * one, multibyte characters, bytes that are not UTF-8, long lines, a CR LF or a character split at
 * the 8 KiB and 64 KiB boundaries), over random ranges, past the end among them.
 *
 * <p>One difference is declared, the JDK's: an encoded surrogate ({@code ED A0..BF ..}) is one
 * U+FFFD from the JDK's UTF-8 decoder, which every backend here decodes with, and one per maximal
 * subpart, two or three, from Python, as Unicode's practice has it ({@link
 * #onlyEncodedSurrogatesDecodeOtherwiseInTheJdk} checks both, sequence by sequence); {@link
 * RandomText} brackets each such sequence, and the expected lines take the JDK's count there. Every
 * other difference fails.
 */
class LinesDifferentialTest {
  private static final int FILES = 40;
  private static final int RANGES = 8;
  private static final char FFFD = '\uFFFD';

  private static Differential d;
  private static final Map<Path, List<String>> python = new LinkedHashMap<>();

  @BeforeAll
  static void files() throws Exception {
    d = new Differential("fsbench-lines-", new long[0]);
    StringBuilder in = new StringBuilder();
    for (long seed = 1; seed <= FILES; seed++) {
      Path file = Files.write(d.root.resolve("text-" + seed), RandomText.make(seed));
      python.put(file, null);
      in.append(HexFormat.of().formatHex(file.toString().getBytes(StandardCharsets.UTF_8)));
      in.append('\n');
    }
    Tools.Result r =
        Tools.run(
            List.of(Tools.PYTHON, "-c", PYTHON),
            in.toString().getBytes(StandardCharsets.US_ASCII),
            60);
    assertEquals(0, r.exit(), () -> "python: " + r.stderr());
    String[] out = r.out().split("\n", -1);
    int i = 0;
    for (Path file : python.keySet()) {
      python.put(file, parse(out[i++]));
    }
  }

  @AfterAll
  static void clean() throws Exception {
    d.close();
  }

  /** Per file (its path in hex on stdin), its line count and each line's UTF-8 in hex after '='. */
  private static final String PYTHON =
      "import sys\n"
          + "for h in sys.stdin.read().split():\n"
          + "    with open(bytes.fromhex(h), encoding='utf-8', errors='replace', newline=None) as f:\n"
          + "        lines = [l[:-1] if l.endswith('\\n') else l for l in f]\n"
          + "    print(len(lines), *('=' + l.encode('utf-8').hex() for l in lines))\n";

  private static List<String> parse(String line) {
    String[] fields = line.split(" ");
    List<String> lines = new ArrayList<>();
    for (int i = 1; i < fields.length; i++) {
      lines.add(
          new String(HexFormat.of().parseHex(fields[i].substring(1)), StandardCharsets.UTF_8));
    }
    assertEquals(Integer.parseInt(fields[0]), lines.size(), line);
    return lines;
  }

  @TestFactory
  Stream<DynamicTest> linesAgainstPython() {
    List<DynamicTest> tests = new ArrayList<>();
    for (String id : Differential.backendIds()) {
      tests.add(
          dynamicTest(
              "lines: " + id + ", " + RANGES + " ranges of each of " + FILES + " seeded files",
              () -> check(id)));
    }
    return tests.stream();
  }

  private static void check(String id) throws Exception {
    List<String> expected = new ArrayList<>();
    List<String> got = new ArrayList<>();
    for (Map.Entry<Path, List<String>> file : python.entrySet()) {
      Path p = file.getKey();
      List<String> all = file.getValue();
      for (long[] range : ranges(p, all.size())) {
        long from = range[0];
        int count = (int) range[1];
        String call = p.getFileName() + " lines " + from + "+" + count + ": ";
        int start = (int) Math.min(from, all.size());
        int end = (int) Math.min(from + count, all.size());
        expected.add(call + show(jdkDecoded(all.subList(start, end))));
        String answer;
        try {
          answer = show(d.backend(id).lines(p, from, count));
        } catch (Exception e) {
          answer = e.toString();
        }
        got.add(call + answer);
      }
    }
    assertEquals(String.join("\n", expected), String.join("\n", got));
  }

  /** The ranges asked of a file of {@code n} lines: the whole, none, its end, past it, random. */
  private static List<long[]> ranges(Path p, int n) {
    Random random = new Random(p.getFileName().toString().hashCode());
    List<long[]> ranges = new ArrayList<>();
    ranges.add(new long[] {0, Integer.MAX_VALUE});
    ranges.add(new long[] {0, 0});
    ranges.add(new long[] {Math.max(0, n - 1), 5});
    ranges.add(new long[] {n, 3});
    ranges.add(new long[] {n + 10L, 1});
    while (ranges.size() < RANGES) {
      ranges.add(new long[] {random.nextInt(n + 3), 1 + random.nextInt(n + 2)});
    }
    return ranges;
  }

  /**
   * Python's lines with the declared difference applied: each bracketed encoded surrogate one
   * U+FFFD, as the JDK decodes it.
   */
  private static List<String> jdkDecoded(List<String> lines) {
    List<String> out = new ArrayList<>();
    String one = RandomText.OPEN + FFFD + RandomText.CLOSE;
    for (String line : lines) {
      out.add(
          line.replace(RandomText.OPEN + "\uFFFD\uFFFD\uFFFD" + RandomText.CLOSE, one)
              .replace(RandomText.OPEN + "\uFFFD\uFFFD" + RandomText.CLOSE, one));
    }
    return out;
  }

  /** Lines as one readable string: short ones escaped, long ones by length and digest. */
  private static String show(List<String> lines) {
    List<String> shown = new ArrayList<>();
    for (String line : lines) {
      if (line.length() > 120) {
        shown.add(
            "<"
                + line.length()
                + " chars, sha256 "
                + Values.digest(line.getBytes(StandardCharsets.UTF_8)).substring(0, 16)
                + ">");
      } else {
        StringBuilder s = new StringBuilder();
        line.codePoints()
            .forEach(
                c -> {
                  if (c >= 0x20 && c < 0x7F) {
                    s.appendCodePoint(c);
                  } else {
                    s.append(String.format("\\u{%X}", c));
                  }
                });
        shown.add(s.toString());
      }
    }
    return "n=" + lines.size() + " " + shown;
  }

  /**
   * The declared difference, sequence by sequence: Python replaces each sequence of {@link
   * RandomText#INVALID} and {@link RandomText#SURROGATES} with one U+FFFD per maximal subpart (the
   * count written beside it), and the JDK's decoder agrees except on the surrogates, which it
   * replaces with one. A JDK or a Python that decodes otherwise fails here first.
   */
  @Test
  void onlyEncodedSurrogatesDecodeOtherwiseInTheJdk() throws Exception {
    List<RandomText.Invalid> all = new ArrayList<>(RandomText.INVALID);
    all.addAll(RandomText.SURROGATES);
    StringBuilder in = new StringBuilder();
    for (RandomText.Invalid s : all) {
      in.append(s.hex()).append("41\n");
    }
    Tools.Result r =
        Tools.run(
            List.of(
                Tools.PYTHON,
                "-c",
                "import sys\n"
                    + "for h in sys.stdin.read().split():\n"
                    + "    print(bytes.fromhex(h).decode('utf-8', 'replace').count('\\ufffd'))\n"),
            in.toString().getBytes(StandardCharsets.US_ASCII),
            60);
    assertEquals(0, r.exit(), () -> "python: " + r.stderr());
    String[] counts = r.out().split("\n");
    List<String> expected = new ArrayList<>();
    List<String> got = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      RandomText.Invalid s = all.get(i);
      byte[] bytes = HexFormat.of().parseHex(s.hex() + "41");
      long jdk = new String(bytes, StandardCharsets.UTF_8).chars().filter(c -> c == FFFD).count();
      int jdkExpected = RandomText.SURROGATES.contains(s) ? 1 : s.replacements();
      expected.add(s.hex() + " python " + s.replacements() + " jdk " + jdkExpected);
      got.add(s.hex() + " python " + counts[i] + " jdk " + jdk);
    }
    assertEquals(String.join("\n", expected), String.join("\n", got));
  }
}
