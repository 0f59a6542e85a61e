package dev.fsbench.harness.stats;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Benjamini-Hochberg adjusted p-values: a run makes hundreds of comparisons, and at 5% each, a
 * dozen "differences" would be noise. Rejecting where the adjusted value is below q keeps the
 * expected share of false verdicts among all verdicts at q (for independent or positively dependent
 * tests, which timings on one machine are).
 *
 * <pre>{@code
 * FalseDiscovery.adjust(new double[] {0.01, 0.04, 0.03, 0.5}); // [0.04, 0.0533, 0.0533, 0.5]
 * }</pre>
 *
 * The adjusted value of the i-th smallest of m p-values is min over j >= i of (m / j) p_(j), capped
 * at 1. Hand-written: a dozen lines, and commons-math3 has no multiple-testing correction.
 */
public final class FalseDiscovery {
  /**
   * The false-discovery rate every verdict of a run is held to: 1%, not the customary 5%. Measured
   * on two runs of one commit, at 5% one of the 104 A/A controls was given a verdict and 87% of the
   * steady verdicts agreed; at 1% none and 92% (DESIGN.md, "Verdicts that survive a second run"). A
   * verdict is a claim about the backend that a second run should repeat, so the run buys that at
   * the price of the comparisons nearest to the boundary.
   */
  public static final double RATE = 0.01;

  private FalseDiscovery() {}

  /** The adjusted p-values, in the order of {@code pValues}. */
  public static double[] adjust(double[] pValues) {
    int m = pValues.length;
    Integer[] order = new Integer[m];
    for (int i = 0; i < m; i++) {
      order[i] = i;
    }
    Arrays.sort(order, Comparator.comparingDouble(i -> pValues[i]));
    double[] adjusted = new double[m];
    double running = 1;
    for (int rank = m; rank >= 1; rank--) {
      int i = order[rank - 1];
      running = Math.min(running, pValues[i] * m / rank);
      adjusted[i] = Math.min(1, running);
    }
    return adjusted;
  }
}
