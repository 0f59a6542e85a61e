package dev.fsbench.harness.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.workload.matrix.BackendSummary;
import dev.fsbench.harness.workload.matrix.Matrix;
import dev.fsbench.harness.workload.matrix.MatrixSpec;
import dev.fsbench.harness.workload.verify.VerificationFailure;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every cell of every family fails, with a message naming backend, family, case and mode, when run
 * by a backend that is wrong in that family alone: no verification passes a backend that does
 * nothing.
 */
class BrokenBackendTest {
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

  /**
   * Every case in sync (each case has its own verification: 8MiB, preserve, variants), and each
   * family's quick case in async as well: the mode changes how calls are issued, not what is
   * checked, so one async case per family shows that a failure comes through the async window too.
   */
  @TestFactory
  Stream<DynamicTest> everyCellFailsWithABackendBrokenInItsFamily() {
    return Arrays.stream(Op.values())
        .flatMap(
            op -> {
              BrokenBackend broken = new BrokenBackend(nio, op);
              List<BackendSummary> backends =
                  List.of(new BackendSummary(broken.id(), nio.capabilities()));
              Set<String> family = Set.of(op.family());
              List<CellPlan> plans = new ArrayList<>();
              plans.addAll(
                  Matrix.plans(
                      new MatrixSpec(backends, family, Set.of(), Set.of(Mode.SYNC), false, false)));
              plans.addAll(
                  Matrix.plans(
                      new MatrixSpec(backends, family, Set.of(), Set.of(Mode.ASYNC), true, false)));
              assertTrue(plans.size() >= 3, op + " has cells");
              return plans.stream()
                  .map(
                      plan ->
                          DynamicTest.dynamicTest(
                              plan.key().id(), () -> failsClearly(plan, broken)));
            });
  }

  private void failsClearly(CellPlan plan, FsBackend broken) throws Exception {
    VerificationFailure failure =
        assertThrows(VerificationFailure.class, () -> Workloads.runOnce(plan, broken, sandbox));
    CellKey key = plan.key();
    assertEquals(key, failure.cell());
    String message = failure.getMessage();
    for (String part :
        List.of(
            "backend " + broken.id(),
            "family " + key.family(),
            "case " + key.caseLabel(),
            "mode " + key.mode().label())) {
      assertTrue(message.contains(part), "'" + part + "' missing from: " + message);
    }
    assertTrue(NioWorkloadsTest.isEmpty(sandbox), "left behind: " + NioWorkloadsTest.list(sandbox));
  }
}
