package dev.fsbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.bench.Quiet;
import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.model.Suite;
import dev.fsbench.harness.workload.Families;
import dev.fsbench.harness.workload.Family;
import dev.fsbench.harness.workload.matrix.BackendSummary;
import dev.fsbench.harness.workload.matrix.Matrix;
import dev.fsbench.harness.workload.matrix.MatrixSpec;
import dev.fsbench.harness.workload.tree.Scenario;
import dev.fsbench.harness.workload.tree.TreeSnapshot;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Floor;
import dev.fsbench.spi.Op;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
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
    return request(trees, cold, false);
  }

  /** The CLI's request: {@code --quick} runs one fork of each cell, the default three. */
  private static RunRequest request(TreeOptions trees, boolean cold, boolean quick) {
    return new RunRequest(
        List.of(),
        Set.of(),
        Set.of(),
        Set.of(),
        RunRequestDefaults.WARMUPS,
        null,
        quick ? 1 : 3,
        quick,
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
    return TimeUnit.NANOSECONDS.toMinutes(CostEstimate.nanos(request, plans(request, suites)));
  }

  /** The cells of {@code suites} as a run of {@link #BACKENDS} plans them, floors and controls. */
  private static List<CellPlan> plans(RunRequest request, Set<Suite> suites) {
    List<CellPlan> matrix =
        Matrix.plans(
            new MatrixSpec(
                BACKENDS, Set.of(), Set.of(), Set.of(), request.quick(), false, suites, 0));
    return Controls.REPRESENTATIVE.addTo(
        FloorCases.REPRESENTATIVE.addTo(matrix, FLOORS, suites).plans());
  }

  /** The cost model has no default: every family has a cost, and of its own kind. */
  @Test
  void everyFamilyHasACostOfItsKind() {
    for (Op op : Op.values()) {
      Family.Cost cost = Families.of(op.family()).cost();
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
  void everyScenarioHasACostPerIterationOrIsTheBatchOrATreeOfItsSize() {
    for (Scenario scenario : Scenario.values()) {
      OptionalLong nanos = Sampling.iterationNanos(scenario);
      if (nanos.isPresent()) {
        assertTrue(nanos.getAsLong() > 0, scenario.label());
      } else {
        assertTrue(
            scenario == Scenario.BATCH || scenario.isTree(),
            scenario.label() + " has no cost per iteration, and no family's or size's to use");
      }
    }
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

  /** The wait is counted in Quiet's own windows, at least the one every wait ends with. */
  @Test
  void theQuietWaitIsCountedInQuietsWindows() {
    assertEquals(1_850_000L, Sampling.QUIET_WAIT_NANOS);
    assertEquals(
        Math.round(Quiet.WINDOW_NANOS * Sampling.QUIET_WINDOWS_PER_ITERATION),
        Sampling.QUIET_WAIT_NANOS);
    assertTrue(Sampling.QUIET_WAIT_NANOS >= Quiet.WINDOW_NANOS, "at least one window");
  }

  /**
   * A fork of a tree cell pays the wait on every iteration, warmups too, on top of what the model
   * counted before it (tree-1000: a fork's start-up, then 38 iterations of 25 ms); a fork of other
   * calls pays none (stat's batch of 256: 152 iterations of 3.3 ms).
   */
  @Test
  void aTreeForkWaitsOnEveryIterationAndAForkOfOtherCallsNever() {
    Sampling defaults = new Sampling(null, false);
    CellPlan tree = plan("tree-1000");
    assertEquals(38 * 1_850_000L, defaults.quietWaitNanos(tree, 2));
    assertEquals(
        450_000_000L + 38 * 25_000_000L + 38 * 1_850_000L, defaults.estimateNanos(tree, 2));
    assertEquals(10 * 1_850_000L, new Sampling(null, true).quietWaitNanos(tree, 0), "quick");

    CellPlan batch =
        new CellPlan(
            new CellKey("stat", "batch-256", "-", Mode.SYNC, "nio", 0), 256, 0, "x.run", Map.of());
    assertEquals(0, defaults.quietWaitNanos(batch, 2));
    assertEquals(450_000_000L + 152 * 3_300_000L, defaults.estimateNanos(batch, 2));
  }

  /**
   * The wait is a run of sleeps: a machine at another pace waits as long, while the rest of the
   * fork scales with the pace.
   */
  @Test
  void thePaceScalesTheForkButNotTheWait() {
    Sampling slower = new Sampling(null, false, Map.of(), false, new Sampling.Pace(2, 3));
    assertEquals(
        2 * 450_000_000L + 3 * 38 * 25_000_000L + 38 * 1_850_000L,
        slower.estimateNanos(plan("tree-1000"), 2));
  }

  /**
   * A fork of the default length costs the model's average (it was measured over such forks); a
   * quick fork of 12 iterations pays its kind's early excess less the share the average already
   * spreads over it; a longer fork than the default pays less.
   */
  @Test
  void aQuickForkPaysTheEarlyExcessThatADefaultForkAverages() {
    Sampling defaults = new Sampling(null, false);
    Sampling quick = new Sampling(null, true);
    CellPlan batch =
        new CellPlan(
            new CellKey("stat", "batch-256", "-", Mode.SYNC, "nio", 0), 256, 0, "x.run", Map.of());
    assertEquals(0, defaults.earlyNanos(batch, 2));
    assertEquals(0, defaults.earlyNanos(plan("tree-1000"), 2));
    // 25 ms x (1 - 12 / 152), 14 ms x (1 - 12 / 38), 2 ms x (1 - 12 / 102)
    assertEquals(23_026_316L, quick.earlyNanos(batch, 2));
    assertEquals(9_578_947L, quick.earlyNanos(plan("tree-1000"), 2));
    assertEquals(1_764_706L, quick.earlyNanos(plan("single"), 2));
    assertEquals(450_000_000L + 12 * 3_300_000L + 23_026_316L, quick.estimateNanos(batch, 2));
    // --samples 300: 25 ms x (1 - 302 / 152)
    assertEquals(-24_671_053L, new Sampling(300, false).earlyNanos(batch, 2));
    assertEquals(25_000_000L, Sampling.earlyExcessNanos(Scenario.BATCH));
    assertEquals(12, Sampling.EARLY_ITERATIONS);
  }

  /**
   * The estimate of the standard matrix ({@link #BACKENDS}, their floors and controls) grows by its
   * tree iterations times the wait, from what the model said before it counted the wait (the
   * figures of 2e524c7, so of the families it had); without its tree cells it does not change.
   */
  @Test
  void theMatrixGrowsByItsTreeIterationsTimesTheWait() {
    for (boolean quick : List.of(true, false)) {
      RunRequest request = request(TreeOptions.NONE, false, quick);
      // the families 2e524c7 had: lines came after it
      List<CellPlan> plans =
          plans(request, Set.of(Suite.STANDARD)).stream()
              .filter(p -> !p.key().family().equals("lines"))
              .toList();
      List<CellPlan> trees = plans.stream().filter(SamplingTest::isTree).toList();
      List<CellPlan> others = plans.stream().filter(p -> !isTree(p)).toList();
      Sampling sampling = CostEstimate.sampling(request, Map.of());
      long treeIterations =
          trees.stream()
              .mapToLong(p -> (long) request.forks() * (request.warmups() + sampling.samples(p)))
              .sum();
      String which = quick ? "quick" : "default";
      // quick: tree-1000 alone, one fork of 2 + 10; the default: tree-1000 (78 cells) and tree-4
      // (60), three forks of 2 + 36 and 2 + 100
      assertEquals(quick ? 78 : 138, trees.size(), which + " tree cells");
      assertEquals(quick ? 78 * 12 : 3 * (78 * 38 + 60 * 102), treeIterations, which);
      long before = quick ? QUICK_BEFORE_NANOS : DEFAULT_BEFORE_NANOS;
      long othersBefore = quick ? QUICK_OTHERS_NANOS : DEFAULT_OTHERS_NANOS;
      // a default fork's early excess is inside the model's average, a quick fork's nearly all on
      // top of it
      long early = early(request, sampling, plans);
      long othersEarly = early(request, sampling, others);
      assertEquals(quick ? 4_799_789_482L : 0L, early, which + ", early");
      assertEquals(quick ? 4_052_631_616L : 0L, othersEarly, which + ", early, no tree cell");
      assertEquals(
          before + treeIterations * Sampling.QUIET_WAIT_NANOS + early,
          CostEstimate.nanos(request, plans),
          which);
      assertEquals(
          othersBefore + othersEarly,
          CostEstimate.nanos(request, others),
          which + ", no tree cell");
    }
  }

  private static long early(RunRequest request, Sampling sampling, List<CellPlan> plans) {
    return plans.stream()
        .mapToLong(p -> request.forks() * sampling.earlyNanos(p, request.warmups()))
        .sum();
  }

  // What the model said of the standard matrix of BACKENDS before it counted the wait (2e524c7),
  // and of its cells that are not trees.
  private static final long QUICK_BEFORE_NANOS = 153_894_000_000L;
  private static final long QUICK_OTHERS_NANOS = 95_394_000_000L;
  private static final long DEFAULT_BEFORE_NANOS = 1_770_420_000_000L;
  private static final long DEFAULT_OTHERS_NANOS = 1_343_460_000_000L;

  private static boolean isTree(CellPlan plan) {
    return Scenario.ofLabel(plan.key().scenario()).orElseThrow().isTree();
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
