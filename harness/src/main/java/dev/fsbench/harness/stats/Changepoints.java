package dev.fsbench.harness.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where the level of one fork's iteration series shifts: the segmentation that {@link SteadyState}
 * classifies.
 *
 * <pre>{@code
 * List<Integer> starts = Changepoints.segmentStarts(wallNanos); // [0, 23]: a new level from iteration 23 on
 * }</pre>
 *
 * <h2>The method</h2>
 *
 * The series is taken on a log scale (a JIT tier that halves the time is the same shift at 2 ms as
 * at 2 us), outliers are pulled in (below), and the segmentation that minimises the Gaussian cost
 * of a change in mean plus a penalty {@value #PENALTY_PER_LOG_N}{@code * ln(n)} per segment is
 * found exactly, by optimal partitioning (dynamic programming over every split, O(n^2); n is at
 * most a few hundred here). Segments shorter than {@value #MIN_SEGMENT} are not allowed. Adjacent
 * segments whose levels differ by less than {@link #MERGE_TOLERANCE} are then merged: a shift that
 * small is below what any verdict in the report resolves, and treating it as a changepoint would
 * only shorten the steady segment. This follows the approach of Barrett et al., "Virtual Machine
 * Warmup Blows Hot and Cold" (OOPSLA 2017), who segment each process's series with PELT and merge
 * equivalent segments; exact partitioning gives the same optimum as PELT's pruned search.
 *
 * <h2>The traps</h2>
 *
 * <ul>
 *   <li><b>The noise scale.</b> The penalty is in units of the noise variance, which is unknown and
 *       must not be inflated by the very shifts being looked for. It is estimated from the first
 *       differences of the series (a level shift moves one difference, noise moves all), by the
 *       median absolute deviation, with a floor of {@link #MIN_NOISE} so that an unusually quiet
 *       series does not turn every 0.1% wobble into a changepoint.
 *   <li><b>Outliers.</b> A single slow sample (a GC, the machine's other tenant) is not a new
 *       level, but a squared cost would pay a segment to isolate it. Each point is clipped to
 *       within {@value #CLIP_SIGMAS} noise scales of the median of its neighbourhood ({@value
 *       #CLIP_WINDOW} points each side), which keeps real shifts (they move the neighbourhood too)
 *       and tames isolated spikes.
 * </ul>
 *
 * Hand-written: no library on the project's dependency list does exact penalised segmentation, and
 * the method is thirty lines that the tests check against series with known changepoints.
 */
public final class Changepoints {
  /** The shortest segment: fewer points cannot tell a level from noise. */
  public static final int MIN_SEGMENT = 5;

  /**
   * The penalty per segment, in units of ln(n) times the noise variance (the "modified BIC" of
   * segmentation).
   */
  static final double PENALTY_PER_LOG_N = 5.0;

  /** Adjacent segments whose means differ by less than this relative amount are one level. */
  static final double MERGE_TOLERANCE = 0.05;

  /** The smallest noise scale assumed, relative (0.5%). */
  static final double MIN_NOISE = 0.005;

  static final double CLIP_SIGMAS = 3;
  static final int CLIP_WINDOW = 3;

  private Changepoints() {}

  /** The index at which each segment of {@code series} starts, ascending; the first is always 0. */
  public static List<Integer> segmentStarts(double[] series) {
    int n = series.length;
    if (n < 2 * MIN_SEGMENT) {
      return List.of(0);
    }
    double[] y = new double[n];
    for (int i = 0; i < n; i++) {
      y[i] = Math.log(Math.max(series[i], 1));
    }
    double sigma = noiseScale(y);
    double[] clipped = clip(y, sigma);
    List<Integer> starts = partition(clipped, sigma);
    return merge(clipped, starts);
  }

  /** Robust standard deviation of the noise, from the first differences: MAD * 1.4826 / sqrt(2). */
  static double noiseScale(double[] y) {
    double[] d = new double[y.length - 1];
    for (int i = 0; i + 1 < y.length; i++) {
      d[i] = y[i + 1] - y[i];
    }
    double med = Distribution.of(d).median();
    for (int i = 0; i < d.length; i++) {
      d[i] = Math.abs(d[i] - med);
    }
    return Math.max(MIN_NOISE, 1.4826 * Distribution.of(d).median() / Math.sqrt(2));
  }

  private static double[] clip(double[] y, double sigma) {
    int n = y.length;
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      int from = Math.max(0, i - CLIP_WINDOW);
      int to = Math.min(n, i + CLIP_WINDOW + 1);
      double local = Distribution.of(Arrays.copyOfRange(y, from, to)).median();
      out[i] = Math.max(local - CLIP_SIGMAS * sigma, Math.min(local + CLIP_SIGMAS * sigma, y[i]));
    }
    return out;
  }

  /** Optimal partitioning: best[t] is the least penalised cost of y[0, t). */
  private static List<Integer> partition(double[] y, double sigma) {
    int n = y.length;
    double[] sum = new double[n + 1];
    double[] squares = new double[n + 1];
    for (int i = 0; i < n; i++) {
      sum[i + 1] = sum[i] + y[i];
      squares[i + 1] = squares[i] + y[i] * y[i];
    }
    double variance = sigma * sigma;
    double penalty = PENALTY_PER_LOG_N * Math.log(n);
    double[] best = new double[n + 1];
    int[] lastStart = new int[n + 1];
    Arrays.fill(best, Double.POSITIVE_INFINITY);
    best[0] = -penalty;
    for (int t = MIN_SEGMENT; t <= n; t++) {
      for (int s = 0; s <= t - MIN_SEGMENT; s++) {
        if (best[s] == Double.POSITIVE_INFINITY) {
          continue;
        }
        int m = t - s;
        double segmentSum = sum[t] - sum[s];
        double cost = (squares[t] - squares[s] - segmentSum * segmentSum / m) / variance;
        double total = best[s] + cost + penalty;
        if (total < best[t]) {
          best[t] = total;
          lastStart[t] = s;
        }
      }
    }
    List<Integer> starts = new ArrayList<>();
    for (int t = n; t > 0; t = lastStart[t]) {
      starts.add(0, lastStart[t]);
    }
    return starts;
  }

  private static List<Integer> merge(double[] y, List<Integer> starts) {
    List<Integer> out = new ArrayList<>(starts);
    double tolerance = Math.log(1 + MERGE_TOLERANCE);
    boolean merged = true;
    while (merged && out.size() > 1) {
      merged = false;
      int closest = -1;
      double smallest = Double.POSITIVE_INFINITY;
      for (int k = 1; k < out.size(); k++) {
        double gap = Math.abs(mean(y, out, k) - mean(y, out, k - 1));
        if (gap < tolerance && gap < smallest) {
          smallest = gap;
          closest = k;
        }
      }
      if (closest > 0) {
        out.remove(closest);
        merged = true;
      }
    }
    return List.copyOf(out);
  }

  private static double mean(double[] y, List<Integer> starts, int k) {
    int from = starts.get(k);
    int to = k + 1 < starts.size() ? starts.get(k + 1) : y.length;
    double s = 0;
    for (int i = from; i < to; i++) {
      s += y[i];
    }
    return s / (to - from);
  }
}
