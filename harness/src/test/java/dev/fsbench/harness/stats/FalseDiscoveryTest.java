package dev.fsbench.harness.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

/**
 * Reference values: R's {@code p.adjust(p, method = "BH")}, by hand for these small inputs (m /
 * rank * p, then the running minimum).
 */
class FalseDiscoveryTest {
  @Test
  void matchesBenjaminiHochbergInTheInputsOrder() {
    // sorted: 0.005 (x4/1 = 0.02), 0.01 (x4/2 = 0.02), 0.03 (x4/3 = 0.04), 0.04 (x4/4 = 0.04)
    assertArrayEquals(
        new double[] {0.02, 0.04, 0.04, 0.02},
        FalseDiscovery.adjust(new double[] {0.01, 0.04, 0.03, 0.005}),
        1e-12);
  }

  @Test
  void theRunningMinimumCarriesALaterSmallerValueBack() {
    // 0.04 x 3/2 = 0.06 but the largest, 0.045 x 3/3 = 0.045, is smaller: both become 0.045.
    assertArrayEquals(
        new double[] {0.03, 0.045, 0.045},
        FalseDiscovery.adjust(new double[] {0.01, 0.04, 0.045}),
        1e-12);
  }

  @Test
  void largeValuesStayAndEmptyIsEmpty() {
    // 0.9 x 2/1 = 1.8, but the running minimum from the top carries 0.99 x 2/2 = 0.99 down to it.
    assertArrayEquals(
        new double[] {0.99, 0.99}, FalseDiscovery.adjust(new double[] {0.9, 0.99}), 1e-12);
    assertArrayEquals(new double[0], FalseDiscovery.adjust(new double[0]));
  }
}
