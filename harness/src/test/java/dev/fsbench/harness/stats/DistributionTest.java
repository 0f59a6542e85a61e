package dev.fsbench.harness.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class DistributionTest {

  @Test
  void medianOfOddCountIsTheMiddleSample() {
    assertEquals(3, Distribution.of(new double[] {5, 1, 4, 2, 3}).median());
  }

  @Test
  void medianOfEvenCountIsTheMeanOfTheTwoMiddleSamples() {
    assertEquals(2.5, Distribution.of(new double[] {4, 1, 3, 2}).median());
  }

  @Test
  void p90OfTenSamplesIsTheNinthSmallestByNearestRank() {
    double[] tenSamples = {10, 1, 9, 2, 8, 3, 7, 4, 6, 5};
    assertEquals(9, Distribution.of(tenSamples).p90());
  }

  @Test
  void p90OfFewSamplesIsTheLargest() {
    // ceil(0.9 * 3) = 3: with three samples there is nothing to exclude.
    assertEquals(30, Distribution.of(new double[] {10, 30, 20}).p90());
  }

  @Test
  void p90OfTwentySamplesIsTheEighteenthSmallest() {
    double[] twenty = new double[20];
    for (int i = 0; i < 20; i++) {
      twenty[i] = 20 - i;
    }
    assertEquals(18, Distribution.of(twenty).p90());
  }

  @Test
  void minMaxMeanOfSkewedSamples() {
    Distribution d = Distribution.of(new long[] {100, 100, 100, 1000});
    assertEquals(100, d.min());
    assertEquals(1000, d.max());
    assertEquals(325, d.mean());
    assertEquals(100, d.median());
  }

  @Test
  void singleSampleIsEveryStatistic() {
    Distribution d = Distribution.of(new double[] {42});
    assertEquals(42, d.median());
    assertEquals(42, d.p90());
    assertEquals(42, d.percentile(1));
  }

  @Test
  void emptyAndNanAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> Distribution.of(new double[0]));
    assertThrows(
        IllegalArgumentException.class, () -> Distribution.of(new double[] {1, Double.NaN}));
    assertThrows(
        IllegalArgumentException.class, () -> Distribution.of(new double[] {1}).percentile(0));
  }
}
