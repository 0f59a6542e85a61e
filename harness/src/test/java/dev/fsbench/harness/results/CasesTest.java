package dev.fsbench.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.stats.Regime;
import dev.fsbench.harness.stats.Verdict;
import dev.fsbench.spi.Route;
import java.util.List;
import org.junit.jupiter.api.Test;

class CasesTest {

  @Test
  void profilerMetricsKeepEveryForksScoreAndTheirMedianAndSurviveARecompute() {
    CellOutcome plain =
        TestRuns.cellForks(
            "stat",
            "single",
            "default",
            Mode.SYNC,
            "nio",
            0,
            Route.own("Files"),
            1,
            0,
            TestRuns.around(1000),
            TestRuns.around(1000),
            TestRuns.around(1000));
    CellOutcome profiled =
        new CellOutcome(
            plain.plan(),
            plain.route(),
            plain.samples(),
            plain.cpuClock(),
            plain.runNanos(),
            java.util.Map.of(
                0,
                java.util.Map.of(
                    "gc.alloc.rate.norm",
                    new CellOutcome.SecondaryScore(1000, "B/op"),
                    "gc.count",
                    new CellOutcome.SecondaryScore(1, "counts")),
                1,
                java.util.Map.of(
                    "gc.alloc.rate.norm", new CellOutcome.SecondaryScore(9000, "B/op")),
                2,
                java.util.Map.of(
                    "gc.alloc.rate.norm", new CellOutcome.SecondaryScore(2000, "B/op"))),
            plain.timing());
    CaseRecord.BackendResult r = Cases.of(List.of(profiled)).get(0).results().get("nio");
    CaseRecord.SecondaryMetric alloc = r.secondaryMetrics().get("gc.alloc.rate.norm");
    assertEquals("B/op", alloc.unit());
    assertEquals(2000, alloc.median(), "one odd fork cannot move the cell's figure");
    assertEquals(
        List.of(
            new CaseRecord.ForkScore(0, 1000),
            new CaseRecord.ForkScore(1, 9000),
            new CaseRecord.ForkScore(2, 2000)),
        alloc.forks());
    assertEquals(
        List.of(new CaseRecord.ForkScore(0, 1)),
        r.secondaryMetrics().get("gc.count").forks(),
        "a fork the profiler said nothing for is absent, not zero");
    CaseRecord again = Cases.recompute(List.of(Cases.of(List.of(profiled)).get(0))).get(0);
    assertEquals(r.secondaryMetrics(), again.results().get("nio").secondaryMetrics());
  }

  @Test
  void groupsCellsIntoCasesInMatrixOrderWithVerdictsAgainstNio() {
    List<CaseRecord> cases = Cases.of(TestRuns.twoFamilies());
    assertEquals(2, cases.size());
    CaseRecord read = cases.get(0);
    assertEquals("readFile", read.family());
    assertEquals("batch-256 buffer", read.caseLabel());
    assertEquals(List.of("nio", "native"), List.copyOf(read.results().keySet()));
    assertNull(read.results().get("nio").regime(Regime.STEADY).vsNio());
    for (Regime regime : Regime.values()) {
      CaseRecord.Versus vs = read.results().get("native").regime(regime).vsNio();
      assertEquals(2.0, vs.ratio(), 0.01);
      assertTrue(vs.low() > 1.8 && vs.high() < 2.2, vs.toString());
      assertEquals(Verdict.FASTER, vs.verdict());
      CaseRecord.Versus stat = cases.get(1).results().get("native").regime(regime).vsNio();
      assertTrue(stat.ratio() < 1);
      assertEquals(Verdict.TIE, stat.verdict(), "interleaved samples must be a tie: " + stat);
    }
  }

  @Test
  void eachForkIsClassifiedAndTheRegimesTakeTheirSamples() {
    CaseRecord.BackendResult nio = Cases.of(TestRuns.twoFamilies()).get(0).results().get("nio");
    assertEquals(1, nio.forks().size());
    CaseRecord.ForkRecord fork = nio.forks().get(0);
    assertEquals("flat", fork.classification());
    assertEquals(0, fork.steadyFrom());
    assertEquals(10, fork.measured());
    assertEquals(10, nio.regime(Regime.FIRST_USE).statistics().samples());
    assertEquals(10, nio.regime(Regime.STEADY).statistics().samples());
    assertEquals(
        1,
        nio.regime(Regime.STEADY).statistics().gcSamples(),
        "the fixture marks one sample with a GC");
    assertEquals("flat", nio.regime(Regime.STEADY).classification());
    assertNull(nio.regime(Regime.FIRST_USE).classification());
  }

