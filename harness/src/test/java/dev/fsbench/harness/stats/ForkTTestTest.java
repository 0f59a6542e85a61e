package dev.fsbench.harness.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Reference: SciPy 1.10, {@code stats.ttest_ind(log(a), log(b), equal_var=False)}. */
class ForkTTestTest {
  @Test
  void matchesWelchsTestOnTheLogForkMedians() {
    List<double[]> a = List.of(new double[] {99, 100, 101}, new double[] {110}, new double[] {104, 105, 106});
    List<double[]> b = List.of(new double[] {130}, new double[] {127, 128, 129}, new double[] {140});
    // medians 100, 110, 105 against 130, 128, 140: t = -5.995, df = 4.0, p = 0.0038945033343465024
    assertEquals(0.0038945033343465024, ForkTTest.pValue(a, b), 1e-9);
  }

  @Test
  void aSingleForkGivesNoEvidenceEitherWaySoTheBootstrapDecides() {
    assertEquals(0, ForkTTest.pValue(List.of(new double[] {1}), List.of(new double[] {2}, new double[] {3})));
  }

  @Test
  void constantSidesAreCertainWhenTheyDifferAndNotWhenTheyAgree() {
    List<double[]> two = List.of(new double[] {2}, new double[] {2});
    assertEquals(0, ForkTTest.pValue(two, List.of(new double[] {3}, new double[] {3})));
    assertEquals(1, ForkTTest.pValue(two, two));
  }
}
