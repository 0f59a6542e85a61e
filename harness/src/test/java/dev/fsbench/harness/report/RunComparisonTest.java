package dev.fsbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.results.CellOutcome;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.results.TestRuns;
import dev.fsbench.harness.stats.Regime;
import dev.fsbench.spi.Route;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunComparisonTest {
  private static final Route OWN = Route.own("Files");

  private static CellOutcome stat(String backend, long[]... forks) {
    return TestRuns.cellForks("stat", "batch-256", "-", Mode.SYNC, backend, 0, OWN, 256, 0, forks);
  }

  private static long[] scaled(long[] base, double factor) {
    long[] out = new long[base.length];
    for (int i = 0; i < base.length; i++) {
      out[i] = Math.round(base[i] * factor);
    }
    return out;
  }

  @Test
  void aSlowedBackendIsReportedAndNoiseIsNot() {
    long[] n = TestRuns.around(100_000);
    long[] m = TestRuns.around(1_000_000);
    RunRecord before =
        TestRuns.complete(
            List.of(
                stat("nio", n, scaled(n, 1.01), scaled(n, 0.99)),
                stat("native", m, scaled(m, 1.02), scaled(m, 0.98))));
    RunRecord after =
        TestRuns.complete(
            List.of(
                stat("nio", scaled(n, 1.005), scaled(n, 0.995), scaled(n, 1.01)),
                stat("native", scaled(m, 1.3), scaled(m, 1.32), scaled(m, 1.28))));
    RunComparison diff = RunComparison.of(before, after);
    assertEquals(
        List.of("stat/batch-256/-/sync/native"),
        diff.slower().stream().map(RunComparison.Row::cell).toList());
    assertEquals(
        List.of("stat/batch-256/-/sync/nio"),
        diff.with(RunComparison.Change.NO_CHANGE).stream().map(RunComparison.Row::cell).toList());
    assertTrue(diff.faster().isEmpty());
    assertTrue(diff.environmentDifferences().isEmpty());
    String text = diff.render("a", "b", false);
    assertTrue(
        text.contains("0 faster, 1 slower, 0 reversed; 0 at the boundary, 1 no change"), text);
    assertTrue(text.contains("| stat/batch-256/-/sync/native | 1.00 | 1.30 | 0.77x |"), text);
    assertTrue(
        !text.contains("| stat/batch-256/-/sync/nio |"),
        "unchanged cells are not listed by default");
    assertTrue(
        diff.render("a", "b", true).contains("| stat/batch-256/-/sync/nio |"), "--all lists them");
  }

  @Test
  void theSameRunTwiceHasNoChange() {
    RunRecord run = TestRuns.complete(TestRuns.twoFamilies());
    RunComparison diff = RunComparison.of(run, run);
    assertTrue(diff.changed().isEmpty(), diff.render("a", "a", true));
    assertTrue(diff.render("a", "a", false).contains("No cell changed."));
    RunComparison.Reproducibility rep = diff.reproducibility();
    assertEquals(2, rep.verdicts());
    assertEquals(2, rep.same());
    assertEquals(1.0, rep.agreement());
    assertEquals(0.0, rep.medianRelativeDifference());
    assertEquals(4, rep.figures());
  }

  @Test
  void reproducibilityCountsReversalsAndTheMedianDifference() {
    long[] n = TestRuns.around(1_000_000);
    RunRecord before =
        TestRuns.complete(
            List.of(
                stat("nio", n, scaled(n, 1.01), scaled(n, 0.99)),
                stat("native", scaled(n, 0.5), scaled(n, 0.51), scaled(n, 0.49))));
    RunRecord after =
        TestRuns.complete(
            List.of(
                stat("nio", n, scaled(n, 1.01), scaled(n, 0.99)),
                stat("native", scaled(n, 2), scaled(n, 2.02), scaled(n, 1.98))));
    RunComparison diff = RunComparison.of(before, after);
    RunComparison.Reproducibility rep = diff.reproducibility();
    assertEquals(1, rep.verdicts());
    assertEquals(0, rep.same());
    assertEquals(1, rep.reversed(), "faster before, slower after");
    assertEquals(
        1.5,
        rep.medianRelativeDifference(),
        1e-9,
        "median of |1 - 1| and |2 / 0.5 - 1| = 3: (0 + 3) / 2");
    assertEquals(1, diff.slower().size(), "the cell itself got four times slower");
  }

  @Test
  void aShiftSharedByEveryBackendOfACaseIsTheMachinesAndCancelsInTheRatios() {
    long[] n = TestRuns.around(1_000_000);
    long[] m = TestRuns.around(500_000);
    RunRecord before =
        TestRuns.complete(
            List.of(
                stat("nio", n, scaled(n, 1.01), scaled(n, 0.99)),
                stat("native", m, scaled(m, 1.01), scaled(m, 0.99))));
    RunRecord after =
        TestRuns.complete(
            List.of(
                stat("nio", scaled(n, 1.3), scaled(n, 1.313), scaled(n, 1.287)),
                stat("native", scaled(m, 1.3), scaled(m, 1.313), scaled(m, 1.287))));
    RunComparison diff = RunComparison.of(before, after);
    Drift drift = diff.drift();
    assertEquals(1, drift.cases());
    assertEquals(1.3, drift.lowestShift(), 1e-3);
    assertEquals(1.3, drift.highestShift(), 1e-3);
    assertEquals(0.0, drift.ownMedianDifference(), 1e-3, "both backends moved alike");
    assertEquals(0.3, diff.reproducibility().medianRelativeDifference(), 1e-3);
    assertEquals(1, drift.ratios(), "native against nio");
    assertEquals(0.0, drift.ratioMedianRelativeDifference(), 1e-3);
    assertTrue(
        diff.render("a", "b", false).contains("ranges 1.30 to 1.30"), diff.render("a", "b", false));
  }

  @Test
  void aChangeBelowTheThresholdIsNoChange() {
    long[] n = narrow(1_000_000);
    RunRecord before = TestRuns.complete(List.of(stat("nio", n, n, n)));
    RunRecord after =
        TestRuns.complete(List.of(stat("nio", scaled(n, 1.03), scaled(n, 1.03), scaled(n, 1.03))));
    assertTrue(RunComparison.of(before, after, Regime.STEADY, 0.05).changed().isEmpty());
    assertEquals(
        1,
        RunComparison.of(before, after, Regime.STEADY, 0.01).slower().size(),
        "a 1% threshold sees it");
  }

  /** Ten samples within 1% of {@code center}, without a trend. */
  private static long[] narrow(long center) {
    long[] wide = TestRuns.around(center);
    long[] out = new long[wide.length];
    for (int i = 0; i < wide.length; i++) {
      out[i] = center + (wide[i] - center) / 5;
    }
    return out;
  }

  @Test
  void improvementIsFaster() {
    long[] n = TestRuns.around(2_000_000);
    RunComparison diff =
        RunComparison.of(
            TestRuns.complete(List.of(stat("nio", n, scaled(n, 1.01), scaled(n, 0.99)))),
            TestRuns.complete(
                List.of(stat("nio", scaled(n, 0.5), scaled(n, 0.51), scaled(n, 0.49)))));
    assertEquals(1, diff.faster().size());
    assertEquals(2.0, diff.faster().get(0).ratio(), 0.01);
  }

  @Test
  void cellsInOnlyOneRunAreListed() {
    RunComparison diff =
        RunComparison.of(
            TestRuns.complete(List.of(stat("nio", TestRuns.around(1000)))),
            TestRuns.complete(List.of(stat("native", TestRuns.around(1000)))));
    assertEquals(1, diff.with(RunComparison.Change.ONLY_BEFORE).size());
    assertEquals(1, diff.with(RunComparison.Change.ONLY_AFTER).size());
  }

  @Test
  void jsonCarriesTheSummaryAndEveryRow() {
    RunRecord run = TestRuns.complete(TestRuns.twoFamilies());
    var json = RunComparison.of(run, run).toJson("a", "b");
    assertEquals("steady", json.get("regime"));
    assertEquals(0, json.get("changed"));
    assertEquals(4, ((List<?>) json.get("rows")).size());
  }

  @Test
  void differentFilesystemIsCalledOut() {
    RunRecord tmpfs = TestRuns.complete(List.of(stat("nio", TestRuns.around(1000))));
    RunRecord ext4 =
        new RunRecord(
            tmpfs.schemaVersion(),
            tmpfs.status(),
            true,
            null,
            tmpfs.startedAt(),
            tmpfs.finishedAt(),
            TestRuns.environment("ext4"),
            tmpfs.settings(),
            tmpfs.cases(),
            tmpfs.verdicts(),
            tmpfs.omitted());
    RunComparison diff = RunComparison.of(tmpfs, ext4);
    assertEquals(List.of("sandbox filesystem: tmpfs -> ext4"), diff.environmentDifferences());
    assertTrue(diff.render("a", "b", false).contains("differ in their environment"));
  }
}
