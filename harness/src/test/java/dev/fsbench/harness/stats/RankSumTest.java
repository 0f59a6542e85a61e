package dev.fsbench.harness.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class RankSumTest {

  @Test
  void midRanksShareTheMeanRankOfATie() {
    // 10 -> rank 1, the two 20s -> ranks 2 and 3 (mean 2.5), 30 -> rank 4; doubled: 2, 5, 5, 8.
    assertArrayEquals(new int[] {5, 2, 8, 5}, RankSum.doubledMidRanks(new double[] {20, 10, 30, 20}));
  }

  @Test
  void disjointThreeAgainstThreeIsOneChanceInTen() {
    // Only two of the C(6,3) = 20 splits are as extreme as "all of a below all of b": p = 2/20.
    assertEquals(0.1, RankSum.pValue(new double[] {1, 2, 3}, new double[] {4, 5, 6}), 1e-12);
  }

  @Test
  void disjointFourAgainstFourIsTwoChancesInSeventy() {
    assertEquals(2.0 / 70, RankSum.pValue(new double[] {1, 2, 3, 4}, new double[] {5, 6, 7, 8}), 1e-12);
  }

  @Test
  void identicalSetsAreIndistinguishable() {
    double[] a = {5, 6, 7, 8, 9};
    assertEquals(1.0, RankSum.pValue(a, a.clone()), 1e-12);
  }

  @Test
  void tenAgainstTenMatchesThePublishedCriticalValue() {
    // Published two-sided 5% critical value for n1 = n2 = 10: U <= 23 is significant, U = 24 is not.
    assertTrue(RankSum.pValue(withU(23), baseline()) < 0.05);
    assertFalse(RankSum.pValue(withU(24), baseline()) < 0.05);
  }

  @Test
  void exactTableAgreesWithBruteForceEnumerationIncludingTies() {
    Random random = new Random(7);
    for (int round = 0; round < 20; round++) {
      int m = 2 + random.nextInt(6);
      int k = 2 + random.nextInt(6);
      double[] a = new double[m];
      double[] b = new double[k];
      // Values from a small range, so that ties are frequent.
      for (int i = 0; i < m; i++) {
        a[i] = random.nextInt(8);
      }
      for (int i = 0; i < k; i++) {
        b[i] = random.nextInt(8) + random.nextInt(3);
      }
      assertEquals(bruteForce(a, b), RankSum.pValue(a, b), 1e-9, "round " + round);
    }
  }

  @Test
  void normalApproximationAgreesWithTheExactTable() {
    Random random = new Random(11);
    for (int round = 0; round < 5; round++) {
      double[] a = new double[40];
      double[] b = new double[40];
      for (int i = 0; i < 40; i++) {
        a[i] = Math.round(random.nextGaussian() * 10); // rounded: ties exercise the tie correction
        b[i] = Math.round(random.nextGaussian() * 10 + 3 * round);
      }
      double exact = RankSum.pValue(a, b);
      double approximate = RankSum.pValue(a, b, 0);
      assertEquals(exact, approximate, Math.max(0.01, exact * 0.1), "round " + round);
    }
  }

  @Test
  void upperNormalTailKnownValues() {
    assertEquals(0.5, RankSum.upperNormalTail(0), 1e-7);
    assertEquals(0.025, RankSum.upperNormalTail(1.959964), 1e-6);
    assertEquals(0.975, RankSum.upperNormalTail(-1.959964), 1e-6);
  }

  private static double[] baseline() {
    double[] b = new double[10];
    for (int i = 0; i < 10; i++) {
      b[i] = 100 + i;
    }
    return b;
  }

  /**
   * Ten values against {@link #baseline()} (100..109) such that exactly {@code u} (baseline, candidate) pairs have the
   * candidate larger: the first candidates sit below every baseline value, the rest just above a chosen number.
   */
  private static double[] withU(int u) {
    double[] a = new double[10];
    int left = u;
    for (int i = 0; i < 10; i++) {
      int above = Math.min(left, 10);
      left -= above;
      // above == 0: below all; above == j: between baseline value j-1 and j.
      a[i] = above == 0 ? 50 + i : 100 + above - 0.5;
    }
    if (left != 0) {
      throw new IllegalArgumentException("u too large: " + u);
    }
    return a;
  }

  private static double bruteForce(double[] a, double[] b) {
    int m = a.length;
    int n = m + b.length;
    double[] pooled = new double[n];
    System.arraycopy(a, 0, pooled, 0, m);
    System.arraycopy(b, 0, pooled, m, b.length);
    int[] ranks = RankSum.doubledMidRanks(pooled);
    long observed = 0;
    for (int i = 0; i < m; i++) {
      observed += ranks[i];
    }
    long mean = (long) m * (n + 1);
    long extreme = 0;
    long total = 0;
    for (int mask = 0; mask < 1 << n; mask++) {
      if (Integer.bitCount(mask) != m) {
        continue;
      }
      long sum = 0;
      for (int i = 0; i < n; i++) {
        if ((mask & (1 << i)) != 0) {
          sum += ranks[i];
        }
      }
      total++;
      if (Math.abs(sum - mean) >= Math.abs(observed - mean)) {
        extreme++;
      }
    }
    return (double) extreme / total;
  }
}
