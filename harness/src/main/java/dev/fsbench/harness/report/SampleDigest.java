package dev.fsbench.harness.report;

import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.stats.Distribution;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

/**
 * What REPORT.html keeps of a fork's raw samples: a page that embedded every sample of a default
 * run would weigh tens of megabytes, so it keeps per fork the quantiles of its measured samples
 * (for the distributions) and, for the representative cells, its series of measured times thinned
 * to at most {@link #MAX_POINTS} points (for the warm-up curves). Both sizes are bounded per fork,
 * so the page grows with the cells of a run, not with its samples.
 */
final class SampleDigest {
  /** The most points a fork's series keeps; a longer series is cut into this many buckets. */
  static final int MAX_POINTS = 100;

  /** The percentiles of {@link #box}, after the minimum and before the maximum. */
  private static final double[] PERCENTILES = {10, 25, 50, 75, 90};

  private SampleDigest() {}

  /** Each fork's measured wall times in nanoseconds, in the order they ran, by fork number. */
  static TreeMap<Integer, double[]> measured(CaseRecord.BackendResult result) {
    TreeMap<Integer, List<CaseRecord.RawSample>> byFork = new TreeMap<>();
    for (CaseRecord.RawSample s : result.samples()) {
      if (!s.warmup()) {
        byFork.computeIfAbsent(s.fork(), k -> new ArrayList<>()).add(s);
      }
    }
    TreeMap<Integer, double[]> walls = new TreeMap<>();
    byFork.forEach(
        (fork, samples) ->
            walls.put(
                fork,
                samples.stream()
                    .sorted((a, b) -> Integer.compare(a.iteration(), b.iteration()))
                    .mapToDouble(CaseRecord.RawSample::wallNanos)
                    .toArray()));
    return walls;
  }

  /**
   * {@code [min, p10, p25, p50, p75, p90, max]} of {@code nanos}: nearest-rank percentiles, each an
   * observed value, p50 the nearest-rank one rather than the mean of two middle samples.
   */
  static double[] box(double[] nanos) {
    Distribution d = Distribution.of(nanos);
    double[] box = new double[PERCENTILES.length + 2];
    box[0] = d.min();
    for (int i = 0; i < PERCENTILES.length; i++) {
      box[i + 1] = d.percentile(PERCENTILES[i]);
    }
    box[box.length - 1] = d.max();
    return box;
  }

  /**
   * The number of consecutive samples one point of a series of {@code samples} stands for in {@link
   * #thin}: 1 up to {@link #MAX_POINTS} samples, else the smallest bucket that keeps the series
   * within it.
   */
  static int step(int samples) {
    return Math.max(1, (samples + MAX_POINTS - 1) / MAX_POINTS);
  }

  /**
   * {@code nanos} cut into buckets of {@code step} consecutive samples, each bucket's median: the
   * series as it ran, shortened. Point {@code i} covers the measured iterations {@code i * step} to
   * {@code (i + 1) * step - 1}; the last bucket may be shorter.
   */
  static double[] thin(double[] nanos, int step) {
    if (step == 1) {
      return nanos.clone();
    }
    double[] points = new double[(nanos.length + step - 1) / step];
    for (int i = 0; i < points.length; i++) {
      double[] bucket = Arrays.copyOfRange(nanos, i * step, Math.min(nanos.length, (i + 1) * step));
      points[i] = Distribution.of(bucket).median();
    }
    return points;
  }
}
