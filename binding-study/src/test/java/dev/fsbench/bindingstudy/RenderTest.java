package dev.fsbench.bindingstudy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code render.py}, which {@code run.sh} calls to put a run's tables into the README: on a small
 * JMH result whose figures are known, its tables and differences; the README around the markers
 * kept; bad input refused without touching the file; and the committed README has the markers.
 */
class RenderTest {
  private static final String BEGIN = "<!-- binding-study:results:begin -->";
  private static final String END = "<!-- binding-study:results:end -->";
  private static final String RARE_BEGIN = "<!-- binding-study:rare-calls:begin -->";
  private static final String RARE_END = "<!-- binding-study:rare-calls:end -->";
  private static final String CRITICAL_BEGIN = "<!-- binding-study:critical-gc:begin -->";
  private static final String CRITICAL_END = "<!-- binding-study:critical-gc:end -->";

  private static Path module;

  @TempDir Path tmp;

  @BeforeAll
  static void findModule() {
    String dir = System.getProperty("fsbench.bindingstudy.dir");
    assertTrue(dir != null, "the build passes the module's directory as fsbench.bindingstudy.dir");
    module = Path.of(dir);
  }

  @Test
  void rendersTheTablesBetweenTheMarkersAndKeepsTheRest() throws Exception {
    Path results = tmp.resolve("2030-01-01.json");
    Files.writeString(
        results,
        "["
            + String.join(
                ",",
                run("EmptyCallBenchmark.jna", null, 40, 1),
                run("EmptyCallBenchmark.jnrFfi", null, 20, 1),
                run("EmptyCallBenchmark.ffm", null, 10, 0.5),
                run("EmptyCallBenchmark.javaMethod", null, 2, 0.1),
                run("PathArgumentBenchmark.jna", "ascii", 100, 2),
                run("PathArgumentBenchmark.jnrFfi", "ascii", 50, 1),
                run("AccessBenchmark.jna", "ascii", 400, 3),
                run("AccessBenchmark.jnrFfi", "ascii", 350, 2),
                run("AccessBenchmark.nioCheckAccess", "ascii", 310, 4),
                run("PathEncodingBenchmark.stringGetBytes", "not-utf8", 25.25, 0.25))
            + "]");
    Files.writeString(tmp.resolve("2030-01-01.env"), "kernel=Linux 6.1\nfixture on=tmpfs\n");
    Path readme = tmp.resolve("README.md");
    Files.writeString(readme, "# before\n\n" + BEGIN + "\nold table\n" + END + "\n\nafter\n");

    Result first = render(results.toString(), readme.toString());
    assertEquals(0, first.exit, first.output);
    String text = Files.readString(readme);
    assertTrue(text.startsWith("# before\n\n" + BEGIN + "\n"), text);
    assertTrue(text.endsWith(END + "\n\nafter\n"), text);
    assertTrue(!text.contains("old table"), text);
    assertTrue(
        text.contains("(1 forks × 5 iterations of 1 s, JDK 25.0.3); kernel Linux 6.1,"), text);
    assertTrue(text.contains("fixture on tmpfs."), text);
    assertTrue(
        text.contains(
            "| empty call: `fsb_abi_version()` | 40.0 ± 1.0 | 20.0 ± 1.0 | 10.0 ± 0.5 | — | — |"
                + " — | — |"
                + " javaMethod 2.0 ± 0.1 |"),
        text);
    assertTrue(
        text.contains(
            "| one path, one syscall: `fsb_access(path, F_OK)` | 400 ± 3.0 | 350 ± 2.0 | — | — |"
                + " — | — | — |"
                + " nioCheckAccess 310 ± 4.0 |"),
        text);
    // JNA: dispatch 40; a path 100 - 40 = 60; access(2) 400 - 100 = 300; above NIO 400 - 310 = 90.
    assertTrue(
        text.contains(
            "| JNA | 40.0 ± 1.0 | 60.0 ± ≈2.2 | — | 300 ± ≈3.6 | — | 90.0 ± ≈5.0 | — | — |"),
        text);
    // jnr-ffi: dispatch 20; a path 50 - 20 = 30; access(2) 350 - 50 = 300; above NIO 40.
    assertTrue(
        text.contains(
            "| jnr-ffi | 20.0 ± 1.0 | 30.0 ± ≈1.4 | — | 300 ± ≈2.2 | — | 40.0 ± ≈4.5 | — | — |"),
        text);
    assertTrue(text.contains("| `stringGetBytes` | — | — | 25.2 ± 0.2 |"), text);

    Result again = render(results.toString(), readme.toString());
    assertEquals(0, again.exit, again.output);
    assertEquals(text, Files.readString(readme), "rendering twice gives the same file");
  }

