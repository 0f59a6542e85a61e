package dev.fsbench.harness.stats;

import java.util.Arrays;
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
 * The series is segmented by {@link Changepoints}; the last segment is where the steady window may
 * start. The window is the longest tail from there on that is <em>practically</em> flat: a tail
 * drifts when a Mann-Kendall test over it rejects "no trend" at {@value #TREND_ALPHA} <em>and</em>
 * its Theil-Sen slope moves the level by more than {@value #PRACTICAL_DRIFT} of itself over the
 * tail's own length; while it drifts, the window's start moves one iteration later. A fork with no
 * such window of at least an eighth of the series (and {@value #MIN_STEADY} iterations) has {@link
 * Classification#NO_STEADY_STATE}: it never stopped moving, or it settled too late to measure its
 * level.
 *
 * <p>Both conditions are needed: with 60 to 100 iterations Mann-Kendall alone calls a 0.1% drift
 * per iteration significant, far below what any verdict resolves, while a slope alone is noise's as
 * often as a trend's in a short tail. A gradual trend is segmented into steps of ordinary length,
 * and the trend test over the last of them is what keeps a series that never stops moving from
 * being steady. Its power on a short noisy tail is the method's limit: of series that fall 40% from
 * first to last iteration with 5% noise, a fifth of those of 60 iterations are found not steady
 * (SteadyStateTest and DESIGN.md, "Verdicts that survive a second run", say which trends are
 * caught).
 *
 * <p>Then: {@link Classification#FLAT} when the window is the whole series, {@link
 * Classification#SLOWDOWN} when the window is more than {@value #SLOWDOWN} slower than the fastest
 * segment before it, {@link Classification#WARMUP} else.
 *
 * <p>Measured on two full runs of one commit (DESIGN.md, "Verdicts that survive a second run"):
 * with the window fixed at the last segment and Mann-Kendall deciding on a drift extrapolated to
 * half the series, 26% of the forks had no steady state; the search leaves 9% without one.
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
    /** Faster after one or more changepoints, or a trend, then level. */
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

  /**
   * The largest drift over the window, relative to its level, that still counts as flat: the median
   * of a window whose level moves 3% from one end to the other is within 1.5% of either end, well
   * inside the spread between forks (9-15%).
   */
  static final double PRACTICAL_DRIFT = 0.05;

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
    int latest = n - minSteady;
    int from = last;
    while (from <= latest && drifts(Arrays.copyOfRange(series, from, n))) {
      from++;
    }
    if (from > latest) {
      return new SteadyState(Classification.NO_STEADY_STATE, changepoints, -1);
    }
    if (from == 0) {
      return new SteadyState(Classification.FLAT, changepoints, 0);
    }
    double level = Distribution.of(Arrays.copyOfRange(series, from, n)).median();
    double fastestEarlier = Double.POSITIVE_INFINITY;
    for (int k = 0; k + 1 < starts.size(); k++) {
      double[] segment = Arrays.copyOfRange(series, starts.get(k), starts.get(k + 1));
      fastestEarlier = Math.min(fastestEarlier, Distribution.of(segment).median());
    }
    Classification c =
        level > fastestEarlier * (1 + SLOWDOWN) ? Classification.SLOWDOWN : Classification.WARMUP;
    return new SteadyState(c, changepoints, from);
  }

  /**
   * Whether a candidate window still moves: a significant monotone trend (Mann-Kendall, tested
   * first because it is the cheaper) whose Theil-Sen slope moves the level by more than {@link
   * #PRACTICAL_DRIFT} over the window's length.
   */
  static boolean drifts(double[] window) {
    if (MannKendall.pValue(window) >= TREND_ALPHA) {
      return false;
    }
    double level = Distribution.of(window).median();
    double drift = Math.abs(MannKendall.senSlope(window)) * window.length;
    return drift > PRACTICAL_DRIFT * level;
  }
}
