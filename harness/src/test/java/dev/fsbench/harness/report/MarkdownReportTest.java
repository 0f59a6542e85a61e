package dev.fsbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.results.TestRuns;
import dev.fsbench.spi.Route;
import java.util.List;
import org.junit.jupiter.api.Test;

class MarkdownReportTest {
  private final String report = MarkdownReport.render(TestRuns.complete(TestRuns.twoFamilies()), "2026-11-30-linux-amd64");

  @Test
  void methodStatesSamplesSandboxAndMachine() {
    assertTrue(report.startsWith("# fsbench results: 2026-11-30-linux-amd64\n"));
    assertTrue(report.contains("## Method"));
    assertTrue(report.contains("Sandbox: **tmpfs**"));
    assertTrue(report.contains("1 warmup and 10 measured samples per fork, 1 fork per cell"));
    assertTrue(report.contains("Test CPU @ 3.0GHz, 2 cores, 24.0 GiB memory"));
    assertTrue(report.contains("commit `0123456789ab`; libraries: commons-io 2.22.0, fsbench 0.1.0-SNAPSHOT, jackson 2.23.0, jmh 1.37, jna 5.19.1, picocli 4.7.7."), report);
    assertFalse(report.contains("Incomplete"));
  }

  @Test
  void chartsTheNotebooksDrewAreLinkedAndNoOthers() {
    String withCharts = MarkdownReport.render(
        TestRuns.complete(TestRuns.twoFamilies()), "x", List.of("concurrency.png", "overview.png", "sync-async.png"));
    assertTrue(withCharts.contains("](overview.png)"), withCharts);
    assertTrue(withCharts.contains("[concurrency](concurrency.png), [sync-async](sync-async.png)."), withCharts);
    assertFalse(report.contains(".png"), "no chart is linked when the folder has none");
  }

  @Test
  void overviewHasOneRowPerFamilyWithPeerAgainstNative() {
    assertTrue(report.contains("| readFile | batch-256 buffer | async | nio | 1.00 | 0.500 | 2.00x | robust |"), report);
    // stat has no async case in this run: the overview falls back to what there is and names it.
    assertTrue(report.contains("| stat | single default | sync | nio | 0.0102 | 0.0120 | 0.84x (native slower) | not robust |"), report);
  }

  @Test
  void familyTablesShowEveryBackendRouteAndLoss() {
    assertTrue(report.contains("## readFile"));
    assertTrue(report.contains("## stat"));
    assertTrue(report.contains("| batch-256 buffer | async | nio | 1.00 | 1.04 | baseline | — | 256k | 1000 | own: Files |"), report);
    assertTrue(report.contains("| batch-256 buffer | async | native | 0.500 | 0.520 | 2.00x | robust | 512k | 2000 | own: fsb_read |"), report);
    assertTrue(report.contains("| single default | sync | native | 0.0120 | 0.0123 | 0.84x slower | not robust | 83.2k | — | **nio fallback**: Files.readAttributes |"), report);
  }

  @Test
  void omittedCellsAreListedWithTheirReason() {
    assertTrue(report.contains("## Cells not run"));
    assertTrue(report.contains("| chown/batch-256/-/sync/native | chown batch-256 needs [OWNERSHIP], which backend native does not declare |"), report);
  }

  @Test
  void backendsSectionCarriesTheirDetails() {
    assertTrue(report.contains("| native | yes | Rust via JNA | library.sha256=ab12 |"), report);
  }

  @Test
  void failedRunSaysSoAtTheTopNamingTheCell() {
    RunRecord failed =
        new RunRecord(RunRecord.SCHEMA_VERSION, RunRecord.Status.FAILED, false,
            new RunRecord.Failure("writeFile/single/buffer/sync/broken", "broken", "writeFile", "single buffer", "sync", "content differs"),
            "2026-11-30T01:00:00Z", "2026-11-30T01:00:01Z", TestRuns.environment("ext4"), TestRuns.settings(),
            TestRuns.complete(TestRuns.twoFamilies()).cases(), List.of());
    String text = MarkdownReport.render(failed, "x");
    assertTrue(text.contains("**Incomplete run: it stopped at a failure.** Cell `writeFile/single/buffer/sync/broken`"
        + " (backend broken, family writeFile, case single buffer, mode sync): content differs"), text);
  }

  @Test
  void overviewPrefersTheRepresentativeCaseOfEachMode() {
    Route r = Route.own("x");
    List<dev.fsbench.harness.results.CellOutcome> cells = List.of(
        TestRuns.cell("chmod", "single", "-", Mode.SYNC, "nio", 0, r, 1, 0, TestRuns.around(1000)),
        TestRuns.cell("chmod", "batch-256", "-", Mode.SYNC, "nio", 0, r, 256, 0, TestRuns.around(2000)),
        TestRuns.cell("chmod", "batch-256", "-", Mode.ASYNC, "nio", 0, r, 256, 0, TestRuns.around(3000)),
        TestRuns.cell("chmod", "single", "-", Mode.ASYNC, "nio", 0, r, 1, 0, TestRuns.around(4000)));
    String text = MarkdownReport.render(TestRuns.complete(cells), "x");
    assertTrue(text.contains("| chmod | batch-256 | sync | nio | 0.00200 | not measured | — | — |"), text);
    assertTrue(text.contains("| chmod | batch-256 | async | nio | 0.00300 | not measured | — | — |"), text);
    assertEquals(2, text.split("\\| chmod \\|", -1).length - 1, "one overview row per mode, no more");
    assertTrue(text.indexOf("| chmod | batch-256 | sync |") < text.indexOf("| chmod | batch-256 | async |"), "sync first");
  }
}
