package dev.fsbench.harness.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.workload.matrix.BackendSummary;
import dev.fsbench.harness.workload.matrix.Matrix;
import dev.fsbench.harness.workload.matrix.MatrixSpec;
import dev.fsbench.harness.workload.verify.VerificationFailure;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Floor;
import dev.fsbench.spi.FloorRunner;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import java.lang.reflect.Proxy;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every sync case of every family through the floors, on the fixtures and with the verification of
 * the backends' cells: the library's loop ({@code floor}) for all 27 families, the system tools for
 * readdir, cp and rm. Each cell runs two samples in one trial, so that the floor's native memory is
 * reused from one batch to the next as it is in a benchmark.
 */
class FloorWorkloadsTest {
  @TempDir(factory = Tmpfs.class)
  Path sandbox;

  private static Floor available(String id) {
    Floor floor =
        Backends.floor(id).orElseThrow(() -> new AssertionError("no floor " + id + " is offered"));
    Assumptions.assumeTrue(
        floor.availability().isAvailable(),
        () -> "floor " + id + " is unavailable here: " + floor.availability().reason());
    return floor;
  }

  private static List<CellPlan> syncCells(Floor floor) {
    BackendSummary summary = new BackendSummary(floor.id(), floor.capabilities());
    return Matrix.plans(MatrixSpec.all(List.of(summary))).stream()
        .filter(p -> p.key().mode() == Mode.SYNC && p.key().concurrency() == 0)
        .filter(p -> floor.families().contains(Op.ofFamily(p.key().family())))
        .toList();
  }

  private void twoSamples(CellPlan plan, Floor floor) throws Exception {
    try (FloorRunner runner = floor.open();
        CellWorkload cell = Workloads.openFloor(plan.key(), runner, sandbox)) {
      for (int sample = 0; sample < 2; sample++) {
        cell.prepareIteration();
        assertTrue(cell.floorNanos().isEmpty(), "no time before the run");
        cell.run();
        assertTrue(cell.floorNanos().getAsLong() > 0, "the floor timed itself");
        cell.verifyIteration();
        cell.cleanIteration();
      }
    }
    assertTrue(NioWorkloadsTest.isEmpty(sandbox), "left behind: " + NioWorkloadsTest.list(sandbox));
  }

  @TestFactory
  Stream<DynamicTest> everySyncCaseOfEveryFamilyVerifiesThroughTheLibrarysLoop() {
    Floor floor = available("floor");
    List<CellPlan> plans = syncCells(floor);
    assertEquals(75, plans.size(), "every case of the 27 families, sync");
    return plans.stream()
        .map(plan -> DynamicTest.dynamicTest(plan.key().id(), () -> twoSamples(plan, floor)));
  }

  @TestFactory
  Stream<DynamicTest> theToolsVerifyOnTheSameTrees() {
    return Stream.of("floor-find", "floor-cp", "floor-rm")
        .flatMap(
            id -> {
              Floor floor = available(id);
              List<CellPlan> plans = syncCells(floor);
              assertEquals(2, plans.size(), id + ": tree-4 and tree-1000");
              return plans.stream()
                  .map(
                      plan ->
                          DynamicTest.dynamicTest(plan.key().id(), () -> twoSamples(plan, floor)));
            });
  }

  @Test
  void aFloorRunsSyncCellsOnly() throws Exception {
    Floor floor = available("floor");
    CellKey async = new CellKey("stat", "single", "default", Mode.ASYNC, "floor", 0);
    try (FloorRunner runner = floor.open()) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> Workloads.openFloor(async, runner, sandbox));
      assertTrue(e.getMessage().contains("sync cells only"), e.getMessage());
    }
    assertTrue(NioWorkloadsTest.isEmpty(sandbox));
  }

  /** A floor that records and then does nothing: its samples must fail verification. */
  @Test
  void aFloorThatDoesNothingFailsVerification() throws Exception {
    for (String family : List.of("unlink", "stat", "readdir")) {
      String scenario = family.equals("readdir") ? "tree-4" : "batch-256";
      String variant = family.equals("stat") ? "default" : CellKey.NO_VARIANT;
      CellKey key = new CellKey(family, scenario, variant, Mode.SYNC, "test-nothing", 0);
      VerificationFailure f =
          assertThrows(
              VerificationFailure.class,
              () -> {
                try (FloorRunner nothing = new NothingFloor()) {
                  CellWorkload cell = Workloads.openFloor(key, nothing, sandbox);
                  try (cell) {
                    cell.prepareIteration();
                    cell.run();
                    cell.verifyIteration();
                  }
                }
              });
      assertTrue(f.getMessage().contains("backend test-nothing, family " + family), f.getMessage());
    }
    assertFalse(NioWorkloadsTest.list(sandbox).size() > 1, "the trials removed their fixtures");
  }

  /** Records nothing, runs nothing, returns null for every call. */
  private static final class NothingFloor implements FloorRunner {
    private final FsBackend recorder =
        (FsBackend)
            Proxy.newProxyInstance(
                FsBackend.class.getClassLoader(),
                new Class<?>[] {FsBackend.class},
                (proxy, method, args) -> {
                  switch (method.getName()) {
                    case "id":
                      return "test-nothing";
                    case "capabilities":
                      return Set.copyOf(EnumSet.allOf(Capability.class));
                    case "fileSystem":
                      return FileSystems.getDefault();
                    default:
                      return method.getReturnType() == boolean.class ? false : null;
                  }
                });

    @Override
    public FsBackend recorder() {
      return recorder;
    }

    @Override
    public void prepare() {}

    @Override
    public long run() {
      return 1;
    }

    @Override
    public Object result(int call) {
      return null;
    }

    @Override
    public void close() {}
  }
}
