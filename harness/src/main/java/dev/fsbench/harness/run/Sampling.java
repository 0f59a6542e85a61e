package dev.fsbench.harness.run;

import dev.fsbench.harness.model.CellPlan;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How many iterations each fork of a cell runs, and what a run is expected to cost before it
 * starts.
 *
 * <h2>Iterations per fork</h2>
 *
 * A fork runs its warmups, then enough measured iterations for its series to settle and to show a
 * level after it: the first {@value dev.fsbench.harness.stats.Regime#FIRST_USE_SAMPLES} are the
 * first-use regime, the settled rest the steady one. A batch of 256 short calls keeps getting
 * faster for 40 to 60 iterations here (C2 compiles the path in steps, on a compiler thread that
 * shares two cores with the benchmark), and its fresh fixture of 256 files makes an iteration cost
 * about 14 ms: 60 iterations are what the 30-minute budget affords, and a batch whose warmup ends
 * later has no steady state, said so. Long cells (an 8 MiB copy, a tree of 1,000 files) do enough
 * work per iteration to settle within a few, and cost 30-100 ms each, so 20 suffice. A single call
 * costs so little that 100 iterations are cheap, although 100 calls never reach C2: its steady
 * state is the interpreter's or C1's, which is what a program calling it that rarely gets. {@code
 * --samples N} overrides them all.
 *
 * <h2>The cost model</h2>
 *
 * {@link #estimateNanos} is a fork's start-up plus its iterations at the cost per iteration
 * measured on the project's 2-core machine (fixture, timed call, verification and cleanup
 * together). It is a planning figure, printed before a run and used to keep the progress line's
 * "left" honest (scaled by how the run's real pace compares with it); it is never a measurement.
 */
final class Sampling {
  /** Measured iterations per fork, per scenario, unless {@code --samples} says otherwise. */
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

  /**
   * Per iteration, fixture and verification included, as measured in a --quick run and forks of 41
   * iterations.
   */
  private static final Map<String, Long> ITERATION_NANOS =
      Map.of(
          "single", 1_500_000L,
          "batch-256", 14_000_000L,
          "missing-256", 5_000_000L,
          "8MiB", 40_000_000L,
          "preserve-8MiB", 40_000_000L,
          "tree-4", 2_500_000L,
          "tree-1000", 35_000_000L,
          "tree-156k", 6_000_000_000L);

  private final Integer override;
  private final boolean quick;

  /**
   * @param override {@code --samples}, or {@code null} for the defaults
   * @param quick the quick matrix's count instead of the defaults
   */
  Sampling(Integer override, boolean quick) {
    if (override != null && override < 1) {
      throw new IllegalArgumentException("--samples must be at least 1, was " + override);
    }
    this.override = override;
    this.quick = quick;
  }

  private static Map<String, Integer> defaults() {
    Map<String, Integer> m = new LinkedHashMap<>();
    m.put("single", 100);
    m.put("batch-256", 60);
    m.put("missing-256", 60);
    m.put("8MiB", 20);
    m.put("preserve-8MiB", 20);
    m.put("tree-4", 100);
    m.put("tree-1000", 20);
    m.put("tree-156k", 10);
    return Map.copyOf(m);
  }

  /** Measured iterations per fork of {@code plan}. */
  int samples(CellPlan plan) {
    if (override != null) {
      return override;
    }
    if (quick) {
      return plan.key().scenario().equals("tree-156k")
          ? DEFAULT_SAMPLES.get("tree-156k")
          : QUICK_SAMPLES;
    }
    Integer n = DEFAULT_SAMPLES.get(plan.key().scenario());
    if (n == null) {
      throw new IllegalStateException("no sample count for scenario " + plan.key().scenario());
    }
    return n;
  }

  /** The expected cost of one fork of {@code plan} with {@code warmups} warmups. */
  long estimateNanos(CellPlan plan, int warmups) {
    long iteration = ITERATION_NANOS.getOrDefault(plan.key().scenario(), 10_000_000L);
    return FORK_NANOS + iteration * (warmups + samples(plan));
  }
}
