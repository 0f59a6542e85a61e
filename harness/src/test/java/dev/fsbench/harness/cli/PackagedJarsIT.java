package dev.fsbench.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.workload.matrix.BackendSummary;
import dev.fsbench.harness.workload.matrix.Matrix;
import dev.fsbench.harness.workload.matrix.MatrixSpec;
import dev.fsbench.spi.Capability;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two jars {@code package} builds, run as their users run them ({@code java -jar}), after the
 * build: {@code benchmarks.jar} is plain JMH, and {@code fsbench.jar} takes backends from outside
 * jars with nothing on its class path but itself.
 */
class PackagedJarsIT {
  @TempDir Path dir;

  @Test
  void benchmarksJarIsJmhsOwnMainAndListsTheOneBenchmark() throws Exception {
    String listed = java(Map.of(), "-jar", jar("benchmarks.jar"), "-l");
    Set<String> expected =
        Matrix.plans(
                MatrixSpec.all(List.of(new BackendSummary("any", EnumSet.allOf(Capability.class)))))
            .stream()
            .map(CellPlan::benchmark)
            .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(Set.of("dev.fsbench.harness.bench.FamilyBenchmark.run"), expected);
    Set<String> lines = listed.lines().map(String::strip).collect(Collectors.toSet());
    assertTrue(lines.containsAll(expected), listed);
    assertTrue(java(Map.of(), "-jar", jar("benchmarks.jar"), "-lprof").contains("gc:"));
  }

  @Test
  void fsbenchJarTakesAnOutsideBackendFromTheOptionAndFromTheEnvironment() throws Exception {
    Path outside = OutsideBackendJar.build(dir, "test-outside");
    String viaOption =
        java(Map.of(), "-jar", jar("fsbench.jar"), "--classpath", outside.toString(), "backends");
    assertTrue(viaOption.contains("test-outside  available"), viaOption);
    assertTrue(viaOption.contains("  jar:          " + outside), viaOption);
    String viaEnvironment =
        java(
            Map.of("FSBENCH_CLASSPATH", outside.toString()),
            "-jar",
            jar("fsbench.jar"),
            "backends");
    assertTrue(viaEnvironment.contains("test-outside  available"), viaEnvironment);
  }

  private static String jar(String property) {
    String path = System.getProperty(property);
    assertTrue(path != null && Files.isRegularFile(Path.of(path)), property + " = " + path);
    return path;
  }

  /** Runs a JVM of this JDK, returns its output, and fails unless it exits 0 within a minute. */
  private String java(Map<String, String> environment, String... args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of(args));
    Path output = Files.createTempFile(dir, "java", ".out");
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.redirectOutput(output.toFile());
    builder.environment().remove("FSBENCH_CLASSPATH");
    builder.environment().putAll(environment);
    Process process = builder.start();
    if (!process.waitFor(1, TimeUnit.MINUTES)) {
      process.destroyForcibly().waitFor();
      throw new AssertionError(command + " did not finish within a minute");
    }
    String text = Files.readString(output, StandardCharsets.UTF_8);
    assertEquals(0, process.exitValue(), command + "\n" + text);
    return text;
  }
}
