package dev.fsbench.harness.report;

import static dev.fsbench.harness.report.KnownVerdicts.faster;
import static dev.fsbench.harness.report.KnownVerdicts.slower;
import static dev.fsbench.harness.report.KnownVerdicts.tie;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.stats.Regime;
import dev.fsbench.spi.Op;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rule that chooses a backend per family, on runs whose verdicts are known. */
class BackendChoiceTest {
  private static final Mode SYNC = Mode.SYNC;

  private static BackendChoice.FamilyChoice choice(KnownVerdicts run, String family) {
    return BackendChoice.of(run.run(), Regime.STEADY, SYNC).stream()
        .filter(f -> f.family().equals(family))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void everyFamilyInTheSpisOrderNioWhereNothingRan() {
    List<BackendChoice.FamilyChoice> all =
        BackendChoice.of(new KnownVerdicts().run(), Regime.STEADY, SYNC);
    assertEquals(
        Arrays.stream(Op.values()).map(Op::family).toList(),
        all.stream().map(BackendChoice.FamilyChoice::family).toList());
    all.forEach(f -> assertEquals("nio", f.backend()));
    assertEquals("no candidate: no other backend ran it with code of its own", all.get(0).whyNio());
  }

  @Test
  void aTieNeverMovesAFamilyAwayFromNio() {
    KnownVerdicts run =
        new KnownVerdicts()
            .own("stat", "single", SYNC, "native", tie(1.30))
            .own("stat", "batch-256", SYNC, "native", tie(1.20));
    BackendChoice.FamilyChoice stat = choice(run, "stat");
    assertNull(stat.chosen());
    assertEquals("nio", stat.backend());
    assertEquals("native no faster case", stat.whyNio());
  }

  @Test
  void oneSlowerCaseKeepsACandidateOutHoweverFastElsewhere() {
    KnownVerdicts run =
        new KnownVerdicts()
            .own("readFile", "single", SYNC, "native", slower(0.80))
            .own("readFile", "batch-256", SYNC, "native", faster(3.00))
            .own("readFile", "single", SYNC, "commons-io", faster(1.20))
            .own("readFile", "batch-256", SYNC, "commons-io", tie(1.02));
    BackendChoice.FamilyChoice readFile = choice(run, "readFile");
    assertEquals("commons-io", readFile.chosen().label());
    assertNull(readFile.runnerUp(), "native is not eligible: the runner-up is nio");
    assertEquals(
        List.of("commons-io", "native"),
        readFile.candidates().stream().map(BackendChoice.Candidate::label).toList());
    assertEquals("slower in single", readFile.candidates().get(1).whyNot());
  }

  @Test
  void theBestGeometricMeanAmongTheEligibleWithAConcurrencyOfItsOwn() {
    KnownVerdicts run =
        new KnownVerdicts()
            .own("readdir", "tree-4", SYNC, "native", faster(2.0))
            .own("readdir", "tree-1000", SYNC, "native", faster(1.8))
            .own("readdir", "tree-4", SYNC, "native-c4", faster(2.5))
            .own("readdir", "tree-1000", SYNC, "native-c4", faster(1.5))
            .own("readdir", "tree-4", SYNC, "native-c1", faster(4.0))
            .own("readdir", "tree-1000", SYNC, "native-c1", slower(0.9));
    BackendChoice.FamilyChoice readdir = choice(run, "readdir");
    // native: sqrt(2.0 * 1.8) = 1.897; native-c4: sqrt(2.5 * 1.5) = 1.936; native-c1 is out
    assertEquals("native-c4", readdir.chosen().label());
    assertEquals("native", readdir.chosen().backend());
    assertEquals(4, readdir.chosen().concurrency());
    assertEquals(Math.sqrt(2.5 * 1.5), readdir.chosen().ratio(), 1e-12);
    assertEquals("native", readdir.runnerUp().label());
  }

  @Test
  void equalScoresGoToTheFirstLabel() {
    KnownVerdicts run =
        new KnownVerdicts()
            .own("rm", "tree-4", SYNC, "native-c1", faster(2.0))
            .own("rm", "tree-4", SYNC, "native", faster(2.0));
    assertEquals("native", choice(run, "rm").chosen().label());
    assertEquals("native-c1", choice(run, "rm").runnerUp().label());
  }

  @Test
  void fallbacksControlsFloorsAndRoutedAreNoCandidates() {
    CaseRecord.RouteRecord.Kind own = CaseRecord.RouteRecord.Kind.OWN;
    KnownVerdicts run =
        new KnownVerdicts()
            .result(
                "chmod",
                "single",
                SYNC,
                "commons-io",
                "commons-io",
                0,
                CaseRecord.RouteRecord.Kind.NIO_FALLBACK,
                false,
                null,
                faster(1.3),
                faster(1.3))
            .result(
                "chmod",
                "single",
                SYNC,
                "nio-aa",
                "nio-aa",
                0,
                own,
                true,
                null,
                faster(1.3),
                faster(1.3))
            .result(
                "chmod",
                "single",
                SYNC,
                "floor",
                "floor",
                0,
                own,
                false,
                "native-loop",
                faster(3.0),
                faster(3.0))
            .result(
                "chmod",
                "single",
                SYNC,
                "routed",
                "routed",
                0,
                own,
                false,
                null,
                faster(1.4),
                faster(1.4));
    BackendChoice.FamilyChoice chmod = choice(run, "chmod");
    assertEquals("nio", chmod.backend());
    assertEquals(List.of(), chmod.candidates());
  }

  @Test
  void aCaseWithoutAComparisonCountsNeitherWayAndIsNamed() {
    KnownVerdicts run =
        new KnownVerdicts()
            .own("cp", "tree-4", SYNC, "native", faster(4.0))
            .own("cp", "tree-1000", SYNC, "native", null);
    BackendChoice.FamilyChoice cp = choice(run, "cp");
    assertEquals("native", cp.chosen().label());
    assertEquals(4.0, cp.chosen().ratio(), 1e-12);
    assertEquals(1.0 * 4.0 / 1.1, cp.chosen().low(), 1e-12);
    BackendChoice.Cell missing = cp.chosen().cells().get(1);
    assertEquals("tree-1000", missing.caseLabel());
    assertNull(missing.versus());
    assertEquals("no steady state in 3 of 3 forks", missing.note());
  }

  @Test
  void theIntervalCombinesTheCasesHalfWidthsAsIndependentErrors() {
    KnownVerdicts run =
        new KnownVerdicts()
            .own(
                "stat",
                "single",
                SYNC,
                "native",
                KnownVerdicts.versus(2.0, 1.2, dev.fsbench.harness.stats.Verdict.FASTER))
            .own(
                "stat",
                "batch-256",
                SYNC,
                "native",
                KnownVerdicts.versus(8.0, 1.5, dev.fsbench.harness.stats.Verdict.FASTER));
    BackendChoice.Candidate nativeFs = choice(run, "stat").chosen();
    double half = Math.sqrt(Math.pow(Math.log(1.2), 2) + Math.pow(Math.log(1.5), 2)) / 2;
    assertEquals(4.0, nativeFs.ratio(), 1e-12);
    assertEquals(4.0 * Math.exp(-half), nativeFs.low(), 1e-12);
    assertEquals(4.0 * Math.exp(half), nativeFs.high(), 1e-12);
  }

  @Test
  void theRegimeAndTheModeSayWhichVerdictsCount() {
    KnownVerdicts run =
        new KnownVerdicts()
            .result(
                "mkdir",
                "single",
                SYNC,
                "native",
                "native",
                0,
                CaseRecord.RouteRecord.Kind.OWN,
                false,
                null,
                faster(2.0),
                tie(1.1))
            .own("mkdir", "single", Mode.ASYNC, "native", slower(0.7));
    assertEquals(
        "native",
        BackendChoice.of(run.run(), Regime.STEADY, SYNC).get(Op.MKDIR.ordinal()).backend());
    assertEquals(
        "nio",
        BackendChoice.of(run.run(), Regime.FIRST_USE, SYNC).get(Op.MKDIR.ordinal()).backend());
    assertEquals(
        "native slower in single",
        BackendChoice.of(run.run(), Regime.STEADY, Mode.ASYNC).get(Op.MKDIR.ordinal()).whyNio());
  }
}