  @Test
  void rendersRareCallsFromEachForksSettledSamplesIntoTheirOwnBlock() throws Exception {
    // Fork samples in ns: the first is the first call, samples 51-100 the settled part.
    Path results = tmp.resolve("2030-01-02.json");
    Files.writeString(
        results,
        "["
            + String.join(
                ",",
                rare("nio", 900_000, 5_000, 2_000, 2_200, 2_400),
                rare("nativeBackend", 1_500_000, 9_000, 4_000, 4_400, 4_200),
                rare("ffmBackend", 3_000_000, 20_000, 8_000, 8_000, 9_000),
                rare("pathToString", 50_000, 3_000, 800, 1_000, 900),
                rare("pathBytes", 60_000, 3_000, 1_200, 1_200, 1_300),
                rare("jnaPreEncoded", 1_400_000, 4_000, 2_000, 2_100, 2_200),
                rare("ffmCriticalPreEncoded", 2_900_000, 9_000, 5_000, 5_000, 5_000))
            + "]");
    Path readme = tmp.resolve("README.md");
    String steady = BEGIN + "\nthe steady tables stay\n" + END;
    Files.writeString(readme, steady + "\n\n" + RARE_BEGIN + "\nold\n" + RARE_END + "\n");

    Result result = render(results.toString(), readme.toString());
    assertEquals(0, result.exit, result.output);
    String text = Files.readString(readme);
    assertTrue(text.startsWith(steady + "\n\n" + RARE_BEGIN + "\n"), text);
    assertTrue(!text.contains("old"), text);
    assertTrue(text.contains("(3 forks × 2 warmups and 100 single shots, JDK 25.0.3)"), text);
    // nio's forks settle at 2.0, 2.2 and 2.4 us: the median 2.2, the range 2.0-2.4; first calls
    // 900, 905 and 910 us: the median 905.
    assertTrue(
        text.contains(
            "| `nio` | NIO `checkAccess`: the nio backend's access | 2.20 | 2.00 – 2.40 |"
                + " 905.00 |"),
        text);
    // native: 4.2 whole; toString 0.9; encoding 1.2 - 0.9 = 0.3; JNA call 2.1; the rest
    // 4.2 - 1.2 - 2.1 = 0.9; NIO 2.2; 4.2 / 2.2 = 1.91x.
    assertTrue(
        text.contains("| `nativeBackend` | 4.20 | 0.90 | 0.30 | 2.10 | 0.90 | 2.20 | 1.91x |"),
        text);
    assertTrue(
        text.contains("| `ffmBackend` | 8.00 | 0.90 | 0.30 | 5.00 | 1.80 | 2.20 | 3.64x |"),
        text);
    assertTrue(!text.contains("ffmPlainPreEncoded"), "a row the result lacks is left out: " + text);
  }

