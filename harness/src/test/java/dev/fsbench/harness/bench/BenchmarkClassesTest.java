package dev.fsbench.harness.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.workload.Workloads;
import dev.fsbench.harness.workload.matrix.BackendSummary;
import dev.fsbench.harness.workload.matrix.Matrix;
import dev.fsbench.harness.workload.matrix.MatrixSpec;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
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
 * The JMH benchmark and the matrix agree: every plan names the one generated benchmark and
 * parameters it declares.
 */
class BenchmarkClassesTest {
  @Test
  void theOneBenchmarkTakesTheCellAsParametersWhoseDefaultsNameACell() throws Exception {
    for (String name :
        List.of(
            Matrix.PARAM_FAMILY,
            Matrix.PARAM_WORKLOAD,
            Matrix.PARAM_BACKEND,
            Matrix.PARAM_MODE,
            Matrix.PARAM_CONCURRENCY)) {
      assertNotNull(FamilyBenchmark.class.getField(name).getAnnotation(Param.class), name);
    }
    assertArrayEquals(
        new String[] {"sync", "async"},
        FamilyBenchmark.class.getField(Matrix.PARAM_MODE).getAnnotation(Param.class).value());
    assertArrayEquals(
        new String[] {"0"},
        FamilyBenchmark.class
            .getField(Matrix.PARAM_CONCURRENCY)
            .getAnnotation(Param.class)
            .value());
    for (String mode : List.of("sync", "async")) {
      CellKey key =
          Workloads.cell(
              only(Matrix.PARAM_FAMILY),
              only(Matrix.PARAM_WORKLOAD),
              mode,
              only(Matrix.PARAM_BACKEND),
              Integer.parseInt(only(Matrix.PARAM_CONCURRENCY)));
      assertEquals("access/batch-256/-/" + mode + "/nio", key.id());
    }
    assertNotNull(FamilyBenchmark.class.getMethod("run").getAnnotation(Benchmark.class));
  }

  private static String only(String param) throws NoSuchFieldException {
    String[] values = FamilyBenchmark.class.getField(param).getAnnotation(Param.class).value();
    assertEquals(1, values.length, param);
    return values[0];
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
    assertEquals(Set.of("dev.fsbench.harness.bench.FamilyBenchmark.run"), planned);
    assertEquals(planned, names, "the jar generates the one benchmark and no other");
    for (BenchmarkListEntry entry : generated) {
      if (!planned.contains(entry.getUsername())) {
        continue;
      }
      Set<String> declared = entry.getParams().get().keySet().stream().collect(Collectors.toSet());
      Set<String> families = new TreeSet<>();
      for (CellPlan plan : plans) {
        assertTrue(declared.containsAll(plan.params().keySet()), plan.key().id());
        String family = plan.params().get(Matrix.PARAM_FAMILY);
        assertEquals(plan.key().family(), family, plan.key().id());
        families.add(family);
        assertEquals(
            plan.key().concurrency() != 0 || Op.ofFamily(family).isTree(),
            plan.params().containsKey(Matrix.PARAM_CONCURRENCY),
            "a tree cell names its concurrency, another cell leaves the default: "
                + plan.key().id());
      }
      assertEquals(Op.values().length, families.size(), "every family is planned");
      assertEquals(Mode.SingleShotTime, entry.getMode());
    }
  }
}