  @Test
  void theEstimateIsTheMedianOfForkMediansSoOneBadForkCannotMoveIt() {
    long[] good = TestRuns.around(1_000_000);
    long[] bad = TestRuns.around(1_700_000);
    CaseRecord c =
        Cases.of(
                List.of(
                    TestRuns.cellForks(
                        "stat",
                        "single",
                        "-",
                        Mode.SYNC,
                        "nio",
                        0,
                        Route.own("x"),
                        1,
                        0,
                        good,
                        bad,
                        good)))
            .get(0);
    assertRobustEstimate(c);
  }

  private static void assertRobustEstimate(CaseRecord c) {
    var s = c.results().get("nio").regime(Regime.STEADY).statistics();
    assertEquals(1_000_000, s.medianNanos(), 1);
    assertEquals(List.of(1_000_000.0, 1_700_000.0, 1_000_000.0), s.forkMedianNanos());
    assertEquals(3, s.forks());
    assertEquals(30, s.samples());
  }

  @Test
  void recomputingFromTheFirstForksIsWhatAShorterRunWouldHaveSaid() {
    long[] good = TestRuns.around(1_000_000);
    long[] bad = TestRuns.around(1_700_000);
    List<CaseRecord> three =
        Cases.of(
            List.of(
                TestRuns.cellForks(
                    "stat",
                    "single",
                    "-",
                    Mode.SYNC,
                    "nio",
                    0,
                    Route.own("x"),
                    1,
                    0,
                    good,
                    bad,
                    good)));
    CaseRecord.BackendResult two = Cases.recompute(three, 2).get(0).results().get("nio");
    assertEquals(2, two.forks().size());
    assertEquals(20, two.samples().stream().filter(x -> !x.warmup()).count());
    var s = two.regime(Regime.STEADY).statistics();
    assertEquals(List.of(1_000_000.0, 1_700_000.0), s.forkMedianNanos());
    assertEquals(1_350_000, s.medianNanos(), 1, "the median of two forks is their mean");
    assertThrows(IllegalArgumentException.class, () -> Cases.recompute(three, 0));
  }

  @Test
  void recomputingFromTheRawSamplesGivesTheSameRecords() {
    List<CaseRecord> cases = Cases.of(TestRuns.twoFamilies());
    assertEquals(cases, Cases.recompute(cases));
  }

  @Test
  void theControlIsComparedWithNioLikeAnyBackend() {
    Route r = Route.own("x");
    List<CaseRecord> cases =
        Cases.of(
            List.of(
                TestRuns.cell(
                    "stat", "single", "-", Mode.SYNC, "nio", 0, r, 1, 0, TestRuns.around(1000)),
                TestRuns.cell(
                    "stat",
                    "single",
                    "-",
                    Mode.SYNC,
                    Cases.CONTROL,
                    0,
                    r,
                    1,
                    0,
                    TestRuns.around(1000))));
    CaseRecord.BackendResult control = cases.get(0).results().get(Cases.CONTROL);
    assertTrue(control.control());
    assertNotNull(control.regime(Regime.STEADY).vsNio());
    assertEquals(Verdict.TIE, control.regime(Regime.STEADY).vsNio().verdict());
    RunRecord.Counts counts = RunRecord.VerdictSummary.of(cases).steady();
    assertEquals(new RunRecord.Counts(0, 0, 0, 0, 1, 0), counts);
  }

  @Test
  void nativeConcurrencyVariantsAreSeparateColumns() {
    Route r = Route.own("fsb_scan");
    List<CaseRecord> cases =
        Cases.of(
            List.of(
                TestRuns.cell(
                    "scan",
                    "tree-1000",
                    "-",
                    Mode.SYNC,
                    "nio",
                    0,
                    r,
                    1,
                    0,
                    TestRuns.around(5_000_000)),
                TestRuns.cell(
                    "scan",
                    "tree-1000",
                    "-",
                    Mode.SYNC,
                    "native",
                    1,
                    r,
                    1,
                    0,
                    TestRuns.around(4_000_000)),
                TestRuns.cell(
                    "scan",
                    "tree-1000",
                    "-",
                    Mode.SYNC,
                    "native",
                    4,
                    r,
                    1,
                    0,
                    TestRuns.around(2_000_000))));
    assertEquals(
        List.of("nio", "native-c1", "native-c4"), List.copyOf(cases.get(0).results().keySet()));
    assertEquals(4, cases.get(0).results().get("native-c4").concurrency());
  }

