package dev.fsbench.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.CsvExport;
import dev.fsbench.harness.results.Environment;
import dev.fsbench.harness.results.ResultsFolder;
import dev.fsbench.harness.results.RunJson;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.results.SchemaCheck;
import dev.fsbench.harness.workload.Tmpfs;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A backend from outside the build, in a jar compiled at test time ({@link OutsideBackendJar}):
 * {@code --classpath} and {@code FSBENCH_CLASSPATH} make it a backend of every command, the forks
 * included, and bad jars are refused by name. The one test that runs JMH forks also runs them with
 * {@code --target} and {@code --prof gc}, and exports the run as CSV.
 */
class OutsideBackendsTest {
  private static final String ID = "test-outside";

  @TempDir(factory = Tmpfs.class)
  Path dir;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int fsbench(Map<String, String> environment, String... args) {
    return Fsbench.execute(
        args, environment, new PrintWriter(out, true), new PrintWriter(err, true));
  }

  private Path jars() throws IOException {
    return Files.createDirectories(dir.resolve("jars"));
  }

  @Test
  void backendsListsTheOutsideBackendWithItsJarAndForgetsItAfterwards() throws IOException {
    Path jar = OutsideBackendJar.build(jars(), ID);
    String classPath = System.getProperty("java.class.path");
    ClassLoader loader = Thread.currentThread().getContextClassLoader();

    assertEquals(0, fsbench(Map.of(), "--classpath", jar.toString(), "backends"), err.toString());
    String text = out.toString();
    assertTrue(text.contains(ID + "  available"), text);
    assertTrue(text.contains("  description:  built at test time, forwards to nio"), text);
    assertTrue(text.contains("  jar:          " + jar + " (sha256 " + sha256(jar) + ")"), text);
    assertTrue(
        text.contains("    readFile    own: Files.readAllBytes"), "forwarded to nio: " + text);
    assertTrue(text.contains("nio  available"), "the build's own backends stay: " + text);

    out.getBuffer().setLength(0);
    assertEquals(0, fsbench(Map.of(), "backends", "--classpath", jar.toString()), err.toString());
    assertTrue(out.toString().contains(ID + "  available"), "after the command too: " + out);

    assertEquals(classPath, System.getProperty("java.class.path"), "the forks' class path is back");
    assertSame(loader, Thread.currentThread().getContextClassLoader());
    out.getBuffer().setLength(0);
    assertEquals(0, fsbench(Map.of(), "backends"));
    assertFalse(out.toString().contains(ID), "one command's jars do not leak into the next");
  }

  @Test
  void theEnvironmentVariableAddsTheJarAndTheOptionTakesPrecedence() throws IOException {
    Path jar = OutsideBackendJar.build(jars(), ID);
    assertEquals(0, fsbench(Map.of("FSBENCH_CLASSPATH", jar.toString()), "backends"));
    assertTrue(out.toString().contains(ID + "  available"), out.toString());

    out.getBuffer().setLength(0);
    Map<String, String> stale = Map.of("FSBENCH_CLASSPATH", dir.resolve("gone.jar").toString());
    assertEquals(0, fsbench(stale, "--classpath", jar.toString(), "backends"), err.toString());
    assertTrue(out.toString().contains(ID + "  available"), out.toString());
  }

  @Test
  void badJarsAreRefusedByNameBeforeAnythingRuns() throws IOException {
    Path jars = jars();
    Path missing = jars.resolve("missing.jar");
    Path text = Files.writeString(jars.resolve("text.jar"), "not a zip");
    Path empty = OutsideBackendJar.withoutProvider(jars);
    Path clash = OutsideBackendJar.build(jars, "nio");
    Map<Path, String> expected =
        Map.of(
            missing,
            "fsbench: --classpath: " + missing + " does not exist",
            jars,
            "fsbench: --classpath: " + jars + " is not a jar file",
            text,
            "fsbench: --classpath: " + text + " is not a jar",
            empty,
            "fsbench: --classpath: "
                + empty
                + " provides no backend: it has no META-INF/services/dev.fsbench.spi.BackendProvider"
                + " naming a provider class",
            clash,
            "fsbench: backend id 'nio' is provided twice, by ");
    for (Map.Entry<Path, String> bad : expected.entrySet()) {
      err.getBuffer().setLength(0);
      int exit =
          fsbench(
              Map.of(),
              "--classpath",
              bad.getKey().toString(),
              "run",
              "--dry-run",
              "--root",
              dir.toString());
      assertEquals(2, exit, bad.getKey() + ": " + err);
      assertTrue(err.toString().startsWith(bad.getValue()), err.toString());
    }
    err.getBuffer().setLength(0);
    Path good = OutsideBackendJar.build(jars, ID);
    assertEquals(2, fsbench(Map.of(), "--classpath", good + ":" + good, "backends"));
    assertTrue(err.toString().contains("--classpath lists " + good + " twice"), err.toString());
  }

  /** A jar without a provider is fine beside one with: it is a dependency of the backend. */
  @Test
  void aJarWithoutAProviderMayComeAlongAsADependency() throws IOException {
    Path good = OutsideBackendJar.build(jars(), ID);
    Path dependency = OutsideBackendJar.withoutProvider(jars());
    assertEquals(
        0, fsbench(Map.of(), "--classpath", good + ":" + dependency, "backends"), err.toString());
    assertTrue(out.toString().contains(ID + "  available"), out.toString());
    err.getBuffer().setLength(0);
    Path other = Files.copy(dependency, jars().resolve("other.jar"));
    assertEquals(2, fsbench(Map.of(), "--classpath", dependency + ":" + other, "backends"));
    assertTrue(
        err.toString()
            .contains("--classpath: none of [" + dependency + ", " + other + "] provides"),
        err.toString());
  }

