package dev.fsbench.harness.stats;

import java.util.Arrays;

/**
 * The two-sided Wilcoxon rank-sum (Mann-Whitney U) test: are two sets of timings shifted against each other, or could
 * the difference between them be a matter of which samples happened to be slow?
 *
 * <p>Why this test: timings are skewed (a few slow outliers, never fast ones), so a t-test's normality assumption is
 * false, and comparing medians alone says nothing about overlap. The rank-sum test uses only the order of the pooled
 * samples, so one wild outlier counts as "the largest" and no more.
 *
 * <p>The p-value is <em>exact</em> for pooled sizes up to {@value #EXACT_LIMIT}: the distribution of the rank sum over
 * every way of choosing which pooled samples belong to the first set, conditional on the ties actually present (tied
 * samples share their mean rank). Larger sets use the normal approximation with tie and continuity corrections. The
 * trap of small sets: with 3 samples a side the smallest possible p-value is 0.1, so no ranking of 3-vs-3 samples can
 * ever be robust at 5%; it takes 4 a side (p = 0.029 when the sets do not overlap at all). That is the honest answer,
 * not a defect: a quick run says less.
 */
public final class RankSum {
  /** Pooled sizes up to this are computed exactly; the table costs O(n^2 * m) additions. */
  static final int EXACT_LIMIT = 100;

  private RankSum() {}

  /** The two-sided p-value of the hypothesis "a and b come from the same distribution". Each needs one value. */
  public static double pValue(double[] a, double[] b) {
    return pValue(a, b, EXACT_LIMIT);
  }

  static double pValue(double[] a, double[] b, int exactLimit) {
    if (a.length == 0 || b.length == 0) {
      throw new IllegalArgumentException("the rank-sum test needs at least one value on each side");
    }
    int m = a.length;
    int n = m + b.length;
    double[] pooled = new double[n];
    System.arraycopy(a, 0, pooled, 0, m);
    System.arraycopy(b, 0, pooled, m, b.length);
    int[] doubledRanks = doubledMidRanks(pooled);
    long observed = 0;
    for (int i = 0; i < m; i++) {
      observed += doubledRanks[i];
    }
    return n <= exactLimit ? exact(doubledRanks, m, observed) : approximate(doubledRanks, m, observed);
  }

  /**
   * Twice the mid-rank of every value (1-based), so that ties, whose mean rank may end in .5, stay integers. The
   * result is in the order of {@code values}.
   */
  static int[] doubledMidRanks(double[] values) {
    int n = values.length;
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (x, y) -> Double.compare(values[x], values[y]));
    int[] ranks = new int[n];
    for (int start = 0; start < n; ) {
      int end = start;
      while (end + 1 < n && values[order[end + 1]] == values[order[start]]) {
        end++;
      }
      // Positions start..end (0-based) share ranks start+1..end+1; twice their mean is start+end+2.
      for (int k = start; k <= end; k++) {
        ranks[order[k]] = start + end + 2;
      }
      start = end + 1;
    }
    return ranks;
  }

  /**
   * Counts, for every possible doubled rank sum, the subsets of size m of the pooled ranks reaching it, and returns the
   * share at least as far from the mean as the observed sum.
   */
  private static double exact(int[] doubledRanks, int m, long observed) {
    int n = doubledRanks.length;
    int maxSum = n * (n + 1);
    // ways[k][s]: subsets of size k of the ranks seen so far whose doubled sum is s. Doubles, because C(100, 50)
    // overflows a long; only the ratio matters, and that keeps full relative precision.
    double[][] ways = new double[m + 1][maxSum + 1];
    ways[0][0] = 1;
    for (int i = 0; i < n; i++) {
      int r = doubledRanks[i];
      for (int k = Math.min(i + 1, m); k >= 1; k--) {
        double[] into = ways[k];
        double[] from = ways[k - 1];
        for (int s = maxSum; s >= r; s--) {
          if (from[s - r] != 0) {
            into[s] += from[s - r];
          }
        }
      }
    }
    long doubledMean = (long) m * (n + 1);
    long distance = Math.abs(observed - doubledMean);
    double atLeastAsFar = 0;
    double total = 0;
    for (int s = 0; s <= maxSum; s++) {
      double w = ways[m][s];
      if (w != 0) {
        total += w;
        if (Math.abs(s - doubledMean) >= distance) {
          atLeastAsFar += w;
        }
      }
    }
    return Math.min(1, atLeastAsFar / total);
  }

  private static double approximate(int[] doubledRanks, int m, long observed) {
    int n = doubledRanks.length;
    int k = n - m;
    double rankSum = observed / 2.0;
    double mean = m * (n + 1) / 2.0;
    // Tie correction: sum over tie groups of (t^3 - t).
    int[] sorted = doubledRanks.clone();
    Arrays.sort(sorted);
    double ties = 0;
    for (int i = 0; i < n; ) {
      int j = i;
      while (j < n && sorted[j] == sorted[i]) {
        j++;
      }
      double t = j - i;
      ties += t * t * t - t;
      i = j;
    }
    double variance = (double) m * k / 12.0 * ((n + 1) - ties / ((double) n * (n - 1)));
    if (variance <= 0) {
      return 1; // every value tied: nothing distinguishes the sets
    }
    double z = Math.max(0, Math.abs(rankSum - mean) - 0.5) / Math.sqrt(variance);
    return Math.min(1, 2 * upperNormalTail(z));
  }

  /** P(Z > z) for a standard normal Z, by the complementary error function (Numerical Recipes' erfc, 1.2e-7). */
  static double upperNormalTail(double z) {
    double x = z / Math.sqrt(2);
    double t = 1 / (1 + 0.5 * Math.abs(x));
    double erfc =
        t * Math.exp(-x * x - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806
            + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
    erfc = x >= 0 ? erfc : 2 - erfc;
    return erfc / 2;
  }
}
