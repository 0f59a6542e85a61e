package dev.fsbench.harness.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class VerdictTest {
  @Test
  void aVerdictNeedsSignificanceAnIntervalOffOneAndFivePercent() {
    assertEquals(Verdict.FASTER, Verdict.of(1.5, 1.3, 1.7, 0.005));
    assertEquals(Verdict.SLOWER, Verdict.of(0.6, 0.5, 0.7, 0.005));
    assertEquals(
        Verdict.TIE,
        Verdict.of(1.5, 1.3, 1.7, FalseDiscovery.RATE),
        "the adjusted p-value must be below the run's false-discovery rate");
    assertEquals(Verdict.TIE, Verdict.of(1.5, 1.3, 1.7, 0.03), "5% is not enough: the rate is 1%");
    assertEquals(Verdict.TIE, Verdict.of(1.5, 0.9, 1.7, 0.005), "the interval must exclude 1");
    assertEquals(
        Verdict.TIE,
        Verdict.of(1.04, 1.02, 1.06, 0.001),
        "a 4% difference is below the minimum effect");
    assertEquals(Verdict.FASTER, Verdict.of(1.05, 1.02, 1.08, 0.001));
    assertEquals(
        Verdict.TIE,
        Verdict.of(0.96, 0.94, 0.98, 0.001),
        "1/0.96 = 1.04: below the minimum effect");
    assertEquals(Verdict.SLOWER, Verdict.of(1 / 1.05, 0.9, 0.98, 0.001));
  }

  @Test
  void labelsRoundTrip() {
    for (Verdict v : Verdict.values()) {
      assertEquals(v, Verdict.ofLabel(v.label()));
    }
  }
}
