package dev.fsbench.harness.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.fsbench.harness.model.Sample;
import java.util.List;
import org.junit.jupiter.api.Test;

class CellStatisticsTest {

  private static final List<Sample> TWO_WARMUPS_FOUR_SAMPLES =
      List.of(
          new Sample(0, true, 9_000_000_000L, 1, 1),
          new Sample(1, true, 8_000_000_000L, 1, 1),
          new Sample(0, false, 2_000_000, 1_000_000, 100),
          new Sample(1, false, 1_000_000, 3_000_000, 300),
          new Sample(2, false, 4_000_000, 2_000_000, 200),
          new Sample(3, false, 3_000_000, 4_000_000, 400));

  @Test
  void warmupsAreExcludedFromEveryStatistic() {
    CellStatistics s = CellStatistics.of(TWO_WARMUPS_FOUR_SAMPLES, 256, 0);
    assertEquals(4, s.samples());
    assertEquals(2_500_000, s.medianNanos());
    assertEquals(4_000_000, s.p90Nanos());
    assertEquals(1_000_000, s.minNanos());
    assertEquals(4_000_000, s.maxNanos());
    assertEquals(2_500_000, s.meanNanos());
    assertEquals(2_500_000, s.cpuMedianNanos());
    assertEquals(250, s.allocatedMedianBytes());
    assertArrayEquals(new double[] {2_000_000, 1_000_000, 4_000_000, 3_000_000}, CellStatistics.measuredWallNanos(TWO_WARMUPS_FOUR_SAMPLES));
  }

  @Test
  void throughputDerivesFromTheMedian() {
    // 256 operations moving 256 * 4096 bytes = 1 MiB in a median of 2.5 ms.
    CellStatistics s = CellStatistics.of(TWO_WARMUPS_FOUR_SAMPLES, 256, 256 * 4096);
    assertEquals(256 / 0.0025, s.operationsPerSecond(), 1e-6);
    assertEquals(1 / 0.0025, s.mibPerSecond(), 1e-9);
  }

  @Test
  void noPayloadMeansNoMibPerSecond() {
    assertNull(CellStatistics.of(TWO_WARMUPS_FOUR_SAMPLES, 1, 0).mibPerSecond());
  }

  @Test
  void onlyWarmupsIsAnError() {
    assertThrows(IllegalArgumentException.class, () -> CellStatistics.of(TWO_WARMUPS_FOUR_SAMPLES.subList(0, 2), 1, 0));
  }
}
