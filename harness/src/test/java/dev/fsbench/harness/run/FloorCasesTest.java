package dev.fsbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.model.Suite;
import dev.fsbench.harness.workload.matrix.BackendSummary;
import dev.fsbench.harness.workload.matrix.Matrix;
import dev.fsbench.harness.workload.matrix.MatrixSpec;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Floor;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** Which cells the floors get, and where in the plan they go. */
class FloorCasesTest {
  private static final Set<Capability> ALL_CAPABILITIES = EnumSet.allOf(Capability.class);

  private static BackendCatalog.FloorProbe floor(String id, Set<Op> families, Set<Capability> has) {
    return new BackendCatalog.FloorProbe(
        id,
        id + " for tests",
        Floor.Timing.NATIVE_LOOP,
        true,
        "available",
        families,
        has,
        Map.of(),
        Map.of());
  }

  private static List<CellPlan> matrix(Set<String> families, boolean large) {
    BackendSummary nio = new BackendSummary("nio", ALL_CAPABILITIES);
    BackendSummary nat = new BackendSummary("native", ALL_CAPABILITIES);
    return Matrix.plans(
        new MatrixSpec(List.of(nio, nat), families, Set.of(), Set.of(), false, large));
  }

  private static List<String> ids(List<CellPlan> plans) {
    return plans.stream().map(p -> p.key().id()).toList();
  }

  @Test
  void representativeGivesEachFamilysOverviewCaseInSyncAndEveryLargeTree() {
    BackendCatalog.FloorProbe lib = floor("floor", EnumSet.allOf(Op.class), ALL_CAPABILITIES);
    BackendCatalog.FloorProbe find = floor("floor-find", Set.of(Op.READDIR), Set.of());
    FloorCases.Planned planned =
        FloorCases.REPRESENTATIVE.addTo(
            matrix(Set.of("stat", "readdir"), true), List.of(lib, find));
    List<String> floors =
        ids(planned.plans()).stream().filter(id -> id.contains("/floor")).toList();
    assertEquals(
        List.of(
            "readdir/tree-1000/-/sync/floor",
            "readdir/tree-1000/-/sync/floor-find",
            "readdir/tree-156k/-/sync/floor",
            "readdir/tree-156k/-/sync/floor-find",
            "stat/batch-256/default/sync/floor"),
        floors);
    assertEquals(List.of(), planned.omitted());
  }

  private static List<CellPlan> suite(Suite suite, Set<String> families) {
    BackendSummary nio = new BackendSummary("nio", ALL_CAPABILITIES);
    BackendSummary nat = new BackendSummary("native", ALL_CAPABILITIES);
    return Matrix.plans(
        new MatrixSpec(
            List.of(nio, nat), families, Set.of(), Set.of(), false, false, Set.of(suite), 0));
  }

  @Test
  void representativeGivesEverySyncCaseOfTheTreeMatricesButOnlyTheOverviewCaseOfTheStandard() {
    BackendCatalog.FloorProbe lib = floor("floor", EnumSet.allOf(Op.class), ALL_CAPABILITIES);
    BackendCatalog.FloorProbe find = floor("floor-find", Set.of(Op.READDIR), Set.of());
    List<String> sweep =
        ids(
                FloorCases.REPRESENTATIVE
                    .addTo(
                        suite(Suite.SWEEP, Set.of("readdir")),
                        List.of(lib, find),
                        Set.of(Suite.SWEEP))
                    .plans())
            .stream()
            .filter(id -> id.contains("/floor"))
            .toList();
    List<String> expected = new ArrayList<>();
    for (String size :
        List.of(
            "tree-4", "tree-16", "tree-64", "tree-256", "tree-1000", "tree-4000", "tree-16000")) {
      expected.add("readdir/" + size + "/-/sync/floor");
      expected.add("readdir/" + size + "/-/sync/floor-find");
    }
    assertEquals(expected, sweep, "every size of the sweep, sync: the scaling chart draws them");

    List<String> real =
        ids(
                FloorCases.REPRESENTATIVE
                    .addTo(
                        suite(Suite.REAL_TREES, Set.of("glob")),
                        List.of(lib, find),
                        Set.of(Suite.REAL_TREES))
                    .plans())
            .stream()
            .filter(id -> id.contains("/floor"))
            .toList();
    assertEquals(3 * 3, real.size(), "each tree's every pattern (all, top, ext): " + real);
    assertTrue(real.contains("glob/links-dots/top/sync/floor"), real.toString());

    CellKey tree4 = new CellKey("readdir", "tree-4", "-", Mode.SYNC, "floor", 0);
    assertFalse(FloorCases.REPRESENTATIVE.selects(tree4), "tree-4 is no overview case");
    assertTrue(FloorCases.REPRESENTATIVE.selects(tree4, Set.of(Suite.SWEEP)), "but a sweep size");
    assertFalse(
        FloorCases.REPRESENTATIVE.selects(
            new CellKey("readdir", "tree-4", "-", Mode.ASYNC, "floor", 0), Set.of(Suite.SWEEP)),
        "sync only");
    assertFalse(FloorCases.NONE.selects(tree4, Set.of(Suite.SWEEP)));
  }

