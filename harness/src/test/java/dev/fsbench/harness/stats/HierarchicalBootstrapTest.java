package dev.fsbench.harness.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class HierarchicalBootstrapTest {
  /**
   * One fork per side, so only the samples are resampled. The baseline is constant (2); the
   * candidate {1, 2, 3} resampled three times has median 1 with probability 7/27, 2 with 13/27 and
   * 3 with 7/27 (worked out by counting the 27 draws), so the ratio 2 / median is 2, 1 or 2/3 with
   * those probabilities: the 2.5% and 97.5% quantiles are exactly 2/3 and 2, and half the mass on
   * each side of 1 makes the p-value 1.
   */
  @Test
  void theIntervalOfASmallCaseIsItsExactBootstrapDistributionsQuantiles() {
    HierarchicalBootstrap.Interval i =
        HierarchicalBootstrap.ratio(
            List.of(new double[] {2, 2, 2}), List.of(new double[] {1, 2, 3}), 4000, 7);
    assertEquals(1.0, i.ratio(), 1e-12);
    assertEquals(2.0 / 3, i.low(), 1e-12);
    assertEquals(2.0, i.high(), 1e-12);
    assertEquals(1.0, i.pValue(), 1e-12);
  }

  @Test
  void resamplingIsSeededSoTheSameDataGivesTheSameInterval() {
    List<double[]> a = List.of(new double[] {10, 11, 12, 13}, new double[] {11, 12, 14, 10});
    List<double[]> b = List.of(new double[] {5, 6, 7, 5}, new double[] {6, 6, 5, 7});
    assertEquals(
        HierarchicalBootstrap.ratio(a, b, 500, 42), HierarchicalBootstrap.ratio(a, b, 500, 42));
  }

  @Test
  void clearlySeparatedForksGiveAnIntervalAboveOne() {
    List<double[]> nio =
        List.of(
            new double[] {100, 102, 98, 101},
            new double[] {104, 99, 103, 100},
            new double[] {97, 101, 100, 99});
    List<double[]> fast =
        List.of(
            new double[] {50, 51, 49, 52},
            new double[] {48, 50, 51, 49},
            new double[] {52, 50, 49, 51});
    HierarchicalBootstrap.Interval i = HierarchicalBootstrap.ratio(nio, fast, 2000, 1);
    assertEquals(2.0, i.ratio(), 0.05);
    assertTrue(i.low() > 1.8 && i.high() < 2.2, i.toString());
    assertTrue(i.pValue() < 0.01, i.toString());
  }

  /**
   * Three forks a side, each side's forks all faster than the other's but by little compared with
   * how the forks scatter: the bootstrap alone calls it certain (its interval excludes 1, its
   * p-value is the smallest it can give), which is why a verdict also needs the fork-level test
   * ({@link ModeratedTTest}).
   */
  @Test
  void fewForksThatScatterLookCertainToTheBootstrapAlone() {
    List<double[]> a = List.of(new double[] {100}, new double[] {112}, new double[] {124});
    List<double[]> b = List.of(new double[] {125}, new double[] {137}, new double[] {150});
    HierarchicalBootstrap.Interval i = HierarchicalBootstrap.ratio(a, b, 2000, 3);
    assertTrue(i.high() < 1, "the bootstrap interval alone excludes 1: " + i);
    assertEquals(2.0 / 2001, i.pValue(), 1e-12);
    double[] la = {Math.log(100), Math.log(112), Math.log(124)};
    double[] lb = {Math.log(125), Math.log(137), Math.log(150)};
    assertTrue(
        ModeratedT.pValue(la, lb, ModeratedT.Prior.NONE) > 0.01,
        "three scattered forks a side are weak evidence");
  }

  @Test
  void theEstimateIsTheMedianOfForkMedians() {
    assertEquals(
        10,
        HierarchicalBootstrap.estimate(
            List.of(
                new double[] {9, 10, 11}, new double[] {30, 31, 32}, new double[] {8, 10, 12})));
  }
}
