package dev.fsbench.harness.report;

import static dev.fsbench.harness.results.TestRuns.around;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.results.CellOutcome;
import dev.fsbench.harness.results.TestRuns;
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
    assertEquals(2, rows.size(), "readdir and glob; scan has no serial cell");
    DefaultAgainstSerial.Row readdir = rows.get(0);
    assertEquals("readdir", readdir.c().family());
    assertEquals("native", readdir.backend());
    assertEquals(0.8, readdir.steady().ratio(), 1e-9, "c1's time over the default's");
    assertTrue(readdir.steady().high() < 1, "interval " + readdir.steady());
    assertEquals(Verdict.SLOWER, readdir.steady().verdict());
    assertEquals(Verdict.SLOWER, readdir.firstUse().verdict());
    assertEquals(2, readdir.slower());
    DefaultAgainstSerial.Row glob = rows.get(1);
    assertEquals("glob", glob.c().family());
    assertEquals(1.0, glob.steady().ratio(), 1e-9);
    assertEquals(Verdict.TIE, glob.steady().verdict());
    assertEquals(0, glob.slower());
  }

  @Test
  void theSectionCountsTheSlowerOnesAndListsEveryCase() {
    StringBuilder out = new StringBuilder();
    DefaultAgainstSerial.markdown(TestRuns.complete(threeFamilies()), out);
    String md = out.toString();
    assertTrue(md.startsWith("## The default concurrency against serial\n"), md);
    assertTrue(md.contains("4 comparisons, the default **slower** in 2, faster in 0"), md);
    assertTrue(md.contains("| readdir | tree-1000 | sync | native | 0.80x ["), md);
    assertTrue(md.contains("| **slower** |"), md);
    assertTrue(md.contains("| glob | tree-1000 | sync | native | 1.00x ["), md);
    assertFalse(md.contains("| scan |"), md);
  }

  @Test
  void aRegimeWithoutAFigureHasNoComparison() {
    long[] rising = new long[10];
    for (int i = 0; i < rising.length; i++) {
      rising[i] = 1_000_000 + 40_000L * i; // never settles: no steady figure
    }
    List<CellOutcome> cells =
        List.of(
            tree("rm", "nio", 0, 9_000_000, 9_090_000, 8_910_000),
            TestRuns.cellForks(
                "rm",
                "tree-1000",
                "-",
                Mode.SYNC,
                "native",
                0,
                Route.own("native"),
                1,
                0,
                rising,
                rising,
                rising),
            tree("rm", "native", 1, 1_100_000, 1_111_000, 1_089_000));
    DefaultAgainstSerial.Row rm = DefaultAgainstSerial.of(TestRuns.complete(cells)).get(0);
    assertNull(rm.steady(), "the default has no steady figure");
    assertEquals(1, rm.decided());
    StringBuilder out = new StringBuilder();
    DefaultAgainstSerial.markdown(TestRuns.complete(cells), out);
    assertTrue(
        out.toString().contains("| rm | tree-1000 | sync | native | — | — | "), out.toString());
  }

  @Test
  void aRunWithoutSerialCellsHasNoSection() {
    StringBuilder out = new StringBuilder();
    DefaultAgainstSerial.markdown(TestRuns.complete(TestRuns.twoFamilies()), out);
    assertEquals("", out.toString());
  }
}
