package dev.fsbench.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.Mode;
import dev.fsbench.spi.Route;
import java.util.List;
import org.junit.jupiter.api.Test;

class CasesTest {

  @Test
  void groupsCellsIntoCasesInMatrixOrderWithRatiosAgainstNio() {
    List<CaseRecord> cases = Cases.of(TestRuns.twoFamilies());
    assertEquals(2, cases.size());
    CaseRecord read = cases.get(0);
    assertEquals("readFile", read.family());
    assertEquals("batch-256 buffer", read.caseLabel());
    assertEquals(List.of("nio", "native"), List.copyOf(read.results().keySet()));
    assertNull(read.results().get("nio").vsNio());
    CaseRecord.Versus vs = read.results().get("native").vsNio();
    assertEquals(2.0, vs.ratio(), 0.01);
    assertTrue(vs.robust());
    CaseRecord.Versus stat = cases.get(1).results().get("native").vsNio();
    assertTrue(stat.ratio() < 1);
    assertFalse(stat.robust(), "interleaved samples must not be robust, p " + stat.pValue());
  }

  @Test
  void nativeConcurrencyVariantsAreSeparateColumns() {
    Route r = Route.own("fsb_scan");
    List<CaseRecord> cases =
        Cases.of(List.of(
            TestRuns.cell("scan", "tree-1000", "-", Mode.SYNC, "nio", 0, r, 1, 0, TestRuns.around(5_000_000)),
            TestRuns.cell("scan", "tree-1000", "-", Mode.SYNC, "native", 1, r, 1, 0, TestRuns.around(4_000_000)),
            TestRuns.cell("scan", "tree-1000", "-", Mode.SYNC, "native", 4, r, 1, 0, TestRuns.around(2_000_000))));
    assertEquals(List.of("nio", "native-c1", "native-c4"), List.copyOf(cases.get(0).results().keySet()));
    assertEquals(4, cases.get(0).results().get("native-c4").concurrency());
  }

  @Test
  void withoutNioThereIsNoRatio() {
    List<CaseRecord> cases =
        Cases.of(List.of(TestRuns.cell("stat", "single", "-", Mode.SYNC, "native", 0, Route.own("x"), 1, 0, TestRuns.around(1000))));
    assertNull(cases.get(0).results().get("native").vsNio());
  }

  @Test
  void cellsOfOneCaseMustDoTheSameWork() {
    Route r = Route.own("x");
    assertThrows(IllegalArgumentException.class, () -> Cases.of(List.of(
        TestRuns.cell("stat", "single", "-", Mode.SYNC, "nio", 0, r, 1, 0, TestRuns.around(1000)),
        TestRuns.cell("stat", "single", "-", Mode.SYNC, "native", 0, r, 2, 0, TestRuns.around(1000)))));
  }
}
