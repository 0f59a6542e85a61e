package dev.fsbench.harness.stats;

import java.util.List;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * Welch's two-sample t-test over the log fork medians of two cells: forks are the independent units of a benchmark
 * (samples within one JVM share its JIT decisions and heap layout), and with two or three of them a side only the t
 * distribution's heavy tails say honestly how little that is. Log scale, because timings vary by factors, not by
 * amounts. commons-math3's {@link TTest} does the test; this class only chooses its inputs and its edge cases.
 */
final class ForkTTest {
  private static final TTest WELCH = new TTest();

  private ForkTTest() {}

  /**
   * The two-sided p-value of "same mean log fork median"; 0 when both sides are exactly constant and differ, and 0
   * (no evidence against either way, so the bootstrap decides alone) when a side has a single fork.
   */
  static double pValue(List<double[]> a, List<double[]> b) {
    if (a.size() < 2 || b.size() < 2) {
      return 0;
    }
    double[] x = logMedians(a);
    double[] y = logMedians(b);
    if (constant(x) && constant(y)) {
      return x[0] == y[0] ? 1 : 0;
    }
    return WELCH.tTest(x, y);
  }

  private static double[] logMedians(List<double[]> forks) {
    double[] out = new double[forks.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = Math.log(Math.max(1, Changepoints.median(forks.get(i))));
    }
    return out;
  }

  private static boolean constant(double[] v) {
    for (double x : v) {
      if (x != v[0]) {
        return false;
      }
    }
    return true;
  }
}
