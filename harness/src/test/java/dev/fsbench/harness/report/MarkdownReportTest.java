package dev.fsbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.Cases;
import dev.fsbench.harness.results.CellOutcome;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.results.TestRuns;
import dev.fsbench.spi.Route;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MarkdownReportTest {
  private final String report =
      MarkdownReport.render(TestRuns.complete(TestRuns.twoFamilies()), "2026-11-30-linux-amd64");

  @Test
  void methodStatesForksSamplesRegimesSandboxAndMachine() {
    assertTrue(report.startsWith("# fsbench results: 2026-11-30-linux-amd64\n"));
    assertTrue(report.contains("## Method"));
    assertTrue(report.contains("Sandbox: **tmpfs**"));
    assertTrue(
        report.contains(
            "1 fork per cell, interleaved across the case's backends; per fork 1 warmups, then"),
        report);
    assertTrue(report.contains("**first-use** answers"), report);
    assertTrue(report.contains("**steady** answers"), report);
    assertTrue(report.contains("Test CPU @ 3.0GHz, 2 cores, 24.0 GiB memory"));
    assertTrue(
        report.contains(
            "commit `0123456789ab`; libraries: commons-io 2.22.0, fsbench 0.1.0-SNAPSHOT, jackson 2.23.0, jmh 1.37, jna 5.19.1, picocli 4.7.7."),
        report);
    assertFalse(report.contains("Incomplete"));
    // a run from before the rule of two settled forks a side says nothing of it
    assertFalse(report.contains("settled forks of several"), report);
  }

  @Test
  void leadsWithTheSteadyOverviewAndShowsTheFirstUseOneAfterIt() {
    int steady = report.indexOf("## Overview, steady");
    int firstUse = report.indexOf("## Overview, first-use");
    assertTrue(steady > 0 && firstUse > steady, report);
    assertTrue(report.indexOf("## Method") > firstUse, "the method comes after both overviews");
    assertFalse(report.contains("## readFile"), "per-family detail lives in REPORT.html");
    assertTrue(report.indexOf("[REPORT.html](REPORT.html)") < steady, report);
  }

  @Test
  void overviewRowsCarryTheRatioItsIntervalAndTheVerdict() {
    String row = line(report, "| readFile | batch-256 buffer | async | 1.00 | 0.500 | 2.00x [");
    assertTrue(row.endsWith("| **faster** |"), "no peer besides the target: " + row);
    String stat = line(report, "| stat | single default | sync | ");
    assertTrue(stat.contains("| tie |"), "interleaved samples must be a tie: " + stat);
  }

  @Test
  void withoutControlsTheReportSaysNothingShowsItsFalseVerdictRate() {
    assertTrue(report.contains("No A/A control in this run"), report);
  }

  @Test
  void aControlThatDisagreesIsSaidAtTheTop() {
    List<CellOutcome> cells = new ArrayList<>(TestRuns.twoFamilies());
    Route nio = Route.own("Files");
    cells.add(
        TestRuns.cell(
            "readFile",
            "batch-256",
            "buffer",
            Mode.ASYNC,
            Cases.CONTROL,
            0,
            nio,
            256,
            256 * 4096,
            TestRuns.around(1_300_000)));
    String text = MarkdownReport.render(TestRuns.complete(cells), "x");
    assertTrue(
        text.indexOf("**The run's controls disagree with themselves:**")
            < text.indexOf("## Method"),
        text);
    assertTrue(text.contains("1 comparisons steady, 1 not tie"), text);
  }

  @Test
  void aControlThatAgreesIsSaidToo() {
    List<CellOutcome> cells = new ArrayList<>(TestRuns.twoFamilies());
    cells.add(
        TestRuns.cell(
            "readFile",
            "batch-256",
            "buffer",
            Mode.ASYNC,
            Cases.CONTROL,
            0,
            Route.own("Files"),
            256,
            256 * 4096,
            TestRuns.around(1_000_000)));
    String text = MarkdownReport.render(TestRuns.complete(cells), "x");
    assertTrue(
        text.contains(
            "> A/A control: nio against independent nio forks (`nio-aa`), 1 comparisons steady, 0 not tie"),
        text);
  }

  @Test
  void chartsTheNotebooksDrewAreLinkedAndNoOthers() {
    String withCharts =
        MarkdownReport.render(
            TestRuns.complete(TestRuns.twoFamilies()),
            "x",
            List.of(
                "concurrency.png",
                "overview-first-use.png",
                "overview.png",
                "sync-async.png",
                "warmup.png"));
    assertTrue(withCharts.contains("](overview.png)"), withCharts);
    assertTrue(withCharts.contains("](overview-first-use.png)"), withCharts);
    assertTrue(
        withCharts.contains(
            "[concurrency](concurrency.png), [sync-async](sync-async.png), [warmup](warmup.png)."),
        withCharts);
    assertFalse(report.contains(".png"), "no chart is linked when the folder has none");
  }

  @Test
  void verdictCountsPerRegime() {
    assertTrue(report.contains("| steady | 2 | 1 | 0 | 1 | 0 | 0 |"), report);
    assertTrue(report.contains("| first-use | 2 | 1 | 0 | 1 | 0 | 0 |"), report);
  }

  @Test
  void aCellWithoutSteadyStateSaysSoInsteadOfAFigure() {
    Route r = Route.own("x");
    long[] trend = new long[30];
    for (int i = 0; i < trend.length; i++) {
      trend[i] = 1_000_000 + 40_000L * i;
    }
    List<CellOutcome> cells =
        List.of(
            TestRuns.cell(
                "chmod",
                "batch-256",
                "-",
                Mode.SYNC,
                "nio",
                0,
                r,
                256,
                0,
                TestRuns.around(1_000_000)),
            TestRuns.cell("chmod", "batch-256", "-", Mode.SYNC, "native", 0, r, 256, 0, trend));
    RunRecord run = TestRuns.complete(cells);
    CaseRecord.RegimeRecord steady = run.cases().get(0).results().get("native").regimes().steady();
    assertEquals(null, steady.statistics());
    assertEquals("no steady state in 1 of 1 forks", steady.note());
    String text = MarkdownReport.render(run, "x");
    assertTrue(
        text.contains(
            "| chmod | batch-256 | sync | 1.00 | no steady state | — | — | nio | — | — | — |"),
        text);
  }

  @Test
  void omittedCellsAreListedWithTheirReason() {
    assertTrue(report.contains("## Cells not run"));
    assertTrue(
        report.contains(
            "| chown/batch-256/-/sync/native | chown batch-256 needs [OWNERSHIP], which backend native does not declare |"),
        report);
  }

  @Test
  void backendsSectionCarriesTheirDetails() {
    assertTrue(report.contains("| native | yes | Rust via JNA | library.sha256=ab12 |"), report);
  }

  @Test
  void failedRunSaysSoAtTheTopNamingTheCell() {
    List<CaseRecord> cases = TestRuns.complete(TestRuns.twoFamilies()).cases();
    RunRecord failed =
        new RunRecord(
            RunRecord.SCHEMA_VERSION,
            RunRecord.Status.FAILED,
            false,
            new RunRecord.Failure(
                "writeFile/single/buffer/sync/broken",
                "broken",
                "writeFile",
                "single buffer",
                "sync",
                "content differs"),
            "2026-11-30T01:00:00Z",
            "2026-11-30T01:00:01Z",
            TestRuns.environment("ext4"),
            TestRuns.settings(),
            cases,
            RunRecord.VerdictSummary.of(cases),
            List.of());
    String text = MarkdownReport.render(failed, "x");
    assertTrue(
        text.contains(
            "**Incomplete run: it stopped at a failure.** Cell `writeFile/single/buffer/sync/broken`"
                + " (backend broken, family writeFile, case single buffer, mode sync): content differs"),
        text);
  }

  @Test
  void overviewPrefersTheRepresentativeCaseOfEachMode() {
    Route r = Route.own("x");
    List<CellOutcome> cells =
        List.of(
            TestRuns.cell(
                "chmod", "single", "-", Mode.SYNC, "nio", 0, r, 1, 0, TestRuns.around(1000)),
            TestRuns.cell(
                "chmod", "batch-256", "-", Mode.SYNC, "nio", 0, r, 256, 0, TestRuns.around(2000)),
            TestRuns.cell(
                "chmod", "batch-256", "-", Mode.ASYNC, "nio", 0, r, 256, 0, TestRuns.around(3000)),
            TestRuns.cell(
                "chmod", "single", "-", Mode.ASYNC, "nio", 0, r, 1, 0, TestRuns.around(4000)));
    String text = MarkdownReport.render(TestRuns.complete(cells), "x");
    String steady =
        text.substring(text.indexOf("## Overview, steady"), text.indexOf("## Overview, first-use"));
    assertTrue(
        steady.contains(
            "| chmod | batch-256 | sync | 0.00200 | not measured | — | — | nio | — | — | — |\n"),
        steady);
    assertTrue(
        steady.contains(
            "| chmod | batch-256 | async | 0.00300 | not measured | — | — | nio | — | — | — |\n"),
        steady);
    assertEquals(
        2, steady.split("\\| chmod \\|", -1).length - 1, "one overview row per mode, no more");
    assertTrue(
        steady.indexOf("| chmod | batch-256 | sync |")
            < steady.indexOf("| chmod | batch-256 | async |"),
        "sync first");
  }

  /** readFile batch-256 buffer async: nio 1 ms, commons-io 2 ms (nio fallback), native 0.5 ms. */
  private static List<CellOutcome> threeBackends() {
    List<CellOutcome> cells = new ArrayList<>();
    String[] ids = {"nio", "commons-io", "native"};
    long[] medians = {1_000_000, 2_000_000, 500_000};
    Route[] routes = {Route.own("Files"), Route.nioFallback("Files"), Route.own("fsb_read")};
    for (int i = 0; i < ids.length; i++) {
      cells.add(
          TestRuns.cell(
              "readFile",
              "batch-256",
              "buffer",
              Mode.SYNC,
              ids[i],
              0,
              routes[i],
              256,
              256 * 4096,
              TestRuns.around(medians[i])));
    }
    return cells;
  }

  @Test
  void defaultTargetIsNativeWithCommonsIoAsItsPeerInTheCommittedFormat() {
    RunRecord run =
        TestRuns.complete(
            threeBackends(), TestRuns.settings(List.of("nio", "commons-io", "native"), null));
    String text = MarkdownReport.render(run, "x");
    assertTrue(
        text.contains(
            "| family | case | mode | nio ms | native ms | native vs nio | verdict | best peer | peer vs nio |"
                + " native vs peer | verdict |\n"
                + "|---|---|---|---:|---:|---:|---|---|---:|---:|---|\n"
                + "| readFile | batch-256 buffer | sync | 1.00 | 0.500 | 2.00x ["),
        text);
    // commons-io's readFile ran nio's code (a fallback): nio again, never a peer of its own
    assertTrue(
        line(text, "| readFile | batch-256 buffer | sync | 1.00 | 0.500 |")
            .matches(".*\\| nio \\| — \\| 2\\.00x \\[[^]]*\\] \\| \\*\\*faster\\*\\* \\|$"),
        text);
  }

  @Test
  void targetLeadsTheOverviewAndTheOtherBackendsFollowAsPeers() {
    RunRecord run =
        TestRuns.complete(
            threeBackends(), TestRuns.settings(List.of("nio", "commons-io", "native"), "native"));
    String text = MarkdownReport.render(run, "x", List.of(), "commons-io");
    assertTrue(
        text.contains(
            "| family | case | mode | nio ms | commons-io ms | commons-io vs nio | verdict | best peer |"
                + " peer vs nio | commons-io vs peer | verdict |\n"
                + "|---|---|---|---:|---:|---:|---|---|---:|---:|---|\n"
                + "| readFile | batch-256 buffer | sync | 1.00 | 2.00 | 0.50x ["),
        text);
    String row = line(text, "| readFile | batch-256 buffer | sync | 1.00 | 2.00 | 0.50x [");
    assertTrue(row.contains("(nio fallback) |"), "the target's own fallback is marked: " + row);
    assertTrue(
        row.matches(".*\\| native \\| 2\\.00x \\[[^]]*\\] \\| 0\\.25x \\[[^]]*\\] \\| [^|]+ \\|$"),
        "native is the fastest peer; commons-io against it: " + row);
  }

  @Test
  void theTargetARunRecordedIsItsReportsDefault() {
    RunRecord run =
        TestRuns.complete(
            threeBackends(),
            TestRuns.settings(List.of("nio", "commons-io", "native"), "commons-io"));
    assertTrue(
        MarkdownReport.render(run, "x")
            .contains("| nio ms | commons-io ms | commons-io vs nio | verdict | best peer |"));
  }

  @Test
  void aTargetMustBeOneOfTheRunsBackendsOtherThanNio() {
    RunRecord run =
        TestRuns.complete(
            threeBackends(), TestRuns.settings(List.of("nio", "commons-io", "native"), null));
    for (String bad : List.of("nio", "mine")) {
      IllegalArgumentException e =
          org.junit.jupiter.api.Assertions.assertThrows(
              IllegalArgumentException.class,
              () -> MarkdownReport.render(run, "x", List.of(), bad));
      assertEquals(
          "target " + bad + " is not one of the run's backends other than nio: commons-io, native",
          e.getMessage());
    }
  }

  /**
   * The first line of {@code text} that starts with {@code prefix}; fails naming it when there is
   * none.
   */
  static String line(String text, String prefix) {
    return text.lines()
        .filter(l -> l.startsWith(prefix))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no line starting with " + prefix + " in:\n" + text));
  }

  @Test
  void aRunWithoutFloorsHasNoFloorColumnsOrSections() {
    assertTrue(
        report.contains(
            "| family | case | mode | nio ms | native ms | native vs nio | verdict | best peer |"
                + " peer vs nio | native vs peer | verdict |\n"),
        report);
    assertFalse(report.contains("floor"), "nothing of the floor in a run without one");
  }

  @Test
  void theOverviewShowsEachBackendsDistanceToTheFloor() {
    String withFloors = MarkdownReport.render(TestRuns.completeWithFloors(), "floors");
    assertTrue(
        withFloors.contains(
            "| family | case | mode | nio ms | native ms | native vs nio | verdict | best peer |"
                + " peer vs nio | native vs peer | verdict | floor ms | nio vs floor | native vs floor |"),
        withFloors);
    String stat = line(withFloors, "| stat | batch-256 default | sync | 1.20 | 0.600 | 2.00x [");
    assertTrue(
        stat.matches(".* \\| 0\\.500 \\| 2\\.40x \\[[^]]*\\] \\| 1\\.20x \\[[^]]*\\] \\|"), stat);
    String async = line(withFloors, "| readdir | tree-1000 | async | ");
    assertTrue(async.endsWith("| — | — | — |"), "no floor in async cases: " + async);
    assertTrue(
        withFloors.contains("The floors (`floor`, `floor-find`; representative sync cases)"));
  }

  @Test
  void theFloorsSectionNamesEachFloorAndItsTiming() {
    String withFloors = MarkdownReport.render(TestRuns.completeWithFloors(), "floors");
    assertTrue(withFloors.contains("## Floors\n\n| floor | timing | available |"), withFloors);
    assertTrue(
        withFloors.contains(
            "| floor-find | process | yes | readdir | find DIR > /dev/null | tool.version=find (GNU findutils) 4.9.0 |"),
        withFloors);
  }

  @Test
  void aBackendsNioFallbacksAreSummarisedNotListedCellByCell() {
    List<CaseRecord> cases = TestRuns.complete(TestRuns.twoFamilies()).cases();
    RunRecord run =
        new RunRecord(
            RunRecord.SCHEMA_VERSION,
            RunRecord.Status.COMPLETE,
            true,
            null,
            "2026-11-30T01:00:00Z",
            "2026-11-30T01:00:01Z",
            TestRuns.environment("tmpfs"),
            TestRuns.settings(),
            cases,
            RunRecord.VerdictSummary.of(cases),
            List.of(
                new RunRecord.Omitted(
                    "stat/single/default/sync/peer",
                    dev.fsbench.harness.workload.matrix.Matrix.nioFallbackReason(
                        "peer", "Files.stat")),
                new RunRecord.Omitted(
                    "stat/single/default/async/peer",
                    dev.fsbench.harness.workload.matrix.Matrix.nioFallbackReason(
                        "peer", "Files.stat")),
                new RunRecord.Omitted(
                    "access/single/-/sync/peer",
                    dev.fsbench.harness.workload.matrix.Matrix.nioFallbackReason(
                        "peer", "Files"))));
    String text = MarkdownReport.render(run, "x");
    assertTrue(text.contains("| peer | access, stat |\n"), text);
    assertFalse(text.contains("stat/single/default/sync/peer"), text);
  }
}
