package dev.fsbench.harness.report;

import static dev.fsbench.harness.results.TestRuns.around;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.results.CellOutcome;
import dev.fsbench.harness.results.TestRuns;
import dev.fsbench.harness.stats.Regime;
import dev.fsbench.harness.stats.Verdict;
import dev.fsbench.spi.Route;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The default concurrency against serial, on runs whose forks are known. */
class DefaultAgainstSerialTest {
  private static CellOutcome tree(
      String family, String backend, int concurrency, long... forkCenters) {
    long[][] forks = new long[forkCenters.length][];
    for (int i = 0; i < forks.length; i++) {
      forks[i] = around(forkCenters[i]);
    }
    return TestRuns.cellForks(
        family, "tree-1000", "-", Mode.SYNC, backend, concurrency, Route.own(backend), 1, 0, forks);
  }

  /**
   * readdir: the default 25% slower than serial in three forks that agree to 1%; glob: the two
   * alike; scan: no serial cell. nio at 6 ms in each.
   */
  private static List<CellOutcome> threeFamilies() {
    List<CellOutcome> cells = new ArrayList<>();
    for (String family : List.of("readdir", "glob", "scan")) {
      cells.add(tree(family, "nio", 0, 6_000_000, 6_060_000, 5_940_000));
    }
    cells.add(tree("readdir", "native", 0, 1_000_000, 1_010_000, 990_000));
    cells.add(tree("readdir", "native", 1, 800_000, 808_000, 792_000));
    cells.add(tree("glob", "native", 0, 700_000, 707_000, 693_000));
    cells.add(tree("glob", "native", 1, 700_000, 693_000, 707_000));
    cells.add(tree("scan", "native", 0, 2_000_000, 2_020_000, 1_980_000));
    return cells;
  }

  @Test
  void aDefaultSlowerThanSerialIsSaidSoAndAnEqualOneIsATie() {
    List<DefaultAgainstSerial.Row> rows =
        DefaultAgainstSerial.of(TestRuns.complete(threeFamilies()));
    assertEquals(4, rows.size(), "readdir and glob, two regimes each; scan has no serial cell");
    DefaultAgainstSerial.Row readdir = rows.get(0);
    assertEquals("readdir", readdir.family());
    assertEquals("native", readdir.backend());
    assertEquals(Regime.STEADY, readdir.regime());
    assertEquals(0.8, readdir.ratio(), 1e-9, "c1's time over the default's");
    assertTrue(readdir.high() < 1, "interval " + readdir.low() + ".." + readdir.high());
    assertEquals(Verdict.SLOWER, readdir.verdict());
    DefaultAgainstSerial.Row glob = rows.get(1);
    assertEquals("glob", glob.family());
    assertEquals(1.0, glob.ratio(), 1e-9);
    assertEquals(Verdict.TIE, glob.verdict());
    assertEquals(Regime.FIRST_USE, rows.get(2).regime());
  }

  @Test
  void theSectionCountsTheSlowerOnesAndListsEveryCase() {
    StringBuilder out = new StringBuilder();
    DefaultAgainstSerial.markdown(TestRuns.complete(threeFamilies()), out);
    String md = out.toString();
    assertTrue(md.startsWith("## The default concurrency against serial\n"), md);
    assertTrue(md.contains("4 comparisons with a verdict, the default **slower** in 2"), md);
    assertTrue(md.contains("| readdir | tree-1000 | sync | native | 0.80x ["), md);
    assertTrue(md.contains("| glob | tree-1000 | sync | native | 1.00x ["), md);
    assertFalse(md.contains("| scan |"), md);
  }

  @Test
  void singleForksGiveARatioWithoutAVerdict() {
    List<CellOutcome> cells =
        List.of(
            tree("rm", "nio", 0, 9_000_000),
            tree("rm", "native", 0, 6_000_000),
            tree("rm", "native", 1, 5_000_000));
    List<DefaultAgainstSerial.Row> rows = DefaultAgainstSerial.of(TestRuns.complete(cells));
    assertEquals(2, rows.size());
    assertEquals(5.0 / 6.0, rows.get(0).ratio(), 1e-9);
    assertNull(rows.get(0).verdict());
    assertTrue(Double.isNaN(rows.get(0).low()));
  }

  @Test
  void aRunWithoutSerialCellsHasNoSection() {
    StringBuilder out = new StringBuilder();
    DefaultAgainstSerial.markdown(TestRuns.complete(TestRuns.twoFamilies()), out);
    assertEquals("", out.toString());
  }
}
