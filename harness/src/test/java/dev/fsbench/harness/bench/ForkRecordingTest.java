package dev.fsbench.harness.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fsbench.harness.workload.Tmpfs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs real JMH benchmarks, in this JVM ({@code forks(0)}) to stay quick: what a fork records,
 * where it puts its fixtures, and how it fails on a backend that writes nothing.
 */
class ForkRecordingTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String JMH_IGNORE_LOCK = "jmh.ignoreLock";

  @TempDir(factory = Tmpfs.class)
  Path dir;

  private Path sandbox;
  private Path samples;
  private final Map<String, String> previous = new HashMap<>();

  @BeforeEach
  void properties() throws IOException {
    sandbox = Files.createDirectory(dir.resolve("sandbox"));
    samples = dir.resolve("samples.jsonl");
    set(ForkSandbox.PROPERTY, sandbox.toString());
    set(SampleLog.PROPERTY, samples.toString());
    // JMH refuses to start while another JMH holds /tmp/jmh.lock (a benchmark or a build elsewhere
    // on the machine).
    // The lock keeps measurements apart; these runs measure nothing, so they must not fail for it.
    set(JMH_IGNORE_LOCK, "true");
  }

  /** Puts back every property as it was before the test (surefire may have set some itself). */
  @AfterEach
  void restoreProperties() {
    previous.forEach(
        (name, value) -> {
          if (value == null) {
            System.clearProperty(name);
          } else {
            System.setProperty(name, value);
          }
        });
    previous.clear();
  }

  private void set(String name, String value) {
    previous.put(name, System.getProperty(name));
    System.setProperty(name, value);
  }

  private static ChainedOptionsBuilder options(
      String family, String backend, String workload, String mode) {
    return new OptionsBuilder()
        .include("^" + FamilyBenchmark.class.getName().replace(".", "\\.") + "\\.run$")
        .param("family", family)
        .param("backend", backend)
        .param("workload", workload)
        .param("mode", mode)
        .forks(0)
        .shouldFailOnError(true)
        .warmupIterations(1)
        .measurementIterations(2)
        .verbosity(VerboseMode.SILENT);
  }

  @Test
  void recordsOneLinePerWarmupAndSampleAndLeavesTheSandboxEmpty() throws Exception {
    Collection<RunResult> results =
        new Runner(options("writeFile", "nio", "batch-256/utf8", "async").build()).run();
    assertEquals(1, results.size());
    assertEquals(2, results.iterator().next().getPrimaryResult().getStatistics().getN());

    List<JsonNode> lines = lines();
    assertEquals(3, lines.size(), lines.toString());
    String cell = "writeFile/batch-256/utf8/async/nio";
    boolean[] warmups = {true, false, false};
    int[] iterations = {0, 0, 1};
    for (int i = 0; i < 3; i++) {
      JsonNode line = lines.get(i);
      assertEquals(cell, line.get("cell").asText());
      assertEquals(warmups[i], line.get("warmup").asBoolean());
      assertEquals(iterations[i], line.get("iteration").asInt());
      assertTrue(line.get("wallNanos").asLong() > 0, line.toString());
      // 256 writes take CPU time, which the nanosecond clock sees (the 10 ms MXBean clock would
      // often read 0).
      assertTrue(line.get("cpuNanos").asLong() > 0, line.toString());
      assertEquals(CpuClock.CLOCK_GETTIME, line.get("cpuClock").asText());
      // 256 writes allocate at least their 256 paths' worth of objects somewhere in the JVM.
      assertTrue(line.get("allocatedBytes").asLong() > 0, line.toString());
    }
    assertSandboxEmpty();
  }

  @Test
  void aTreeBenchmarkTakesItsConcurrencyParameter() throws Exception {
    new Runner(options("readdir", "nio", "tree-4", "sync").param("concurrency", "1").build()).run();
    List<JsonNode> lines = lines();
    assertEquals(3, lines.size());
    assertEquals("readdir/tree-4/-/sync/nio-c1", lines.get(0).get("cell").asText());
    assertSandboxEmpty();
  }

  @Test
  void aBackendThatWritesNothingFailsTheBenchmarkAfterRecordingWhy() throws Exception {
    assertThrows(
        RunnerException.class,
        () ->
            new Runner(
                    options("writeFile", "test-broken-writefile", "single/buffer", "sync").build())
                .run());
    List<JsonNode> lines = lines();
    assertEquals(1, lines.size(), "the failure, and no sample: " + lines);
    JsonNode failure = lines.get(0);
    assertEquals(
        "writeFile/single/buffer/sync/test-broken-writefile", failure.get("cell").asText());
    String message = failure.get("failure").asText();
    assertTrue(
        message.startsWith(
            "backend test-broken-writefile, family writeFile, case single buffer, mode sync: "),
        message);
    assertTrue(message.contains("file-0 was not written"), message);
    assertSandboxEmpty();
  }

  @Test
  void aBackendThatIsNotThereFailsTheTrialWithARecordedReason() throws Exception {
    assertThrows(
        RunnerException.class,
        () ->
            new Runner(options("stat", "no-such-backend", "single/default", "async").build())
                .run());
    List<JsonNode> lines = lines();
    assertEquals(1, lines.size(), lines.toString());
    String message = lines.get(0).get("failure").asText();
    assertTrue(
        message.startsWith(
            "backend no-such-backend, family stat, case single default, mode async: "),
        message);
    assertTrue(message.contains("no backend 'no-such-backend'"), message);
    assertSandboxEmpty();
  }

  @Test
  void anUnknownCaseFailsBeforeAnythingIsMade() throws IOException {
    assertThrows(
        RunnerException.class,
        () -> new Runner(options("readFile", "nio", "batch-256", "sync").build()).run());
    assertSandboxEmpty();
  }

  private List<JsonNode> lines() throws IOException {
    List<JsonNode> lines = new ArrayList<>();
    if (Files.exists(samples)) {
      for (String line : Files.readAllLines(samples, StandardCharsets.UTF_8)) {
        lines.add(JSON.readTree(line));
      }
    }
    return lines;
  }

  private void assertSandboxEmpty() throws IOException {
    try (Stream<Path> left = Files.walk(sandbox)) {
      List<Path> entries = new ArrayList<>();
      left.filter(p -> !p.equals(sandbox)).forEach(entries::add);
      assertTrue(entries.isEmpty(), "left in the sandbox: " + entries);
    }
  }
}
