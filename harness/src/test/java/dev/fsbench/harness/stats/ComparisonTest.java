package dev.fsbench.harness.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ComparisonTest {

  private static final double[] NIO = {100, 102, 98, 101, 99, 103, 97, 100, 104, 96};

  @Test
  void clearlyFasterCandidateIsARobustWin() {
    double[] fast = {50, 51, 49, 52, 48, 50, 53, 47, 50, 51};
    Comparison c = Comparison.of(NIO, fast);
    assertEquals(2.0, c.ratio(), 0.01);
    assertTrue(c.robust());
    assertTrue(c.pValue() < 0.001);
  }

  @Test
  void clearlySlowerCandidateIsARobustLoss() {
    double[] slow = {150, 151, 149, 152, 148, 150, 153, 147, 150, 151};
    Comparison c = Comparison.of(NIO, slow);
    assertTrue(c.ratio() < 1);
    assertTrue(c.robust());
  }

  @Test
  void largeRatioOverOverlappingSamplesIsNotRobust() {
    // Medians differ by a third, but the sets interleave: which one is faster depends on which samples were slow.
    double[] baseline = {60, 140, 70, 130, 80, 120, 90, 110, 100, 100};
    double[] candidate = {50, 150, 55, 145, 60, 75, 65, 135, 70, 72};
    Comparison c = Comparison.of(baseline, candidate);
    assertTrue(c.ratio() > 1.3, "ratio " + c.ratio());
    assertFalse(c.robust(), "p " + c.pValue());
  }

  @Test
  void smallButCleanlySeparatedDifferenceIsRobust() {
    double[] baseline = {102, 102.1, 102.2, 102.3, 102.4, 102.5, 102.6, 102.7, 102.8, 102.9};
    double[] candidate = {100, 100.1, 100.2, 100.3, 100.4, 100.5, 100.6, 100.7, 100.8, 100.9};
    Comparison c = Comparison.of(baseline, candidate);
    assertEquals(1.02, c.ratio(), 0.005);
    assertTrue(c.robust());
  }

  @Test
  void twoSamplesASideCanNeverBeRobust() {
    Comparison c = Comparison.of(new double[] {100, 101}, new double[] {1, 2});
    assertTrue(c.ratio() > 50);
    assertFalse(c.robust());
  }

  @Test
  void zeroMedianKeepsTheRatioFinite() {
    Comparison c = Comparison.of(new double[] {5, 5, 5, 5}, new double[] {0, 0, 0, 0});
    assertEquals(5, c.ratio());
  }
}
