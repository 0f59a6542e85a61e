package dev.fsbench.harness.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.workload.matrix.BackendSummary;
import dev.fsbench.harness.workload.matrix.Matrix;
import dev.fsbench.harness.workload.matrix.MatrixSpec;
import dev.fsbench.spi.Capability;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The JMH classes and the matrix agree: every plan names a generated benchmark and parameters it
 * declares.
 */
class BenchmarkClassesTest {
  private static final Set<String> TREE_FAMILIES = Set.of("readdir", "glob", "scan", "cp", "rm");

  @Test
  void everyFamilyHasAThinClassListingExactlyItsDefaultCases() throws Exception {
    for (String family : Matrix.families()) {
      Class<?> type =
          Class.forName(
              "dev.fsbench.harness.bench."
                  + Character.toUpperCase(family.charAt(0))
                  + family.substring(1)
                  + "Benchmark");
      Class<?> base = TREE_FAMILIES.contains(family) ? TreeBenchmark.class : FamilyBenchmark.class;
      assertEquals(base, type.getSuperclass(), family);
      Param workload = type.getField(Matrix.PARAM_WORKLOAD).getAnnotation(Param.class);
      assertNotNull(workload, family);
      assertEquals(Matrix.workloads(family, false), List.of(workload.value()), family);
      assertNotNull(type.getMethod("run").getAnnotation(Benchmark.class));
    }
    assertNotNull(FamilyBenchmark.class.getField(Matrix.PARAM_BACKEND).getAnnotation(Param.class));
    assertArrayEquals(
        new String[] {"sync", "async"},
        FamilyBenchmark.class.getField(Matrix.PARAM_MODE).getAnnotation(Param.class).value());
    assertArrayEquals(
        new String[] {"0"},
        TreeBenchmark.class.getField(Matrix.PARAM_CONCURRENCY).getAnnotation(Param.class).value());
  }

  @Test
  void plainJmhRunsTheDesignsSingleShotWithTheRunnersForksAndHeap() {
    assertArrayEquals(
        new Mode[] {Mode.SingleShotTime},
        FamilyBenchmark.class.getAnnotation(BenchmarkMode.class).value());
    assertEquals(2, FamilyBenchmark.class.getAnnotation(Warmup.class).iterations());
    assertEquals(60, FamilyBenchmark.class.getAnnotation(Measurement.class).iterations());
    assertEquals(3, FamilyBenchmark.class.getAnnotation(Fork.class).value());
    assertArrayEquals(
        new String[] {
          "-Xms256m", "-Xmx256m", "-XX:+AlwaysPreTouch", "--enable-native-access=ALL-UNNAMED"
        },
        FamilyBenchmark.class.getAnnotation(Fork.class).jvmArgsAppend(),
        "the flags fsbench run gives its forks");
    assertArrayEquals(
        new String[] {Fork.BLANK_ARGS},
        FamilyBenchmark.class.getAnnotation(Fork.class).jvmArgs(),
        "jvmArgs is the user's (-jvmArgs adds to the benchmark's own flags)");
    assertEquals(
        TimeUnit.MILLISECONDS, FamilyBenchmark.class.getAnnotation(OutputTimeUnit.class).value());
  }

  @Test
  void everyPlanNamesAGeneratedBenchmarkThatDeclaresItsParameters() {
    Set<BenchmarkListEntry> generated =
        BenchmarkList.defaultList()
            .find(
                OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT),
                List.of(".*"),
                List.of());
    Set<String> names =
        generated.stream()
            .map(BenchmarkListEntry::getUsername)
            .collect(Collectors.toCollection(TreeSet::new));
    List<CellPlan> plans =
        Matrix.plans(
            MatrixSpec.all(List.of(new BackendSummary("any", EnumSet.allOf(Capability.class)))));
    Set<String> planned =
        plans.stream().map(CellPlan::benchmark).collect(Collectors.toCollection(TreeSet::new));
    assertEquals(27, planned.size());
    assertTrue(names.containsAll(planned), "generated: " + names);
    for (BenchmarkListEntry entry : generated) {
      if (!planned.contains(entry.getUsername())) {
        continue;
      }
      Set<String> declared = entry.getParams().get().keySet().stream().collect(Collectors.toSet());
      for (CellPlan plan : plans) {
        if (plan.benchmark().equals(entry.getUsername())) {
          assertEquals(declared, plan.params().keySet(), plan.key().id());
        }
      }
      assertEquals(Mode.SingleShotTime, entry.getMode());
    }
  }
}