  @Test
  void rendersTheCriticalCallStudyIntoItsOwnBlock() throws Exception {
    Path results = tmp.resolve("2030-01-03.json");
    Files.writeString(
        results,
        "["
            + critical("critical", 4096, 4000, 3500, 400, 40_000, 150, 500)
            + ","
            + critical("plain", 4096, 4300, 3400, 500, 15_000, 40, 300)
            + "]");
    Path readme = tmp.resolve("README.md");
    String others = BEGIN + "\nsteady\n" + END + "\n" + RARE_BEGIN + "\nrare\n" + RARE_END + "\n";
    Files.writeString(readme, others + CRITICAL_BEGIN + "\nold\n" + CRITICAL_END + "\n");

    Result result = render(results.toString(), readme.toString());
    assertEquals(0, result.exit, result.output);
    String text = Files.readString(readme);
    assertTrue(text.startsWith(others + CRITICAL_BEGIN + "\n"), text);
    assertTrue(text.contains("(3 forks × 5 iterations of 1 s, JDK 25.0.3)"), text);
    // Three iterations, each with the given counts and the slowest 1x, 2x and 3x the given one:
    // critical's 3 x 40,000 us over 3 x 400 safepoints is 100 us each, 150 of 400 slow is 38%.
    assertTrue(
        text.contains(
            "| 4,096 | critical | 4000 ± 10.0 | 3500 ± 10.0 | 400 | 100 | 38% | 1,000 / 1,500 |"),
        text);
    assertTrue(
        text.contains("| 4,096 | plain | 4300 ± 10.0 | 3400 ± 10.0 | 500 | 30 | 8% | 600 / 900 |"),
        text);
  }

  @Test
  void refusesARareCallResultThatIsNotSingleShots() throws Exception {
    Path results = tmp.resolve("run.json");
    Files.writeString(
        results, "[" + rare("nio", 1, 1, 1, 1, 1).replace("\"ss\"", "\"avgt\"") + "]");
    Result result = render(results.toString(), "--stdout");
    assertNotEquals(0, result.exit);
    assertTrue(result.output.contains("not single shots"), result.output);
  }

  @Test
  void refusesAReadmeWithoutMarkersAndLeavesItAlone() throws Exception {
    Path results = tmp.resolve("run.json");
    Files.writeString(results, "[" + run("EmptyCallBenchmark.jna", null, 40, 1) + "]");
    Path readme = tmp.resolve("README.md");
    Files.writeString(readme, "no markers here\n");
    Result result = render(results.toString(), readme.toString());
    assertNotEquals(0, result.exit);
    assertTrue(result.output.contains("no " + BEGIN), result.output);
    assertEquals("no markers here\n", Files.readString(readme));
  }

  @Test
  void refusesAResultThatIsNotTheStudys() throws Exception {
    Path results = tmp.resolve("run.json");
    Files.writeString(
        results,
        "["
            + run("EmptyCallBenchmark.jna", null, 40, 1)
                .replace("dev.fsbench.bindingstudy.", "dev.fsbench.harness.bench.")
            + "]");
    Path readme = tmp.resolve("README.md");
    String before = BEGIN + "\nold\n" + END + "\n";
    Files.writeString(readme, before);
    Result result = render(results.toString(), readme.toString());
    assertNotEquals(0, result.exit);
    assertTrue(result.output.contains("is not a benchmark of the binding study"), result.output);
    assertEquals(before, Files.readString(readme));

    Files.writeString(results, "{\"not\": \"a list\"}");
    Result notAList = render(results.toString(), "--stdout");
    assertNotEquals(0, notAList.exit);
    assertTrue(notAList.output.contains("not a JMH JSON result"), notAList.output);
  }

  @Test
  void theCommittedReadmeHasOneOfEachBlockToReplace() throws IOException {
    String text = Files.readString(module.resolve("README.md"));
    for (String[] markers :
        new String[][] {{BEGIN, END}, {RARE_BEGIN, RARE_END}, {CRITICAL_BEGIN, CRITICAL_END}}) {
      int begin = text.indexOf(markers[0]);
      int end = text.indexOf(markers[1]);
      assertTrue(begin >= 0 && end > begin, "README.md has " + markers[0] + " ... " + markers[1]);
      assertEquals(begin, text.lastIndexOf(markers[0]), "one begin marker");
      assertEquals(end, text.lastIndexOf(markers[1]), "one end marker");
    }
  }