  @Test
  void aFloorsCellsFollowTheCasesOwnWithTheFloorAsBackendAtConcurrencyZero() {
    BackendCatalog.FloorProbe lib = floor("floor", EnumSet.allOf(Op.class), ALL_CAPABILITIES);
    List<CellPlan> plans =
        FloorCases.ALL.addTo(matrix(Set.of("readdir"), false), List.of(lib)).plans();
    List<String> ids = ids(plans);
    int floor = ids.indexOf("readdir/tree-4/-/sync/floor");
    assertEquals("readdir/tree-4/-/sync/native-c4", ids.get(floor - 1), "after the case's cells");
    assertEquals("readdir/tree-4/-/async/nio", ids.get(floor + 1), "before the next case");
    CellPlan plan = plans.get(floor);
    assertEquals("floor", plan.params().get(Matrix.PARAM_BACKEND));
    assertEquals("0", plan.params().get(Matrix.PARAM_CONCURRENCY));
    assertEquals("readdir", plan.params().get(Matrix.PARAM_FAMILY));
    assertEquals("dev.fsbench.harness.bench.FamilyBenchmark.run", plan.benchmark());
    assertTrue(ids.stream().noneMatch(id -> id.contains("async/floor")), "sync cells only");

    List<CellPlan> withControls = Controls.ALL.addTo(plans);
    List<String> all = ids(withControls);
    assertEquals(
        "readdir/tree-4/-/sync/nio-aa",
        all.get(all.indexOf("readdir/tree-4/-/sync/floor") + 1),
        "the control still closes its case");
  }

  @Test
  void aFloorWithoutTheCapabilityACaseNeedsIsOmittedWithTheReason() {
    BackendCatalog.FloorProbe bare = floor("floor", EnumSet.allOf(Op.class), Set.of());
    FloorCases.Planned planned =
        FloorCases.ALL.addTo(matrix(Set.of("chown"), false), List.of(bare));
    assertTrue(ids(planned.plans()).stream().noneMatch(id -> id.endsWith("/floor")));
    assertEquals(
        List.of("chown/single/-/sync/floor", "chown/batch-256/-/sync/floor"),
        planned.omitted().stream().map(o -> o.cell()).toList());
    assertTrue(planned.omitted().get(0).reason().contains("[OWNERSHIP], which floor floor"));
  }

  @Test
  void noneAddsNothingAndBadLabelsAreRefused() {
    List<CellPlan> plans = matrix(Set.of("stat"), false);
    BackendCatalog.FloorProbe lib = floor("floor", EnumSet.allOf(Op.class), ALL_CAPABILITIES);
    assertEquals(plans, FloorCases.NONE.addTo(plans, List.of(lib)).plans());
    assertEquals(FloorCases.ALL, FloorCases.ofLabel("all"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> FloorCases.ofLabel("some"));
    assertTrue(e.getMessage().contains("--floor must be representative, all or none"));
  }

  @Test
  void theRoutesOfAFloorComeFromItsProbe() {
    Route route = Route.own("fsb_floor: fsb_stat's work looped in the library");
    BackendCatalog.FloorProbe probe =
        new BackendCatalog.FloorProbe(
            "floor",
            "d",
            Floor.Timing.PROCESS,
            true,
            "available",
            Set.of(Op.STAT),
            Set.of(),
            Map.of(Op.STAT, route),
            Map.of("tool.path", "/usr/bin/find"));
    assertEquals("process", probe.info().timing());
    assertEquals(List.of("stat"), probe.info().families());
    assertEquals(route, probe.routes().get(Op.STAT));
  }

  @Test
  void thePlanOfARunHasTheFloorsTheProvidersOfferWhateverBackendsAreSelected() {
    Assumptions.assumeTrue(
        Backends.floor("floor").map(f -> f.availability().isAvailable()).orElse(false),
        "the native library's floor is unavailable in this build");
    RunRequest request =
        new RunRequest(
            List.of("nio"),
            Set.of("chown", "rm"),
            Set.of(),
            Set.of(),
            2,
            null,
            3,
            false,
            false,
            Path.of("/tmp"),
            null,
            Path.of("/tmp/results"),
            null,
            Path.of("."),
            Controls.NONE,
            null,
            null,
            List.of(),
            List.of(),
            FloorCases.REPRESENTATIVE);
    RunPlan plan = RunPlan.of(request);
    assertEquals(List.of("floor", "floor-rm"), plan.floors().stream().map(f -> f.id()).toList());
    List<String> ids = ids(plan.cells());
    assertTrue(ids.contains("chown/batch-256/-/sync/floor"), ids.toString());
    assertTrue(ids.contains("rm/tree-1000/-/sync/floor-rm"), ids.toString());
    assertTrue(ids.stream().noneMatch(id -> id.contains("floor-find")), "no readdir here");
  }
}
