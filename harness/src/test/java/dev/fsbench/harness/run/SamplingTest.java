package dev.fsbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.model.Suite;
import dev.fsbench.harness.workload.matrix.BackendSummary;
import dev.fsbench.harness.workload.matrix.Matrix;
import dev.fsbench.harness.workload.matrix.MatrixSpec;
import dev.fsbench.harness.workload.tree.TreeSnapshot;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Floor;
import dev.fsbench.spi.Op;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Samples per fork by scenario, and the cost model's budget: the standard matrix and the sweep each
 * within the 30 minutes the evidence issue allows with their floors, the real trees behind their
 * own flag.
 */
class SamplingTest {
  private static final List<BackendSummary> BACKENDS =
      List.of(
          new BackendSummary("nio", EnumSet.complementOf(EnumSet.of(Capability.TREE_CONCURRENCY))),
          new BackendSummary("commons-io", EnumSet.of(Capability.POSIX_PERMISSIONS)),
          new BackendSummary("native", EnumSet.allOf(Capability.class)));

  /** The floors backend-native offers, as the catalog probes them. */
  private static final List<BackendCatalog.FloorProbe> FLOORS =
      List.of(
          floor("floor", Floor.Timing.NATIVE_LOOP, EnumSet.allOf(Op.class)),
          floor("floor-find", Floor.Timing.PROCESS, Set.of(Op.READDIR)),
          floor("floor-cp", Floor.Timing.PROCESS, Set.of(Op.CP)),
          floor("floor-rm", Floor.Timing.PROCESS, Set.of(Op.RM)));

  private static BackendCatalog.FloorProbe floor(String id, Floor.Timing timing, Set<Op> ops) {
    return new BackendCatalog.FloorProbe(
        id, id, timing, true, "available", ops, Set.of(), Map.of(), Map.of());
  }

  private static CellPlan plan(String scenario) {
    return new CellPlan(
        new CellKey("readdir", scenario, "-", Mode.SYNC, "nio", 0), 1, 0, "x.run", Map.of());
  }

  @Test
  void aTreesSamplesFallWithItsEntries() {
    Sampling defaults = new Sampling(null, false);
    Map<String, Integer> expected = new LinkedHashMap<>();
    expected.put("tree-4", 100);
    expected.put("tree-16", 100);
    expected.put("tree-64", 80);
    expected.put("tree-256", 36);
    expected.put("tree-1000", 36);
    expected.put("tree-4000", 15);
    expected.put("tree-16000", 10);
    expected.put("tree-156k", 10);
    expected.put("links-dots", 36);
    expected.put("jdk-src", 10);
    expected.put("wide-100k", 10);
    Map<String, Integer> actual = new LinkedHashMap<>();
    expected.keySet().forEach(s -> actual.put(s, defaults.samples(plan(s))));
    assertEquals(expected, actual);
    assertEquals(150, defaults.samples(plan("batch-256")));
    Sampling user =
        new Sampling(null, false, Map.of("user-tree", new Sampling.TreeSize(2_000, 0)), false);
    assertEquals(15, user.samples(plan("user-tree")));
    assertEquals(10, new Sampling(null, true).samples(plan("jdk-src")), "quick");
    assertEquals(3, new Sampling(3, false).samples(plan("tree-64")), "--samples");
  }

  private static RunRequest request(TreeOptions trees, boolean cold) {
    return new RunRequest(
        List.of(),
        Set.of(),
        Set.of(),
        Set.of(),
        RunRequestDefaults.WARMUPS,
        null,
        3,
        false,
        false,
        Path.of("/tmp"),
        null,
        Path.of("/tmp"),
        null,
        Path.of("/tmp"),
        Controls.REPRESENTATIVE,
        null,
        null,
        List.of(),
        List.of(),
        FloorCases.REPRESENTATIVE,
        trees,
        cold);
  }