  @Test
  void withoutNioThereIsNoRatio() {
    List<CaseRecord> cases =
        Cases.of(
            List.of(
                TestRuns.cell(
                    "stat",
                    "single",
                    "-",
                    Mode.SYNC,
                    "native",
                    0,
                    Route.own("x"),
                    1,
                    0,
                    TestRuns.around(1000))));
    assertNull(cases.get(0).results().get("native").regime(Regime.STEADY).vsNio());
  }

  @Test
  void cellsOfOneCaseMustDoTheSameWork() {
    Route r = Route.own("x");
    assertThrows(
        IllegalArgumentException.class,
        () ->
            Cases.of(
                List.of(
                    TestRuns.cell(
                        "stat", "single", "-", Mode.SYNC, "nio", 0, r, 1, 0, TestRuns.around(1000)),
                    TestRuns.cell(
                        "stat",
                        "single",
                        "-",
                        Mode.SYNC,
                        "native",
                        0,
                        r,
                        2,
                        0,
                        TestRuns.around(1000)))));
  }

  @Test
  void aFloorIsAReferenceThatEveryOtherResultOfTheCaseIsMeasuredAgainst() {
    List<CaseRecord> cases = Cases.of(TestRuns.withFloors());
    CaseRecord stat = cases.get(0);
    assertEquals(List.of("nio", "native", "floor"), List.copyOf(stat.results().keySet()));
    CaseRecord.BackendResult floor = stat.results().get("floor");
    assertTrue(floor.isFloor());
    assertEquals("native-loop", floor.timing());
    assertNull(stat.results().get("nio").timing(), "a backend's result has no timing");
    for (Regime regime : Regime.values()) {
      assertNull(floor.regime(regime).vsNio(), "a floor is never compared with nio");
      assertNull(floor.regime(regime).vsFloor(), "the case has no other floor");
      CaseRecord.Distance nio = stat.results().get("nio").regime(regime).vsFloor().get("floor");
      assertEquals(2.4, nio.ratio(), 0.01, "nio's estimate over the floor's");
      assertTrue(nio.low() <= nio.ratio() && nio.ratio() <= nio.high(), nio.toString());
      CaseRecord.Distance nat = stat.results().get("native").regime(regime).vsFloor().get("floor");
      assertEquals(1.2, nat.ratio(), 0.01);
      assertNotNull(stat.results().get("native").regime(regime).vsNio(), "still compared with nio");
    }

    CaseRecord readdir = cases.get(1);
    CaseRecord.RegimeRecord nat = readdir.results().get("native").regime(Regime.STEADY);
    assertEquals(List.of("floor", "floor-find"), List.copyOf(nat.vsFloor().keySet()));
    assertEquals(0.9 / 0.8, nat.vsFloor().get("floor").ratio(), 0.01);
    assertEquals(0.45, nat.vsFloor().get("floor-find").ratio(), 0.01, "native beats find");
    CaseRecord.BackendResult find = readdir.results().get("floor-find");
    assertEquals("process", find.timing());
    assertEquals(
        List.of("floor"),
        List.copyOf(find.regime(Regime.STEADY).vsFloor().keySet()),
        "a floor has its distance to the case's other floors");
    assertEquals(2.5, find.regime(Regime.STEADY).vsFloor().get("floor").ratio(), 0.01);

    CaseRecord async = cases.get(2);
    assertEquals("async", async.mode());
    assertNull(async.results().get("native").regime(Regime.STEADY).vsFloor(), "no floor here");
  }

  @Test
  void floorsAddNothingToTheVerdictsAndRecomputeTheSame() {
    List<CaseRecord> cases = Cases.of(TestRuns.withFloors());
    RunRecord.VerdictSummary verdicts = RunRecord.VerdictSummary.of(cases);
    assertEquals(3, verdicts.steady().comparisons(), "native in three cases; no floor counted");
    assertEquals(cases, Cases.recompute(cases));
  }
}
