package dev.fsbench.harness.stats;

import java.util.Arrays;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * The Mann-Kendall test for a monotone trend in a series, and the Theil-Sen slope that sizes it.
 *
 * <p>Why this test: it uses only the signs of the pairwise differences, so the skewed, spiky noise
 * of timings (a slow sample is very slow, a fast one is never very fast) does not need a model. S
 * counts the pairs (i &lt; j) with x_j &gt; x_i minus those with x_j &lt; x_i; under "no trend" it
 * is approximately normal with variance n(n-1)(2n+5)/18, less the usual correction for ties, and
 * the two-sided p-value uses a continuity correction. Hand-written because commons-math3 has
 * Kendall's tau between two variables but not this test with its tie-corrected variance.
 */
final class MannKendall {
  private static final NormalDistribution NORMAL = new NormalDistribution(0, 1);

  private MannKendall() {}

  /** Two-sided p-value of "no monotone trend"; 1 for fewer than 3 values. */
  static double pValue(double[] x) {
    int n = x.length;
    if (n < 3) {
      return 1;
    }
    long s = 0;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        s += Double.compare(x[j], x[i]);
      }
    }
    double[] sorted = x.clone();
    Arrays.sort(sorted);
    double ties = 0;
    for (int i = 0; i < n; ) {
      int j = i;
      while (j < n && sorted[j] == sorted[i]) {
        j++;
      }
      double t = j - i;
      ties += t * (t - 1) * (2 * t + 5);
      i = j;
    }
    double variance = (n * (n - 1.0) * (2 * n + 5.0) - ties) / 18.0;
    if (variance <= 0) {
      return 1;
    }
    double z = s == 0 ? 0 : (Math.abs(s) - 1) / Math.sqrt(variance);
    return Math.min(1, 2 * (1 - NORMAL.cumulativeProbability(z)));
  }

  /**
   * The median of the pairwise slopes (x_j - x_i) / (j - i): a trend's size per step, robust to
   * outliers.
   */
  static double senSlope(double[] x) {
    int n = x.length;
    if (n < 2) {
      return 0;
    }
    double[] slopes = new double[n * (n - 1) / 2];
    int k = 0;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        slopes[k++] = (x[j] - x[i]) / (j - i);
      }
    }
    return Distribution.of(slopes).median();
  }
}