  private static long minutes(RunRequest request, Set<Suite> suites) {
    List<CellPlan> matrix =
        Matrix.plans(
            new MatrixSpec(BACKENDS, Set.of(), Set.of(), Set.of(), false, false, suites, 0));
    List<CellPlan> plans =
        Controls.REPRESENTATIVE.addTo(
            FloorCases.REPRESENTATIVE.addTo(matrix, FLOORS, suites).plans());
    return TimeUnit.NANOSECONDS.toMinutes(CostEstimate.nanos(request, plans));
  }

  /** The cost model has no default: every family has a cost, and of its own kind. */
  @Test
  void everyFamilyHasACostOfItsKind() {
    for (Op op : Op.values()) {
      Sampling.FamilyCost cost = Sampling.FamilyCost.of(op);
      assertEquals(op.isTree(), cost.isTree(), op + "'s cost is of its kind (batch or tree)");
      assertTrue((op.isTree() ? cost.entryNanos() : cost.batchNanos()) > 0, op + " has a cost");
      if (!op.isTree()) {
        assertEquals(cost.batchNanos(), Sampling.batchIterationNanos(op.family()));
      }
    }
    assertThrows(IllegalArgumentException.class, () -> Sampling.batchIterationNanos("cp"));
    assertThrows(IllegalArgumentException.class, () -> Sampling.batchIterationNanos("nosuch"));
  }

  @Test
  void theStandardMatrixFitsThirtyTwoMinutesAndTheSweepThirty() {
    long standard = minutes(request(TreeOptions.NONE, false), Set.of(Suite.STANDARD));
    long sweep =
        minutes(
            request(
                new TreeOptions(true, false, null, List.of(), TreeSnapshot.Limits.DEFAULT), false),
            Set.of(Suite.SWEEP));
    long real =
        minutes(
            request(
                new TreeOptions(false, true, null, List.of(), TreeSnapshot.Limits.DEFAULT), false),
            Set.of(Suite.REAL_TREES));
    // Over 30 since the tree cells at c2 and tree-1000's 40 iterations (Sampling).
    assertTrue(standard < 32, "the default matrix: " + standard + " minutes");
    assertTrue(sweep < 30, "the sweep: " + sweep + " minutes");
    assertTrue(real > 30, "the real trees need their own flag: " + real + " minutes");
    long cold = minutes(request(TreeOptions.NONE, true), Set.of(Suite.STANDARD));
    assertTrue(cold > standard, "a cold iteration pays for its drop");
  }

  /**
   * The default matrix's rounds are spread: several blocks, each but the last a round span long in
   * the cost model, so that a case's forks run minutes apart (Rounds).
   */
  @Test
  void theStandardMatrixRunsItsRoundsInSeveralBlocks() {
    RunRequest request = request(TreeOptions.NONE, false);
    List<CellPlan> plans =
        Controls.REPRESENTATIVE.addTo(
            FloorCases.REPRESENTATIVE
                .addTo(
                    Matrix.plans(
                        new MatrixSpec(
                            BACKENDS,
                            Set.of(),
                            Set.of(),
                            Set.of(),
                            false,
                            false,
                            Set.of(Suite.STANDARD),
                            0)),
                    FLOORS,
                    Set.of(Suite.STANDARD))
                .plans());
    List<List<CellPlan>> byCase = Rounds.groupByCase(plans);
    List<List<Integer>> blocks =
        Rounds.blocks(
            byCase,
            c -> CostEstimate.nanos(request, c, Map.of()) / request.forks(),
            Rounds.ROUND_SPAN.toNanos());
    assertTrue(blocks.size() >= 3, blocks.size() + " blocks");
    for (List<Integer> block : blocks.subList(0, blocks.size() - 1)) {
      long round =
          block.stream().mapToLong(c -> CostEstimate.nanos(request, byCase.get(c), Map.of())).sum()
              / request.forks();
      assertTrue(round >= Rounds.ROUND_SPAN.toNanos(), "a round of " + round + " ns");
    }
  }

  /** The CLI's defaults, here so the budget test reads like the command it prices. */
  private static final class RunRequestDefaults {
    static final int WARMUPS = 2;
  }
}
