package dev.fsbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.results.CellOutcome;
import dev.fsbench.harness.results.Environment;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.results.TestRuns;
import dev.fsbench.spi.Route;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RoutedTableTest {
  /** stat batch-256 sync: nio 1 ms, native 0.5 ms, routed (to native) at {@code routedNanos}. */
  private static RunRecord run(long routedNanos, boolean routedInEnvironment) {
    List<CellOutcome> cells = new ArrayList<>();
    String[] labels = {"nio", "native", "routed"};
    long[] medians = {1_000_000, 500_000, routedNanos};
    for (int i = 0; i < labels.length; i++) {
      cells.add(
          TestRuns.cell(
              "stat",
              "batch-256",
              "default",
              Mode.SYNC,
              labels[i],
              0,
              Route.own("x"),
              256,
              0,
              TestRuns.around(medians[i])));
    }
    RunRecord run = TestRuns.complete(cells);
    Environment e = run.environment();
    List<Environment.BackendInfo> backends = new ArrayList<>(e.backends());
    if (routedInEnvironment) {
      backends.add(
          new Environment.BackendInfo(
              "routed", "routed", true, "available", Map.of("route.stat", "native"), List.of()));
    }
    Environment withRouted =
        new Environment(
            e.jdk(),
            e.os(),
            e.cpu(),
            e.memoryBytes(),
            e.sandbox(),
            e.git(),
            e.dependencies(),
            backends,
            e.outsideJars(),
            e.floors());
    return new RunRecord(
        run.schemaVersion(),
        run.status(),
        run.complete(),
        run.failure(),
        run.startedAt(),
        run.finishedAt(),
        withRouted,
        run.settings(),
        run.cases(),
        run.verdicts(),
        run.omitted(),
        run.trees());
  }

  @Test
  void routedIsComparedWithTheLabelItsRoutesChoose() {
    StringBuilder out = new StringBuilder();
    RoutedTable.render(run(1_000_000, true), out);
    String text = out.toString();
    assertTrue(text.contains("## routed against the backend it routes to"), text);
    String row =
        MarkdownReportTest.line(text, "| stat | batch-256 default | sync | native | 0.50x [");
    assertTrue(row.contains("**slower**"), "twice native's time is slower: " + row);
    assertTrue(row.contains("| 1953 |"), "(1 ms - 0.5 ms) / 256 calls: " + row);
    assertTrue(text.contains("Slower in 2 of 2 comparisons."), text);
  }

  @Test
  void asFastAsItsBackendIsATie() {
    StringBuilder out = new StringBuilder();
    RoutedTable.render(run(500_000, true), out);
    assertTrue(out.toString().contains("Slower in 0 of 2 comparisons."), out.toString());
  }

  @Test
  void aRunWithoutRoutedHasNoSuchSection() {
    StringBuilder out = new StringBuilder();
    RoutedTable.render(run(500_000, false), out);
    assertFalse(out.toString().contains("routed"), out.toString());
  }
}