  /** A CriticalGcBenchmark group of one size, its secondary metrics as JMH names them. */
  private static String critical(
      String group,
      int size,
      double read,
      double allocate,
      double safepoints,
      double reachMicros,
      double slowReaches,
      double slowestMicros) {
    String allocator = "allocateBeside" + Character.toUpperCase(group.charAt(0)) + group.substring(1);
    return "{\"benchmark\": \"dev.fsbench.bindingstudy.CriticalGcBenchmark."
        + group
        + "\", \"mode\": \"avgt\", \"forks\": 3, \"measurementIterations\": 5,"
        + " \"measurementTime\": \"1 s\", \"jdkVersion\": \"25.0.3\","
        + " \"params\": {\"size\": \""
        + size
        + "\"}, \"primaryMetric\": {\"score\": 1.0, \"scoreError\": 0.1,"
        + " \"scoreUnit\": \"ns/op\"}, \"secondaryMetrics\": {"
        + metric(group, read, 10, "ns/op")
        + ", "
        + metric(allocator, allocate, 10, "ns/op")
        + ", "
        + metric("safepoints", safepoints, 1, "#")
        + ", "
        + metric("reachMicros", reachMicros, 1, "#")
        + ", "
        + metric("slowReaches", slowReaches, 1, "#")
        + ", "
        + metric("slowestReachMicros", 0, 1, "#", slowestMicros, 2 * slowestMicros, 3 * slowestMicros)
        + "}}";
  }

  private static String metric(String name, double score, double error, String unit) {
    return metric(name, score, error, unit, score, score, score);
  }

  /** A counter's three iterations, in one fork, are its raw data; its score is their sum. */
  private static String metric(
      String name, double score, double error, String unit, double... iterations) {
    double sum = 0;
    StringBuilder raw = new StringBuilder();
    for (double v : iterations) {
      sum += v;
      raw.append(raw.length() == 0 ? "" : ", ").append(v);
    }
    return "\""
        + name
        + "\": {\"score\": "
        + (unit.equals("#") ? sum : score)
        + ", \"scoreError\": "
        + error
        + ", \"scoreUnit\": \""
        + unit
        + "\", \"rawData\": [["
        + raw
        + "]]}";
  }

  /**
   * A RareCallBenchmark row of three forks of 100 single shots: fork k's first sample {@code first
   * + 5000 k}, samples 2-50 {@code early}, 51-100 {@code settled[k]}.
   */
  private static String rare(String method, long first, long early, long... settled) {
    List<String> forks = new ArrayList<>();
    for (int k = 0; k < settled.length; k++) {
      List<String> samples = new ArrayList<>();
      samples.add(Long.toString(first + 5000L * k));
      for (int i = 2; i <= 100; i++) {
        samples.add(Long.toString(i <= 50 ? early : settled[k]));
      }
      forks.add("[" + String.join(", ", samples) + "]");
    }
    return "{\"benchmark\": \"dev.fsbench.bindingstudy.RareCallBenchmark."
        + method
        + "\", \"mode\": \"ss\", \"forks\": "
        + settled.length
        + ", \"warmupIterations\": 2, \"measurementIterations\": 100,"
        + " \"jdkVersion\": \"25.0.3\", \"primaryMetric\": {\"score\": 1.0,"
        + " \"scoreError\": \"NaN\", \"scoreUnit\": \"ns/op\", \"rawData\": ["
        + String.join(", ", forks)
        + "]}}";
  }

  /** One benchmark of a JMH JSON result, as JMH 1.37 writes it (the fields render.py reads). */
  private static String run(String benchmark, String name, double score, double error) {
    return "{\"benchmark\": \"dev.fsbench.bindingstudy."
        + benchmark
        + "\", \"mode\": \"avgt\", \"forks\": 1, \"measurementIterations\": 5,"
        + " \"measurementTime\": \"1 s\", \"jdkVersion\": \"25.0.3\","
        + (name == null ? "" : " \"params\": {\"name\": \"" + name + "\"},")
        + " \"primaryMetric\": {\"score\": "
        + score
        + ", \"scoreError\": "
        + error
        + ", \"scoreUnit\": \"ns/op\"}}";
  }

  private record Result(int exit, String output) {}

  private Result render(String... args) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(List.of("python3", module.resolve("render.py").toString()));
    command.addAll(List.of(args));
    Process process;
    try {
      process = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException e) {
      assumeTrue(false, "python3 is not on the PATH, so render.py cannot run: " + e.getMessage());
      throw e;
    }
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "render.py finished");
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return new Result(process.exitValue(), output);
  }
}
