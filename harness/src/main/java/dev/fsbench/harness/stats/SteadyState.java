package dev.fsbench.harness.stats;

import java.util.List;
import java.util.Locale;

/**
 * Whether one fork's measured iterations settled, and from which iteration on: the fork's part in
 * the steady regime.
 *
 * <pre>{@code
 * SteadyState s = SteadyState.of(wallNanos);
 * s.classification(); // WARMUP: faster after a changepoint, and level since
 * s.steadyFrom();     // 23: iterations 23.. are the steady samples
 * }</pre>
 *
 * <h2>The classification</h2>
 *
 * The series is segmented by {@link Changepoints}; the last segment is the candidate steady state.
 * It is rejected ({@link Classification#NO_STEADY_STATE}) when it is shorter than an eighth of the
 * series (at least {@value #MIN_STEADY} iterations: the fork settled too late to measure its
 * level), or when it still drifts: a Mann-Kendall trend test over it rejects "no trend" at {@value
 * #TREND_ALPHA} and its Theil-Sen slope would move the level by more than {@value #TREND_DRIFT} of
 * itself over half the series. A gradual trend is segmented into steps of ordinary length, so the
 * test on the last step is what keeps a series that never stops moving from being reported as
 * steady. Otherwise: {@link Classification#FLAT} without changepoints, {@link
 * Classification#SLOWDOWN} when the last segment is more than {@value #SLOWDOWN} slower than the
 * fastest earlier one, {@link Classification#WARMUP} else.
 *
 * <p>The cap is the series itself: a fork runs a fixed number of iterations (the run's {@code
 * samplesPerFork}), and a state not reached within them is reported as not reached, never guessed.
 *
 * @param classification what the fork did
 * @param changepoints the index at which each segment after the first starts
 * @param steadyFrom the first index of the steady samples, or -1 without a steady state
 */
public record SteadyState(
    Classification classification, List<Integer> changepoints, int steadyFrom) {

  /** How a fork's series behaved (Barrett et al.'s classes). */
  public enum Classification {
    /** One level throughout. */
    FLAT,
    /** Faster after one or more changepoints, then level. */
    WARMUP,
    /** Level at the end, but slower than an earlier level. */
    SLOWDOWN,
    /** Still moving at the end, or settled too late to measure. */
    NO_STEADY_STATE;

    /**
     * {@code flat}, {@code warmup}, {@code slowdown}, {@code no-steady-state}, as run.json spells
     * it.
     */
    public String label() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static Classification ofLabel(String label) {
      return valueOf(label.toUpperCase(Locale.ROOT).replace('-', '_'));
    }

    public boolean steady() {
      return this != NO_STEADY_STATE;
    }
  }

  /**
   * The shortest steady tail: fewer samples cannot show that a level holds, nor a trend test see
   * one.
   */
  static final int MIN_STEADY = 8;

  static final double TREND_ALPHA = 0.05;
  static final double TREND_DRIFT = 0.10;
  static final double SLOWDOWN = 0.05;

  public SteadyState {
    changepoints = List.copyOf(changepoints);
  }

  /** Classifies a fork's measured iterations, in the order they ran. */
  public static SteadyState of(double[] series) {
    int n = series.length;
    List<Integer> starts = Changepoints.segmentStarts(series);
    List<Integer> changepoints = starts.subList(1, starts.size());
    int last = starts.get(starts.size() - 1);
    int minSteady = Math.max(MIN_STEADY, (int) Math.ceil(n / 8.0));
    if (n - last < minSteady) {
      return new SteadyState(Classification.NO_STEADY_STATE, changepoints, -1);
    }
    double[] tail = java.util.Arrays.copyOfRange(series, last, n);
    if (drifts(tail, n)) {
      return new SteadyState(Classification.NO_STEADY_STATE, changepoints, -1);
    }
    if (changepoints.isEmpty()) {
      return new SteadyState(Classification.FLAT, changepoints, 0);
    }
    double level = Distribution.of(tail).median();
    double fastestEarlier = Double.POSITIVE_INFINITY;
    for (int k = 0; k + 1 < starts.size(); k++) {
      double[] segment = java.util.Arrays.copyOfRange(series, starts.get(k), starts.get(k + 1));
      fastestEarlier = Math.min(fastestEarlier, Distribution.of(segment).median());
    }
    Classification c =
        level > fastestEarlier * (1 + SLOWDOWN) ? Classification.SLOWDOWN : Classification.WARMUP;
    return new SteadyState(c, changepoints, last);
  }

  /**
   * A significant monotone trend in the tail that would move its level by more than {@link
   * #TREND_DRIFT} over half the series: a slow trend that a short tail barely shows is still a
   * trend, while a tiny residual drift in a long tail (under 10% over half the series) is below
   * what any verdict resolves.
   */
  static boolean drifts(double[] tail, int seriesLength) {
    if (MannKendall.pValue(tail) >= TREND_ALPHA) {
      return false;
    }
    double level = Distribution.of(tail).median();
    double drift = Math.abs(MannKendall.senSlope(tail)) * seriesLength / 2.0;
    return drift > TREND_DRIFT * level;
  }
}
