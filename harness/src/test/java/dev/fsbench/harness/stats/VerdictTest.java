package dev.fsbench.harness.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class VerdictTest {
  @Test
  void aVerdictNeedsSignificanceAnIntervalOffOneAndFivePercent() {
    assertEquals(Verdict.FASTER, Verdict.of(1.5, 1.3, 1.7, 0.01));
    assertEquals(Verdict.SLOWER, Verdict.of(0.6, 0.5, 0.7, 0.01));
    assertEquals(
        Verdict.TIE, Verdict.of(1.5, 1.3, 1.7, 0.05), "the adjusted p-value must be below 0.05");
    assertEquals(Verdict.TIE, Verdict.of(1.5, 0.9, 1.7, 0.01), "the interval must exclude 1");
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
