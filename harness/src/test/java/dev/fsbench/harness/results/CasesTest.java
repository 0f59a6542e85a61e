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

  /** Ten iterations that halve the time from first to last: a fork that never settles. */
  private static long[] stillWarming() {
    long[] out = new long[10];
    for (int i = 0; i < out.length; i++) {
      out[i] = Math.round(2_000_000 * Math.pow(0.5, i / 9.0));
    }
    return out;
  }

  private static CellOutcome nioForks(long[]... forks) {
    return TestRuns.cellForks(
        "stat", "single", "-", Mode.SYNC, "nio", 0, Route.own("x"), 1, 0, forks);
  }

  @Test
  void aCellHasASteadyFigureWhenAThirdOfItsForksSettledFromThoseForks() {
    long[] settled = TestRuns.around(1_000_000);
    var one =
        Cases.of(List.of(nioForks(stillWarming(), settled, stillWarming())))
            .get(0)
            .results()
            .get("nio")
            .regime(Regime.STEADY);
    assertEquals(1, one.forksUsed());
    assertEquals(List.of(1_000_000.0), one.statistics().forkMedianNanos());
    assertEquals("2 of 3 forks reached no steady state and are left out", one.note());
    var none =
        Cases.of(List.of(nioForks(stillWarming(), stillWarming(), stillWarming())))
            .get(0)
            .results()
            .get("nio")
            .regime(Regime.STEADY);
    assertNull(none.statistics());
    assertEquals("no steady state in 3 of 3 forks", none.note());
  }

  private static CellOutcome nativeForks(long[]... forks) {
    return TestRuns.cellForks(
        "stat", "single", "-", Mode.SYNC, "native", 0, Route.own("x"), 1, 0, forks);
  }

  private static CaseRecord.RegimeRecord steadyOfNative(CellOutcome nio, CellOutcome other) {
    return Cases.of(List.of(nio, other)).get(0).results().get("native").regime(Regime.STEADY);
  }

  /**
   * A steady verdict needs two settled forks a side: a lone settled fork of three keeps its figure
   * and loses its comparison, on either side; first-use is compared as before, and a run of one
   * fork per cell keeps its steady comparisons.
   */
  @Test
  void aSteadyVerdictNeedsTwoSettledForksASide() {
    long[] n = TestRuns.around(1_000_000);
    long[] m = TestRuns.around(500_000);
    CellOutcome nio = nioForks(n, scaled(n, 1.04), scaled(n, 0.97));
    CellOutcome loneNative = nativeForks(stillWarming(), m, stillWarming());
    var lone = steadyOfNative(nio, loneNative);
    assertNotNull(lone.statistics());
    assertNull(lone.vsNio());
    assertEquals(
        "no verdict: the steady figure is this cell's on 1 of its 3 forks, and a verdict needs two"
            + " settled forks a side",
        lone.note());
    assertNotNull(
        Cases.of(List.of(nio, loneNative))
            .get(0)
            .results()
            .get("native")
            .regime(Regime.FIRST_USE)
            .vsNio());

    CellOutcome native3 = nativeForks(m, scaled(m, 0.95), scaled(m, 1.02));
    var loneNio = steadyOfNative(nioForks(stillWarming(), n, stillWarming()), native3);
    assertNull(loneNio.vsNio());
    assertEquals(
        "no verdict: the steady figure is nio's on 1 of its 3 forks, and a verdict needs two"
            + " settled forks a side",
        loneNio.note());

    var two =
        steadyOfNative(
            nioForks(stillWarming(), n, scaled(n, 1.03)),
            nativeForks(m, stillWarming(), scaled(m, 0.98)));
    assertEquals(Verdict.FASTER, two.vsNio().verdict());

    var quick = steadyOfNative(nioForks(n), nativeForks(m));
    assertNotNull(quick.vsNio());
  }

  /**
   * The interval against nio is Student's t over the log fork medians: with one comparison in the
   * run, the prior is its own pooled variance s2 over the median of chi-square(4) / 4
   * (0.8391734950083, SciPy), worth 4 degrees of freedom, so the moderated variance is (4 s2 /
   * 0.83917 + 4 s2) / 8 and t has 8 degrees of freedom (0.975 quantile 2.306004135204166, SciPy).
   */
  @Test
  void theIntervalAgainstNioIsTheForkLevelT() {
    long[] n = TestRuns.around(1_000_000);
    long[] m = TestRuns.around(500_000);
    CaseRecord c =
        Cases.of(
                List.of(
                    nioForks(n, scaled(n, 1.04), scaled(n, 0.97)),
                    TestRuns.cellForks(
                        "stat",
                        "single",
                        "-",
                        Mode.SYNC,
                        "native",
                        0,
                        Route.own("x"),
                        1,
                        0,
                        m,
                        scaled(m, 0.95),
                        scaled(m, 1.02))))
            .get(0);
    double[] x = logs(c.results().get("nio").regime(Regime.STEADY).statistics().forkMedianNanos());
    double[] y =
        logs(c.results().get("native").regime(Regime.STEADY).statistics().forkMedianNanos());
    double s2 = (squares(x) + squares(y)) / 4;
    double moderated = (4 * s2 / 0.8391734950083 + 4 * s2) / 8;
    double half = 2.306004135204166 * Math.sqrt(moderated * (1 / 3.0 + 1 / 3.0));
    CaseRecord.Versus vs = c.results().get("native").regime(Regime.STEADY).vsNio();
    assertEquals(2.0, vs.ratio(), 1e-9);
    assertEquals(2.0 * Math.exp(-half), vs.low(), 1e-6);
    assertEquals(2.0 * Math.exp(half), vs.high(), 1e-6);
    assertEquals(Verdict.FASTER, vs.verdict());
  }

  private static long[] scaled(long[] base, double factor) {
    long[] out = new long[base.length];
    for (int i = 0; i < base.length; i++) {
      out[i] = Math.round(base[i] * factor);
    }
    return out;
  }

  private static double[] logs(List<Double> values) {
    return values.stream().mapToDouble(Math::log).toArray();
  }

  private static double squares(double[] v) {
    double mean = java.util.Arrays.stream(v).average().orElseThrow();
    return java.util.Arrays.stream(v).map(x -> (x - mean) * (x - mean)).sum();
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
  void aRecomputedRunNamesTheConstantsItWasRecomputedWith() {
    RunRecord old = TestRuns.complete(TestRuns.twoFamilies());
    RunRecord.Method was = old.settings().method();
    assertEquals(0.05, was.falseDiscoveryRate(), "the fixture is a run from before the 1% rate");
    RunRecord written = old.recomputed(Cases.recompute(old.cases()));
    RunRecord.Method now = written.settings().method();
    assertEquals(dev.fsbench.harness.stats.FalseDiscovery.RATE, now.falseDiscoveryRate());
    assertEquals(was.controlCases(), now.controlCases());
    assertEquals(was.floorCases(), now.floorCases());
    assertEquals(old.settings().withMethod(now), written.settings());
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
  void aResultAtAnExplicitConcurrencyGetsNoDistanceToTheFloorRunAtTheDefault() {
    List<CaseRecord> cases =
        Cases.of(
            List.of(
                copy("nio", 0, 30_000_000),
                copy("native", 0, 8_000_000),
                copy("native", 1, 13_000_000),
                TestRuns.floorCell(
                    "cp",
                    "tree-1000",
                    "-",
                    Mode.SYNC,
                    "floor",
                    "native-loop",
                    1,
                    0,
                    TestRuns.around(7_500_000))));
    CaseRecord cp = cases.get(0);
    for (Regime regime : Regime.values()) {
      assertEquals(
          List.of("floor"),
          List.copyOf(cp.results().get("native").regime(regime).vsFloor().keySet()),
          "the default walk against the floor, which runs the default");
      assertNull(
          cp.results().get("native-c1").regime(regime).vsFloor(),
          "a serial walk against a parallel floor would measure the parallelism");
      assertNotNull(cp.results().get("native-c1").regime(regime).vsNio(), "still against nio");
    }
  }

  /** A sync cp cell of tree-1000 whose samples are around {@code nanos}. */
  private static CellOutcome copy(String backend, int concurrency, long nanos) {
    return TestRuns.cell(
        "cp",
        "tree-1000",
        "-",
        Mode.SYNC,
        backend,
        concurrency,
        Route.own(backend),
        1,
        0,
        TestRuns.around(nanos));
  }

  @Test
  void floorsAddNothingToTheVerdictsAndRecomputeTheSame() {
    List<CaseRecord> cases = Cases.of(TestRuns.withFloors());
    RunRecord.VerdictSummary verdicts = RunRecord.VerdictSummary.of(cases);
    assertEquals(3, verdicts.steady().comparisons(), "native in three cases; no floor counted");
    assertEquals(cases, Cases.recompute(cases));
  }
}
