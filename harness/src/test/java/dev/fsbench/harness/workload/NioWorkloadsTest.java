package dev.fsbench.harness.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.workload.matrix.BackendSummary;
import dev.fsbench.harness.workload.matrix.Matrix;
import dev.fsbench.harness.workload.matrix.MatrixSpec;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.FsBackend;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every cell of the default matrix, run once with the real NIO backend: its workload prepares,
 * runs, verifies and leaves nothing behind. A verification that fails on a correct backend is as
 * much a defect as one that passes on a broken one ({@link BrokenBackendTest}).
 */
public class NioWorkloadsTest {
  private static FsBackend nio;

  @TempDir(factory = Tmpfs.class)
  Path sandbox;

  @BeforeAll
  static void createBackend() {
    nio = Backends.create("nio", BackendConfig.DEFAULT);
  }

  @AfterAll
  static void closeBackend() {
    nio.close();
  }

  @TestFactory
  Stream<DynamicTest> everyCellVerifiesWithNio() {
    List<CellPlan> plans =
        Matrix.plans(MatrixSpec.all(List.of(new BackendSummary("nio", nio.capabilities()))));
    assertEquals(150, plans.size(), "75 cases in two modes");
    return plans.stream()
        .map(
            plan ->
                DynamicTest.dynamicTest(
                    plan.key().id(),
                    () -> {
                      Workloads.runOnce(plan, nio, sandbox);
                      assertTrue(isEmpty(sandbox), "left behind: " + list(sandbox));
                    }));
  }

  public static boolean isEmpty(Path dir) throws IOException {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.findAny().isEmpty();
    }
  }

  public static List<Path> list(Path dir) throws IOException {
    try (Stream<Path> entries = Files.walk(dir)) {
      return entries.collect(Collectors.toList());
    }
  }
}
