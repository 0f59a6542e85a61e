package dev.fsbench.harness.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Reference values from SciPy 1.10: {@code scipy.stats.kendalltau(range(n), x,
 * method="asymptotic")} gives S through tau (S = tau * n(n-1)/2) and the p-value without continuity
 * correction; with it, p = 2 * norm.sf((|S| - 1) / sd).
 */
class MannKendallTest {
  @Test
  void aStrictlyRisingSeriesMatchesTheReference() {
    double[] x = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    // S = 45, var = 10*9*25/18 = 125: p = 2 * norm.sf(44 / sqrt(125)).
    assertEquals(8.303070332644974e-05, MannKendall.pValue(x), 1e-9);
  }

  @Test
  void aNoisyRiseMatchesTheReference() {
    double[] x = {5, 3, 8, 1, 9, 2, 7, 4, 6, 10, 12, 11};
    // kendalltau: tau = 0.4545 (S = 30); corrected p = 2 * norm.sf(29 / sqrt(12*11*29/18)).
    assertEquals(0.04674494105371117, MannKendall.pValue(x), 1e-9);
  }

  @Test
  void aConstantSeriesHasNoTrend() {
    assertEquals(1, MannKendall.pValue(new double[] {4, 4, 4, 4, 4}));
  }

  @Test
  void senSlopeIsTheMedianPairwiseSlopeAndIgnoresAnOutlier() {
    assertEquals(2, MannKendall.senSlope(new double[] {0, 2, 4, 6, 8, 1000, 12, 14}), 1e-12);
  }
}
