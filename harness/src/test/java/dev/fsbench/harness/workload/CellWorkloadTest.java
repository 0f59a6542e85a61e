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
import dev.fsbench.harness.workload.verify.Oracle;
import dev.fsbench.harness.workload.verify.VerificationFailure;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.support.ForwardingFsBackend;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lifecycle a JMH trial drives: several samples in a row, each from a fresh fixture, nothing
 * left afterwards.
 */
class CellWorkloadTest {
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
   * Three samples of every family's quick case (sync: the mode does not change the fixtures): a
   * mutating family whose fixture were reused by mistake would fail its second sample (unlink of
   * files already gone, mkdir of directories that exist, links whose nlink is 3).
   */
  @TestFactory
  Stream<DynamicTest> samplesFollowOneAnotherFromFreshFixtures() {
    List<CellPlan> plans =
        Matrix.plans(
            new MatrixSpec(
                List.of(new BackendSummary("nio", nio.capabilities())),
                Set.of(),
                Set.of(),
                Set.of(Mode.SYNC),
                true,
                false));
    return plans.stream()
        .map(
            plan ->
                DynamicTest.dynamicTest(
                    plan.key().id(),
                    () -> {
                      try (CellWorkload workload = Workloads.open(plan.key(), nio, sandbox)) {
                        for (int sample = 0; sample < 3; sample++) {
                          workload.prepareIteration();
                          workload.run();
                          workload.verifyIteration();
                          workload.cleanIteration();
                        }
                      }
                      assertTrue(
                          NioWorkloadsTest.isEmpty(sandbox),
                          "left behind: " + NioWorkloadsTest.list(sandbox));
                    }));
  }

  @Test
  void everyTreeCellAndNoOtherStartsQuiet() throws Exception {
    FsBackend parallel =
        new ForwardingFsBackend(nio) {
          @Override
          public String id() {
            return "parallel";
          }

          @Override
          public Set<Capability> capabilities() {
            EnumSet<Capability> all = EnumSet.copyOf(nio.capabilities());
            all.add(Capability.TREE_CONCURRENCY);
            return all;
          }
        };
    Map<CellKey, Boolean> expected = new LinkedHashMap<>();
    expected.put(new CellKey("readdir", "tree-4", "-", Mode.SYNC, "parallel", 0), true);
    expected.put(new CellKey("readdir", "tree-4", "-", Mode.ASYNC, "parallel", 2), true);
    expected.put(new CellKey("readdir", "tree-4", "-", Mode.SYNC, "parallel", 1), true);
    expected.put(new CellKey("stat", "batch-256", "default", Mode.SYNC, "parallel", 0), false);
    for (Map.Entry<CellKey, Boolean> e : expected.entrySet()) {
      try (CellWorkload workload = Workloads.open(e.getKey(), parallel, sandbox)) {
        assertEquals(e.getValue(), workload.startsQuiet(), e.getKey().id());
      }
    }
    CellKey serialBackend = new CellKey("readdir", "tree-4", "-", Mode.SYNC, "nio", 0);
    try (CellWorkload workload = Workloads.open(serialBackend, nio, sandbox)) {
      assertTrue(workload.startsQuiet(), "nio's tree cell waits as native's does");
    }
  }

  @Test
  void aSampleThatDidNotRunNeverPassesOnTheResultsOfTheOneBefore() throws Exception {
    CellKey key = new CellKey("readFile", "batch-256", "buffer", Mode.ASYNC, "nio", 0);
    try (CellWorkload workload = Workloads.open(key, nio, sandbox)) {
      workload.prepareIteration();
      workload.run();
      workload.verifyIteration();
      workload.prepareIteration();
      VerificationFailure stale =
          assertThrows(VerificationFailure.class, workload::verifyIteration);
      assertTrue(stale.getMessage().contains("never completed"), stale.getMessage());
      assertTrue(
          stale.getMessage().contains("and 251 more"),
          "five shown, the rest counted: " + stale.getMessage());
    }
  }

  @Test
  void openRefusesCellsItCannotRunHonestly() {
    CellKey chown =
        new CellKey("chown", "single", CellKey.NO_VARIANT, Mode.SYNC, "test-limited", 0);
    FsBackend withoutOwnership =
        BrokenBackend.declaringOnly(nio, EnumSet.of(Capability.POSIX_PERMISSIONS));
    IllegalArgumentException lacking =
        assertThrows(
            IllegalArgumentException.class, () -> Workloads.open(chown, withoutOwnership, sandbox));
    assertTrue(lacking.getMessage().contains("OWNERSHIP"), lacking.getMessage());

    CellKey chownForNio = new CellKey("chown", "single", CellKey.NO_VARIANT, Mode.SYNC, "nio", 0);
    IllegalArgumentException otherBackend =
        assertThrows(
            IllegalArgumentException.class,
            () -> Workloads.open(chownForNio, withoutOwnership, sandbox));
    assertTrue(otherBackend.getMessage().contains("not test-limited"), otherBackend.getMessage());

    assertThrows(
        IllegalArgumentException.class,
        () -> Workloads.open(chownForNio, nio, sandbox.resolve("missing")));
    CellKey concurrencyOnAFile = new CellKey("stat", "single", "default", Mode.SYNC, "nio", 4);
    assertThrows(
        IllegalArgumentException.class, () -> Workloads.open(concurrencyOnAFile, nio, sandbox));
    CellKey noSuchCase = new CellKey("stat", "8MiB", "default", Mode.SYNC, "nio", 0);
    assertThrows(IllegalArgumentException.class, () -> Workloads.open(noSuchCase, nio, sandbox));
    assertTrue(Oracle.gone(sandbox.resolve("missing")));
  }
}
