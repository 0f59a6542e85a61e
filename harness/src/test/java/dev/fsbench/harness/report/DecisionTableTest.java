package dev.fsbench.harness.report;

import static dev.fsbench.harness.report.KnownVerdicts.faster;
import static dev.fsbench.harness.report.KnownVerdicts.slower;
import static dev.fsbench.harness.report.KnownVerdicts.tie;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.workload.Case;
import dev.fsbench.harness.workload.Families;
import dev.fsbench.harness.workload.Family;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DecisionTableTest {
  private static Decision steady(RunRecord run, String key) {
    return DecisionTable.of(run).stream()
        .filter(d -> d.regime().equals("steady") && d.key().equals(key))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no steady row " + key));
  }

  @Test
  void everyCaseOfTheDefaultMatrixHasItsRow() {
    for (Family family : Families.all()) {
      for (Case c : family.cases(false)) {
        String scenario = c.scenario().label();
        List<String> rows =
            WorkKind.ALL.stream()
                .filter(
                    k -> k.families().contains(family.name()) && k.scenarios().contains(scenario))
                .map(WorkKind::key)
                .toList();
        assertEquals(
            1,
            rows.size(),
            family.name() + " " + scenario + " is in one row of the table: " + rows);
      }
    }
  }

  @Test
  void aKindGoesToTheBackendFasterInSomeOfItsCasesAndSlowerInNone() {
    RunRecord run =
        new KnownVerdicts()
            .own("stat", "batch-256", Mode.SYNC, "native", faster(2.0))
            .own("lstat", "batch-256", Mode.SYNC, "native", tie(1.0))
            .own("access", "batch-256", Mode.SYNC, "native", faster(1.5))
            .run();
    Decision lookups = steady(run, "lookups");
    assertEquals("native", lookups.backend());
    assertEquals(Math.cbrt(2.0 * 1.0 * 1.5), lookups.ratio(), 1e-9, "the geometric mean");
    assertEquals(3, lookups.cells().size());
    assertEquals("", lookups.why());
  }

  @Test
  void oneSlowerCaseKeepsTheKindOnNioAndSaysWhy() {
    RunRecord run =
        new KnownVerdicts()
            .own("stat", "batch-256", Mode.SYNC, "native", faster(2.0))
            .own("access", "batch-256", Mode.SYNC, "native", slower(0.8))
            .run();
    Decision lookups = steady(run, "lookups");
    assertEquals("nio", lookups.backend());
    assertTrue(Double.isNaN(lookups.ratio()));
    assertEquals("native slower in 1 of 2 cases", lookups.why());
    assertEquals(List.of("access/batch-256/sync/native"), lookups.cells(), "the evidence against");
    assertEquals("nio (native slower in 1 of 2 cases)", DecisionTable.cell(lookups));
  }

  @Test
  void onlySyncCasesAndEachBackendAtItsDefaultConcurrency() {
    RunRecord run =
        new KnownVerdicts()
            .own("readdir", "tree-1000", Mode.SYNC, "native", faster(5.0))
            .own("readdir", "tree-1000", Mode.SYNC, "native-c1", faster(9.0))
            .own("readdir", "tree-1000", Mode.ASYNC, "native", slower(0.5))
            .run();
    Decision readdir = steady(run, "readdir-tree-1000");
    assertEquals("native", readdir.backend(), "native-c1 is a tuning, not what a program names");
    assertEquals(5.0, readdir.ratio(), 1e-9);
  }

  @Test
  void aKindTheRunDidNotMeasureHasNoRow() {
    RunRecord run = new KnownVerdicts().own("stat", "single", Mode.SYNC, "native", faster(2)).run();
    List<Decision> all = DecisionTable.of(run);
    assertEquals(2, all.size(), "single, in both regimes: " + all);
  }

  @Test
  void theReadmeTableHasAColumnPairPerRunLinkedToItsPage() {
    RunRecord jdk17 =
        new KnownVerdicts().own("stat", "batch-256", Mode.SYNC, "native", faster(2.0)).run();
    RunRecord jdk25 =
        new KnownVerdicts().own("stat", "batch-256", Mode.SYNC, "native-ffm", faster(3.0)).run();
    Map<String, RunRecord> runs = new LinkedHashMap<>();
    runs.put("results/a", jdk17);
    runs.put("results/b", jdk25);
    String table = DecisionTable.readme(runs, List.of("JDK 17", "JDK 25"));
    assertTrue(
        table.startsWith(
            "| kind of work | JDK 17, short-lived JVM | JDK 17, long-running JVM | JDK 25, short-lived JVM"
                + " | JDK 25, long-running JVM |\n|---|---|---|---|---|\n"),
        table);
    assertTrue(
        table.contains(
            "| [native 2.00x [1.82, 2.20]](results/a/REPORT.html#decision-steady-lookups) |"
                + " [native-ffm 3.00x [2.73, 3.30]](results/b/REPORT.html#decision-first-use-lookups) |"),
        table);
    assertEquals(3, table.split("\n").length, "a header, its rule and one kind: " + table);
  }

  @Test
  void theReadmeNamesNioWithoutTheReasonsWhichItsLinkedRowGives() {
    RunRecord run =
        new KnownVerdicts().own("stat", "batch-256", Mode.SYNC, "native", slower(0.8)).run();
    Map<String, RunRecord> runs = new LinkedHashMap<>();
    runs.put("results/a", run);
    String table = DecisionTable.readme(runs, List.of("JDK 17"));
    assertTrue(
        table.contains(
            "| [nio](results/a/REPORT.html#decision-first-use-lookups) |"
                + " [nio](results/a/REPORT.html#decision-steady-lookups) |"),
        table);
    StringBuilder md = new StringBuilder();
    DecisionTable.markdown(DecisionTable.of(run), md);
    assertTrue(md.toString().contains("[nio (native slower in 1 of 1 case)]"), md.toString());
  }
}
