package dev.fsbench.harness.run;

import dev.fsbench.harness.bench.Quiet;
import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.model.TreeShape;
import dev.fsbench.harness.workload.CellWorkload;
import dev.fsbench.harness.workload.Families;
import dev.fsbench.harness.workload.Family;
import dev.fsbench.harness.workload.matrix.Matrix;
import dev.fsbench.harness.workload.tree.PreparedTrees;
import dev.fsbench.harness.workload.tree.Scenario;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * How many iterations each fork of a cell runs, and what a run is expected to cost before it
 * starts.
 *
 * <h2>Iterations per fork</h2>
 *
 * A fork runs its warmups, then enough measured iterations for its series to settle and to show a
 * level after it: the first {@value dev.fsbench.harness.stats.Regime#FIRST_USE_SAMPLES} are the
 * first-use regime, the settled rest the steady one. A batch of 256 short calls keeps getting
 * faster for 100 to 120 iterations here, on JDK 17 and 25 alike (C2 compiles the path in steps, on
 * a compiler thread that shares two cores with the benchmark): forks of 200 iterations of every
 * batch family (2026-12-05) dropped by another 10 to 30% between iterations 80 and 120, nio's stat
 * from 930 to 790 us, native-ffm's from 555 to 385, and were level after. So a batch runs 150
 * iterations, a level of 30 to 50 samples after that; a fork still moving at 142 has no steady
 * state, said so. The 60 of the first baseline ended inside that drop: what it called steady was a
 * level on the way. A batch iteration costs 1 to 22 ms (each family's {@link Family.Cost}). An 8
 * MiB copy does enough work per iteration to settle within a few, and costs 30-100 ms, so 20
 * suffice. A tree of 1,000 files did not: its forks of 20 kept moving, because the harness's own
 * code (the fixture it builds, the copy it verifies) reaches C2 between iterations 10 and 20 of a
 * fork, and a compiler thread then holds one of the two cores through the timed calls of a walk
 * that uses both (DESIGN.md, "The floor, in the same run"); the fork was steady only from there. So
 * a tree of up to 1,500 entries runs 36, a level of 16 after that; a tree's count falls with its
 * size ({@link #treeSamples}), from 100 for a handful of files to 10 from 16,000 entries on, where
 * an iteration runs enough of that code to compile it within a few. A single call costs so little
 * that 100 iterations are cheap, although 100 calls never reach C2: its steady state is the
 * interpreter's or C1's, which is what a program calling it that rarely gets. {@code --samples N}
 * overrides them all.
 *
 * <h2>The cost model</h2>
 *
 * {@link #estimateNanos} is a fork's start-up plus its iterations at the cost per iteration
 * measured on the project's 2-core machine (fixture, timed call, verification and cleanup
 * together). It is a planning figure, printed before a run and used to keep the progress line's
 * "left" honest (scaled by how the run's real pace compares with it); it is never a measurement.
 * This machine is not that one, and its speed varies from day to day: a run measures its own pace
 * first ({@link Calibration}) and scales the fork and iteration parts by it. A tree cell's every
 * iteration also waits, untimed, for a quiet JVM ({@link #QUIET_WAIT_NANOS}), which the model
 * counts apart and does not scale: its windows are sleeps of a fixed length. The costs per
 * iteration are averages over forks of the default length, which hold the excess of their first
 * iterations (code not compiled yet); a shorter fork, a quick one above all, pays that excess
 * nearly whole ({@link #earlyNanos}).
 */
final class Sampling {
  /**
   * Measured iterations per fork of the scenarios that are not trees, unless {@code --samples} says
   * otherwise; a tree's come from {@link #treeSamples}.
   */
  static final Map<String, Integer> DEFAULT_SAMPLES = defaults();

  /**
   * The quick matrix: one fork of 10, the first-use window (a steady state shows only where a fork
   * is flat).
   */
  static final int QUICK_SAMPLES = 10;

  /**
   * A fork's start-up and teardown here, measured as the cost of a fork of one iteration: JVM with
   * the class-data archive (0.04 s), 256 MiB pre-touched (0.11 s), JMH's fork protocol, the
   * backend, and the runner's own work.
   */
  static final long FORK_NANOS = 450_000_000L;

  /** What a fork with a 1 GiB heap pays more for pre-touching it (0.5 s per GiB here). */
  static final long LARGE_HEAP_NANOS = 400_000_000L;

  /**
   * Per iteration of {@code scenario}, fixture and verification included, where the scenario has
   * one figure for every family: the 2026-12-05 baseline's cost of each scenario's cells (runNanos
   * less 0.45 s a fork, over their iterations, both modes and every backend), rounded up. Empty for
   * the batch of 256, whose cost is each family's ({@link Family.Cost}), and for the trees measured
   * by their size ({@link #TREE_FIXED_NANOS} and the family's cost per entry). 16MiB (lines only)
   * is estimated, not measured yet: its middle case decodes 8 MiB of text into lines it skips
   * (8MiB's readFile, its heaviest, costs 22 ms with a fresh file and a byte check every iteration;
   * lines reads the trial's file), its head case 8 KiB. A switch without a default: a new scenario
   * needs its figure, or says it has none.
   */
  static OptionalLong iterationNanos(Scenario scenario) {
    return switch (scenario) {
      case SINGLE -> OptionalLong.of(600_000L);
      case MISSING -> OptionalLong.of(4_000_000L);
      case FILE_8MIB -> OptionalLong.of(22_000_000L);
      case PRESERVE_8MIB -> OptionalLong.of(14_000_000L);
      case FILE_16MIB -> OptionalLong.of(12_000_000L);
      case TREE_4 -> OptionalLong.of(1_000_000L);
      case TREE_1000 -> OptionalLong.of(25_000_000L);
      case TREE_156K -> OptionalLong.of(6_000_000_000L);
      case BATCH,
          TREE_16,
          TREE_64,
          TREE_256,
          TREE_4000,
          TREE_16000,
          JDK_SRC,
          LINKS_DOTS,
          WIDE_100K,
          USER_TREE ->
          OptionalLong.empty();
    };
  }

  /**
   * An iteration of a tree whose size is not known when the estimate is made: the user's tree
   * planned before its survey. A run measures its trees before it prints its estimate.
   */
  static final long UNSURVEYED_TREE_NANOS = 10_000_000L;

  /**
   * A tree iteration of another size: a fixed part and a part per entry, by family ({@link
   * Family.Cost#entryNanos}), from the baseline run's cost of its tree-1000 cells (runNanos less
   * the forks' start-ups, over their iterations): cp copies, checks every byte and removes its
   * copy, rm builds its tree, the others only verify a listing.
   */
  static final long TREE_FIXED_NANOS = 1_500_000L;

  /** The cost of one iteration of a batch of 256 of {@code family}; a tree family has none. */
  private static long batchNanos(String family) {
    Family.Cost cost = Families.of(family).cost();
    if (cost.isTree()) {
      throw new IllegalArgumentException("tree family " + family + " has no batch of 256");
    }
    return cost.batchNanos();
  }

  /** The cost per entry of one tree iteration of {@code family}; a batch family has none. */
  private static long entryNanos(String family) {
    Family.Cost cost = Families.of(family).cost();
    if (!cost.isTree()) {
      throw new IllegalArgumentException("family " + family + " has no tree case");
    }
    return cost.entryNanos();
  }

  /**
   * What cp and rm pay per byte of a prepared tree's files every iteration (rm's copy made before
   * the sample, cp's copy and its check), beyond the per-entry part: about 2 ns a byte on tmpfs.
   */
  static final double TREE_BYTE_NANOS = 2.0;

  /**
   * The windows of the quiet wait ({@link Quiet}) that an iteration of a tree cell pays on average,
   * warmups too: every wait ends with a quiet window, slept a little longer than asked (parkNanos's
   * timer slack and wake-up), and some start with windows in which a compiler thread still ran. In
   * the 2026-12-06 runs, where only the walks that may fan out waited, native's tree cells at the
   * default concurrency (and c2, c4) spent more time outside their timed calls (runNanos less the
   * samples' wallNanos, a fork at a time) than the same cells at c1, which did not wait: over the
   * 180 such pairs of the four runs, 1.8 ms an iteration, in tree-4 (102 iterations a fork) and
   * tree-1000 (38) alike. Fitted over both sizes, run by run, the slope is 1.8 to 2.0 ms an
   * iteration and what is left per fork -19 to +3 ms: the busy windows come with the iterations,
   * not once a fork, so the model has no allowance per fork.
   */
  static final double QUIET_WINDOWS_PER_ITERATION = 1.85;

  /**
   * What the quiet wait costs one iteration of a tree cell ({@link CellWorkload#startsQuiet}):
   * {@link #QUIET_WINDOWS_PER_ITERATION} windows of {@link Quiet#WINDOW_NANOS}.
   */
  static final long QUIET_WAIT_NANOS = Math.round(Quiet.WINDOW_NANOS * QUIET_WINDOWS_PER_ITERATION);

  /**
   * The iterations at the start of a fork that cost more than the fork's average: a quick fork's
   * all of them, its 2 warmups (the default) and {@link #QUICK_SAMPLES}.
   */
  static final int EARLY_ITERATIONS = 2 + QUICK_SAMPLES;

  /**
   * What the first {@link #EARLY_ITERATIONS} of a fork of {@code scenario} cost beyond as many
   * iterations at the fork's average, at the model's pace: the code is not compiled yet. From the
   * four default runs of 2026-12-06 (tmpfs, tmpfs-2, tmpfs-jdk25, tmpfs-routed), per fork the timed
   * part of its first 12 iterations (the samples' wallNanos, warmups included) less 12 times the
   * fork's mean, averaged over the backends' forks of the scenario and divided by the run's
   * calibrated iteration pace (0.96, 1.23, 0.85, 0.79): batch-256 23 to 26 ms (1.7 times the
   * average in the timed part), missing-256 19 to 21, tree-1000 12 to 17, 8MiB 10 to 12, tree-4 7
   * to 9, preserve-8MiB 3 to 5, single 2 (3.3 times, on a part of 0.1 ms). A floor's forks, whose
   * timed work is native, have none. It is an excess, not a factor of the iteration's cost: the
   * batch families' range from 17 to 38 ms (tmpfs and tmpfs-jdk25 alike), access's 20 on iterations
   * of 1 ms, mkdir's 35 on iterations of 22. The untimed part (fixture, verification) is not in the
   * samples and not counted here: a quick run of 2026-12-06 at bf739c7 cost within 2% of the model
   * with this excess in its batch and tree-1000 cells. The sweep's and the real trees' sizes were
   * not measured so: the small ones take tree-4's figure, the large ones tree-1000's, which is
   * under 1% of a fork of theirs. A switch without a default: a new scenario needs its figure.
   */
  static long earlyExcessNanos(Scenario scenario) {
    return switch (scenario) {
      case SINGLE -> 2_000_000L;
      case BATCH -> 25_000_000L;
      case MISSING -> 20_000_000L;
      case FILE_8MIB, FILE_16MIB -> 10_000_000L; // 16MiB (lines) not measured yet: 8MiB's
      case PRESERVE_8MIB -> 4_000_000L;
      case TREE_4, TREE_16, TREE_64 -> 7_500_000L;
      case TREE_256,
          TREE_1000,
          TREE_4000,
          TREE_16000,
          TREE_156K,
          JDK_SRC,
          LINKS_DOTS,
          WIDE_100K,
          USER_TREE ->
          14_000_000L;
    };
  }

  /** What a {@code --cold} iteration pays for sync and the drop, outside the timed region. */
  static final long COLD_NANOS = 50_000_000L;

  /**
   * A tree's size as the cost model needs it.
   *
   * @param entries files, directories and links
   * @param bytes the sizes of its files, summed
   */
  record TreeSize(long entries, long bytes) {
    static TreeSize of(TreeShape shape) {
      return new TreeSize(shape.entries(), shape.bytes());
    }
  }

  private final Integer override;
  private final boolean quick;
  private final Map<String, TreeSize> shapes;
  private final boolean cold;

  /**
   * @param override {@code --samples}, or {@code null} for the defaults
   * @param quick the quick matrix's count instead of the defaults
   * @param shapes the prepared trees' sizes where they are known (the user's tree needs its survey
   *     or snapshot), by scenario; the others are planned with {@link PreparedTrees#plannedEntries}
   * @param cold whether every iteration drops the page cache first
   */
  /**
   * How this machine's pace compares with the one the model's constants were measured on: a fork's
   * start-up and an iteration's cost, each as a factor ({@link Calibration} measures them before a
   * run prints its estimate).
   *
   * @param startup this machine's fork start-up over {@link #FORK_NANOS}
   * @param iteration its iteration cost over the model's
   */
  record Pace(double startup, double iteration) {
    /** The machine the constants were measured on. */
    static final Pace MODEL = new Pace(1, 1);

    Pace {
      if (!(startup > 0) || !(iteration > 0)) {
        throw new IllegalArgumentException("a pace is positive: " + startup + ", " + iteration);
      }
    }
  }

  private final Pace pace;

  Sampling(Integer override, boolean quick, Map<String, TreeSize> shapes, boolean cold, Pace pace) {
    if (override != null && override < 1) {
      throw new IllegalArgumentException("--samples must be at least 1, was " + override);
    }
    this.override = override;
    this.quick = quick;
    this.shapes = Map.copyOf(shapes);
    this.cold = cold;
    this.pace = pace;
  }

  Sampling(Integer override, boolean quick, Map<String, TreeSize> shapes, boolean cold) {
    this(override, quick, shapes, cold, Pace.MODEL);
  }

  Sampling(Integer override, boolean quick) {
    this(override, quick, Map.of(), false);
  }

  private static Map<String, Integer> defaults() {
    Map<String, Integer> m = new LinkedHashMap<>();
    m.put("single", 100);
    m.put("batch-256", 150);
    m.put("missing-256", 150);
    m.put("8MiB", 20);
    m.put("preserve-8MiB", 20);
    m.put("16MiB", 20);
    return Map.copyOf(m);
  }

  /**
   * Measured iterations per fork of a tree of {@code entries} entries: enough for a fork of a small
   * tree to settle and show its level, and few enough that a fork of a large one costs no more than
   * about 10 seconds. The steps give tree-4 100, tree-16 100, tree-64 80, tree-256 36, tree-1000 36
   * (see above: 20 ended inside the compilation of the harness's code), tree-4000 15, and 10 from
   * tree-16000 on (jdk-src, wide-100k, tree-156k).
   */
  static int treeSamples(long entries) {
    if (entries <= 30) {
      return 100;
    }
    if (entries <= 100) {
      return 80;
    }
    if (entries <= 1_500) {
      return 36;
    }
    if (entries <= 6_000) {
      return 15;
    }
    return 10;
  }

  /** Measured iterations per fork of {@code plan}. */
  int samples(CellPlan plan) {
    if (override != null) {
      return override;
    }
    if (quick) {
      return QUICK_SAMPLES;
    }
    String scenario = plan.key().scenario();
    OptionalLong n = defaultSamples(scenario);
    if (n.isEmpty()) {
      throw new IllegalStateException("no sample count for scenario " + scenario);
    }
    return (int) n.getAsLong();
  }

  /**
   * Measured iterations per fork of {@code scenario} by default, empty for a tree whose size is not
   * known yet.
   */
  private OptionalLong defaultSamples(String scenario) {
    OptionalLong entries = entries(scenario);
    if (entries.isPresent()) {
      return OptionalLong.of(treeSamples(entries.getAsLong()));
    }
    Integer n = DEFAULT_SAMPLES.get(scenario);
    return n == null ? OptionalLong.empty() : OptionalLong.of(n);
  }

  /** The entries of tree scenario {@code scenario}, empty when it is no tree or not known yet. */
  private OptionalLong entries(String scenario) {
    TreeSize size = shapes.get(scenario);
    return size != null ? OptionalLong.of(size.entries()) : PreparedTrees.plannedEntries(scenario);
  }

  /**
   * The model's cost of one iteration of a batch of 256 of {@code family}: what {@link Calibration}
   * compares this machine's with.
   */
  static long batchIterationNanos(String family) {
    return batchNanos(family);
  }

  /** The expected cost of one fork of {@code plan} with {@code warmups} warmups. */
  long estimateNanos(CellPlan plan, int warmups) {
    String scenario = plan.key().scenario();
    Scenario known =
        Scenario.ofLabel(scenario)
            .orElseThrow(() -> new IllegalArgumentException("no scenario " + scenario));
    OptionalLong measured = iterationNanos(known);
    long iteration;
    if (known == Scenario.BATCH) {
      iteration = batchNanos(plan.key().family());
    } else if (measured.isPresent()) {
      iteration = measured.getAsLong();
    } else {
      if (!known.isTree()) {
        throw new IllegalStateException("no cost per iteration for scenario " + scenario);
      }
      OptionalLong entries = entries(scenario);
      String family = plan.key().family();
      iteration =
          entries.isPresent()
              ? TREE_FIXED_NANOS + entryNanos(family) * entries.getAsLong()
              : UNSURVEYED_TREE_NANOS;
      if (family.equals("cp") || family.equals("rm")) {
        TreeSize size = shapes.get(scenario);
        long bytes = size != null ? size.bytes() : PreparedTrees.plannedBytes(scenario);
        iteration += (long) (TREE_BYTE_NANOS * bytes);
      }
    }
    if (cold) {
      iteration += COLD_NANOS;
    }
    long fork = FORK_NANOS + (Matrix.needsLargeHeap(scenario) ? LARGE_HEAP_NANOS : 0);
    int iterations = warmups + samples(plan);
    return (long)
            (fork * pace.startup()
                + (iteration * iterations + earlyNanos(plan, warmups)) * pace.iteration())
        + quietWaitNanos(plan, warmups);
  }

  /**
   * What a fork of {@code plan} with {@code warmups} warmups costs beyond its iterations at the
   * model's average, at the model's pace: the average per iteration was measured over forks of the
   * default length, so it holds their early excess ({@link #earlyExcessNanos}) spread over all
   * their iterations. A fork of the default length gets what the average says (nothing here), a
   * quick fork of {@link #EARLY_ITERATIONS} nearly the whole excess, a longer fork less than the
   * average. Where the default length is not known yet (a user's tree before its survey), the
   * excess is added whole.
   */
  long earlyNanos(CellPlan plan, int warmups) {
    String label = plan.key().scenario();
    Scenario scenario =
        Scenario.ofLabel(label)
            .orElseThrow(() -> new IllegalArgumentException("no scenario " + label));
    long excess = earlyExcessNanos(scenario);
    int iterations = warmups + samples(plan);
    double early = (double) Math.min(iterations, EARLY_ITERATIONS) / EARLY_ITERATIONS;
    OptionalLong defaults = defaultSamples(label);
    double spread =
        defaults.isPresent() ? (double) iterations / (warmups + defaults.getAsLong()) : 0;
    return Math.round(excess * (early - spread));
  }

  /**
   * What one fork of {@code plan} with {@code warmups} warmups waits for a quiet JVM: every
   * iteration of a tree cell {@link #QUIET_WAIT_NANOS}, nothing in a cell of other calls. Not
   * scaled by the pace: a window is a sleep of its length on any machine, and the compiler's share
   * of the busy ones is under half the wait.
   */
  long quietWaitNanos(CellPlan plan, int warmups) {
    String scenario = plan.key().scenario();
    Scenario s =
        Scenario.ofLabel(scenario)
            .orElseThrow(() -> new IllegalArgumentException("no scenario " + scenario));
    return CellWorkload.startsQuiet(s) ? QUIET_WAIT_NANOS * (warmups + samples(plan)) : 0;
  }
}