  /**
   * {@code run} measures the outside backend in its JMH forks; the same run studies it as the
   * target, gives every fork the gc profiler, and leaves the heap flags to {@code @Fork}.
   */
  @Test
  void runMeasuresTheOutsideBackendInItsForksWithTargetAndProfiler() throws IOException {
    Path jar = OutsideBackendJar.build(jars(), ID);
    Path root = Files.createDirectories(dir.resolve("root"));
    Path folder = dir.resolve("run");
    int exit =
        fsbench(
            Map.of(),
            "--classpath",
            jar.toString(),
            "run",
            "--quick",
            "--families",
            "stat",
            "--modes",
            "sync",
            "--backends",
            "nio," + ID,
            "--target",
            ID,
            "--prof",
            "gc",
            "--warmups",
            "1",
            "--samples",
            "3",
            "--controls",
            "none",
            "--floor",
            "none",
            "--root",
            root.toString(),
            "--out",
            folder.toString());
    assertEquals(0, exit, out + "\n" + err);
    assertEquals(List.of(), SchemaCheck.errors(folder.resolve(RunJson.FILE_NAME)));
    RunRecord run = RunJson.read(folder);

    assertEquals(
        List.of(
            new Environment.OutsideJar(
                jar.getFileName().toString(),
                jar.toString(),
                Files.size(jar),
                sha256(jar),
                List.of(ID))),
        run.environment().outsideJars());
    assertEquals(ID, run.settings().target());
    assertEquals(List.of("gc"), run.settings().profilers());
    CaseRecord stat = run.cases().get(0);
    assertEquals("batch-256 default", stat.caseLabel());
    CaseRecord.BackendResult outside = stat.results().get(ID);
    assertEquals(4, outside.samples().size(), "its fork ran one warmup and three samples");
    for (CaseRecord.BackendResult r : stat.results().values()) {
      CaseRecord.SecondaryMetric alloc = r.secondaryMetrics().get("gc.alloc.rate.norm");
      assertEquals("B/op", alloc.unit(), r.cell() + ": " + r.secondaryMetrics());
      assertEquals(1, alloc.forks().size());
      assertTrue(alloc.median() > 0, "256 stats allocate: " + alloc);
    }

    String report = Files.readString(folder.resolve(ResultsFolder.REPORT_FILE));
    assertTrue(
        report.contains("| family | case | mode | nio ms | " + ID + " ms | " + ID + " vs nio |"),
        report);

    JsonNode jmh;
    try (InputStream in =
        new GZIPInputStream(Files.newInputStream(folder.resolve(ResultsFolder.JMH_FILE)))) {
      jmh = RunJson.mapper().readTree(in);
    }
    for (JsonNode benchmark : jmh) {
      List<String> flags = new ArrayList<>();
      benchmark.get("jvmArgs").forEach(a -> flags.add(a.asText()));
      for (String flag : List.of("-Xms256m", "-Xmx256m", "-XX:+AlwaysPreTouch")) {
        assertEquals(1, flags.stream().filter(flag::equals).count(), flag + " once: " + flags);
      }
      assertTrue(
          flags.stream().anyMatch(f -> f.startsWith("-Dfsbench.sandbox=")), flags.toString());
    }
    try (Stream<Path> left = Files.list(root)) {
      assertEquals(List.of(), left.toList(), "the sandbox must be removed");
    }

    out.getBuffer().setLength(0);
    Path prefix = dir.resolve("export");
    assertEquals(
        0, fsbench(Map.of(), "export", "--csv", folder.toString(), "--out", prefix.toString()));
    List<Map<String, String>> samples = readCsv(dir.resolve("export-samples.csv"));
    List<Map<String, String>> cells = readCsv(dir.resolve("export-cells.csv"));
    assertEquals(8, samples.size(), "two cells of four samples");
    assertEquals(CsvExport.SAMPLE_COLUMNS, List.copyOf(samples.get(0).keySet()));
    assertEquals(4, cells.size(), "two cells, two regimes each");
    assertTrue(cells.get(0).containsKey("gc.alloc.rate.norm (B/op)"), cells.get(0).toString());
    assertEquals(
        String.valueOf(outside.secondaryMetrics().get("gc.alloc.rate.norm").median()),
        cells.stream()
            .filter(c -> c.get("backend").equals(ID))
            .findFirst()
            .orElseThrow()
            .get("gc.alloc.rate.norm (B/op)"));
  }

  private static List<Map<String, String>> readCsv(Path file) throws IOException {
    CsvMapper csv = new CsvMapper();
    csv.enable(CsvParser.Feature.FAIL_ON_MISSING_COLUMNS);
    try (MappingIterator<Map<String, String>> rows =
        csv.readerForMapOf(String.class)
            .with(CsvSchema.emptySchema().withHeader())
            .readValues(file.toFile())) {
      return rows.readAll();
    }
  }

  private static String sha256(Path file) throws IOException {
    try {
      return HexFormat.of()
          .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }
}
