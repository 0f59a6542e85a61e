package dev.fsbench.harness.run;

import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.workload.matrix.BackendSummary;
import dev.fsbench.harness.workload.matrix.Matrix;
import dev.fsbench.harness.workload.matrix.MatrixSpec;
import dev.fsbench.spi.Capability;
import java.io.IOException;
import java.io.PrintStream;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Measures how this machine's pace compares with the cost model's ({@link Sampling.Pace}) before a
 * run prints its estimate: the model's constants come from one day of the project's machine, whose
 * speed varies about twofold from day to day, and a quick run estimated at 2:33 took 5:17 on a slow
 * one.
 *
 * <p>Two forks of one known cell, nio's {@code mkdir batch-256 sync} (22 ms an iteration in the
 * model: 256 fresh directories, so the filesystem under the sandbox counts too), one with {@value
 * #SHORT} measured iteration and one with {@value #LONG}, each timed whole from the runner's side.
 * Their difference is {@value #LONG} less {@value #SHORT} iterations, which gives the cost of one;
 * the short fork less its iterations gives a fork's start-up. Each over the model's is the pace;
 * factors are held within [{@value #LEAST}, {@value #MOST}] so that one disturbed fork cannot make
 * the estimate absurd. It costs about two seconds, and a fork that fails leaves the model as it is,
 * with a note. Nothing of it is a measurement of a backend: no sample is kept.
 *
 * <p>A fork's first iterations cost more than its average ({@link Sampling#earlyExcessNanos}), but
 * that excess sits mostly in the first three, which both forks run: the iterations their difference
 * counts held under 1% of it (nio's mkdir in the default runs of 2026-12-06: 4.5 ms over 30
 * iterations of 22), so the pace is read against the model's average as it is.
 */
final class Calibration {
  static final int SHORT = 1;
  static final int LONG = 31;
  static final double LEAST = 0.25;
  static final double MOST = 8;
  private static final String FAMILY = "mkdir";

  private Calibration() {}

  /** The cell both forks run: nio's mkdir, batch-256, sync. */
  static CellPlan cell() {
    BackendSummary nio = new BackendSummary("nio", EnumSet.allOf(Capability.class));
    return Matrix.plans(
            new MatrixSpec(
                List.of(nio), Set.of(FAMILY), Set.of("batch-256"), Set.of(Mode.SYNC), false, false))
        .get(0);
  }

  /**
   * The pace of {@code fork}s of {@link #cell()} against the model, or the model's if one fails.
   */
  static Sampling.Pace measure(ForkRunner fork, int warmups, LongSupplier clock, PrintStream notes)
      throws IOException {
    CellPlan plan = cell();
    long shortNanos;
    long longNanos;
    try {
      long t0 = clock.getAsLong();
      fork.run(plan, "calibration-short", SHORT);
      long t1 = clock.getAsLong();
      fork.run(plan, "calibration-long", LONG);
      long t2 = clock.getAsLong();
      shortNanos = t1 - t0;
      longNanos = t2 - t1;
    } catch (JmhCell.CellFailure e) {
      notes.println(
          "fsbench: the calibration fork failed ("
              + e.getMessage()
              + "); the estimate is the cost model's own, for the machine it was measured on");
      return Sampling.Pace.MODEL;
    }
    return pace(shortNanos, longNanos, warmups);
  }

  /** The pace two forks' wall times show, the model's per-fork and per-iteration costs over. */
  static Sampling.Pace pace(long shortNanos, long longNanos, int warmups) {
    double iteration = Math.max(0, (double) (longNanos - shortNanos) / (LONG - SHORT));
    double startup = Math.max(0, shortNanos - iteration * (warmups + SHORT));
    return new Sampling.Pace(
        bounded(startup / Sampling.FORK_NANOS),
        bounded(iteration / Sampling.batchIterationNanos(FAMILY)));
  }

  private static double bounded(double factor) {
    return Math.min(MOST, Math.max(LEAST, factor));
  }

  /** How the pace reads in the line that prints the estimate. */
  static String describe(Sampling.Pace pace) {
    return String.format(
        Locale.ROOT,
        "calibrated here: a fork's start-up %.2fx, an iteration %.2fx the model's",
        pace.startup(),
        pace.iteration());
  }

  /** Runs one fork of a cell with some measured iterations. */
  @FunctionalInterface
  interface ForkRunner {
    void run(CellPlan plan, String name, int samples) throws JmhCell.CellFailure, IOException;
  }
}
