package dev.fsbench.harness.stats;

import java.util.Arrays;

/**
 * The order statistics of one set of measurements (nanoseconds, bytes): median, p90, min, max,
 * mean.
 *
 * <pre>{@code
 * Distribution d = Distribution.of(new double[] {5, 1, 4, 2, 3});
 * d.median(); // 3.0
 * d.p90();    // 5.0: nearest rank, ceil(0.9 * 5) = 5th smallest
 * }</pre>
 *
 * <p>Percentiles use the <em>nearest-rank</em> definition: the p-th percentile is the smallest
 * sample such that at least p percent of the samples are at or below it, i.e. the {@code ceil(p/100
 * * n)}-th smallest. It is always an observed value (no interpolation invents a time that never
 * happened), and with 10 samples p90 is the 9th smallest: the slowest sample is excluded, the
 * second slowest is not. The median is the usual one: the middle sample, or the mean of the two
 * middle samples when n is even.
 */
public final class Distribution {
  private final double[] sorted;

  private Distribution(double[] sorted) {
    this.sorted = sorted;
  }

  /** Copies and sorts {@code values}; there must be at least one, and none may be NaN. */
  public static Distribution of(double[] values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("a distribution needs at least one value");
    }
    double[] copy = values.clone();
    for (double v : copy) {
      if (Double.isNaN(v)) {
        throw new IllegalArgumentException("NaN among the values: " + Arrays.toString(values));
      }
    }
    Arrays.sort(copy);
    return new Distribution(copy);
  }

  public static Distribution of(long[] values) {
    return of(Arrays.stream(values).asDoubleStream().toArray());
  }

  public int size() {
    return sorted.length;
  }

  public double median() {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  /** The nearest-rank percentile, {@code 0 < p <= 100}. */
  public double percentile(double p) {
    if (!(p > 0 && p <= 100)) {
      throw new IllegalArgumentException("percentile must be in (0, 100], was " + p);
    }
    // The tiny epsilon keeps 0.9 * 10 = 9.000000000000002 from rounding up to rank 10.
    int rank = (int) Math.ceil(p / 100 * sorted.length - 1e-9);
    return sorted[Math.max(rank, 1) - 1];
  }

  public double p90() {
    return percentile(90);
  }

  public double min() {
    return sorted[0];
  }

  public double max() {
    return sorted[sorted.length - 1];
  }

  public double mean() {
    double sum = 0;
    for (double v : sorted) {
      sum += v;
    }
    return sum / sorted.length;
  }

  /** The values, sorted ascending (a copy). */
  public double[] sorted() {
    return sorted.clone();
  }
}
