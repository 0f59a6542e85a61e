package dev.fsbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.results.CellOutcome;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.results.TestRuns;
import dev.fsbench.spi.Route;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunComparisonTest {
  private static final Route OWN = Route.own("Files");

  private static CellOutcome stat(String backend, long... wall) {
    return TestRuns.cell("stat", "batch-256", "-", Mode.SYNC, backend, 0, OWN, 256, 0, wall);
  }

  @Test
  void realChangeIsFlaggedAndNoiseIsNot() {
    long[] noiseBefore = {100, 104, 98, 110, 95, 101, 99, 107, 96, 103};
    long[] noiseAfter = {102, 97, 109, 99, 105, 94, 100, 108, 98, 101};
    RunRecord before = TestRuns.complete(List.of(stat("nio", noiseBefore), stat("native", TestRuns.around(1_000_000))));
    RunRecord after = TestRuns.complete(List.of(stat("nio", noiseAfter), stat("native", TestRuns.around(1_300_000))));
    RunComparison diff = RunComparison.of(before, after);
    assertEquals(List.of("stat/batch-256/-/sync/native"), diff.slower().stream().map(RunComparison.Row::cell).toList());
    assertEquals(List.of("stat/batch-256/-/sync/nio"), diff.with(RunComparison.Verdict.NO_CHANGE).stream().map(RunComparison.Row::cell).toList());
    assertTrue(diff.faster().isEmpty());
    assertTrue(diff.environmentDifferences().isEmpty());
    String text = diff.render("a", "b");
    assertTrue(text.contains("0 faster, 1 slower, 1 no change, 0 only before, 0 only after"), text);
    assertTrue(text.contains("| stat/batch-256/-/sync/native | 1.00 | 1.30 | 0.77x | <0.001 | **slower** |"), text);
  }

  @Test
  void improvementIsFaster() {
    RunComparison diff = RunComparison.of(
        TestRuns.complete(List.of(stat("nio", TestRuns.around(2_000_000)))),
        TestRuns.complete(List.of(stat("nio", TestRuns.around(1_000_000)))));
    assertEquals(1, diff.faster().size());
    assertEquals(2.0, diff.faster().get(0).comparison().ratio(), 0.01);
  }

  @Test
  void cellsInOnlyOneRunAreListed() {
    RunComparison diff = RunComparison.of(
        TestRuns.complete(List.of(stat("nio", TestRuns.around(1000)))),
        TestRuns.complete(List.of(stat("native", TestRuns.around(1000)))));
    assertEquals(1, diff.with(RunComparison.Verdict.ONLY_BEFORE).size());
    assertEquals(1, diff.with(RunComparison.Verdict.ONLY_AFTER).size());
  }

  @Test
  void differentFilesystemIsCalledOut() {
    RunRecord tmpfs = TestRuns.complete(List.of(stat("nio", TestRuns.around(1000))));
    RunRecord ext4 = new RunRecord(tmpfs.schemaVersion(), tmpfs.status(), true, null, tmpfs.startedAt(), tmpfs.finishedAt(),
        TestRuns.environment("ext4"), tmpfs.settings(), tmpfs.cases(), tmpfs.omitted());
    RunComparison diff = RunComparison.of(tmpfs, ext4);
    assertEquals(List.of("sandbox filesystem: tmpfs -> ext4"), diff.environmentDifferences());
    assertTrue(diff.render("a", "b").contains("differ in their environment"));
  }
}
