package dev.fsbench.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.fsbench.harness.stats.Regime;
import dev.fsbench.harness.stats.RegimeStatistics;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvExportTest {
  @TempDir Path dir;

  private final RunRecord run = TestRuns.complete(TestRuns.twoFamilies());

  @Test
  void oneRowPerSampleAndOnePerCellAndRegimeReadBackWithTheirColumns() throws IOException {
    Path samples = dir.resolve("s.csv");
    Path cells = dir.resolve("c.csv");
    CsvExport.Counts counts = CsvExport.write(run, "the-run", samples, cells);

    List<Map<String, String>> sampleRows = read(samples);
    List<Map<String, String>> cellRows = read(cells);
    int sampleCount = 0;
    int results = 0;
    for (CaseRecord c : run.cases()) {
      for (CaseRecord.BackendResult r : c.results().values()) {
        sampleCount += r.samples().size();
        results++;
      }
    }
    assertEquals(new CsvExport.Counts(sampleCount, 2 * results), counts);
    assertEquals(sampleCount, sampleRows.size());
    assertEquals(2 * results, cellRows.size());
    assertEquals(CsvExport.SAMPLE_COLUMNS, List.copyOf(sampleRows.get(0).keySet()));
    assertEquals(CsvExport.CELL_COLUMNS, List.copyOf(cellRows.get(0).keySet()));
    assertEquals("the-run", sampleRows.get(0).get("run"));
    assertEquals("batch-256 buffer", sampleRows.get(0).get("case"));
    assertEquals("true", sampleRows.get(0).get("warmup"));

    Map<String, String> nativeSteady =
        cellRows.stream()
            .filter(r -> r.get("backend").equals("native") && r.get("family").equals("readFile"))
            .filter(r -> r.get("regime").equals("steady"))
            .findFirst()
            .orElseThrow();
    CaseRecord.Versus vs = run.cases().get(0).results().get("native").regime(Regime.STEADY).vsNio();
    assertEquals(String.valueOf(vs.ratio()), nativeSteady.get("ratioVsNio"));
    assertEquals(vs.verdict().label(), nativeSteady.get("verdict"));
    assertEquals("", nativeSteady.get("note"), "a missing value is an empty field");
  }

  /** The regime columns mark exactly the samples each regime's statistics use. */
  @Test
  void regimeMembershipAddsUpToEachRegimesSampleCount() throws IOException {
    Path samples = dir.resolve("s.csv");
    CsvExport.write(run, "the-run", samples, dir.resolve("c.csv"));
    List<Map<String, String>> rows = read(samples);
    for (CaseRecord c : run.cases()) {
      for (Map.Entry<String, CaseRecord.BackendResult> e : c.results().entrySet()) {
        for (Regime regime : Regime.values()) {
          String column = regime == Regime.FIRST_USE ? "firstUse" : "steady";
          long marked =
              rows.stream()
                  .filter(r -> r.get("family").equals(c.family()))
                  .filter(r -> r.get("case").equals(c.caseLabel()))
                  .filter(r -> r.get("mode").equals(c.mode()))
                  .filter(r -> r.get("backend").equals(e.getKey()))
                  .filter(r -> r.get(column).equals("true"))
                  .count();
          RegimeStatistics st = e.getValue().regime(regime).statistics();
          assertEquals(st == null ? 0 : st.samples(), marked, e.getValue().cell() + " " + regime);
        }
      }
    }
  }

  /** A run with floors: a floor's timing, and every result's distance to each floor of the run. */
  @Test
  void floorsAddTheirTimingAndADistanceColumnTripleEach() throws IOException {
    RunRecord withFloors = TestRuns.completeWithFloors();
    Path cells = dir.resolve("c.csv");
    CsvExport.write(withFloors, "floors", dir.resolve("s.csv"), cells);
    List<Map<String, String>> rows = read(cells);

    List<String> columns = new java.util.ArrayList<>(CsvExport.CELL_COLUMNS);
    for (String floor : List.of("floor", "floor-find")) {
      columns.addAll(
          List.of(
              "ratioVsFloor (" + floor + ")",
              "lowVsFloor (" + floor + ")",
              "highVsFloor (" + floor + ")"));
    }
    assertEquals(columns, List.copyOf(rows.get(0).keySet()));

    CaseRecord readdir =
        withFloors.cases().stream()
            .filter(c -> c.family().equals("readdir") && c.mode().equals("sync"))
            .findFirst()
            .orElseThrow();
    CaseRecord.Distance toFind =
        readdir.results().get("native").regime(Regime.STEADY).vsFloor().get("floor-find");
    Map<String, String> nativeSteady = row(rows, "readdir", "sync", "native", "steady");
    assertEquals("", nativeSteady.get("timing"), "a backend's result has no timing");
    assertEquals(String.valueOf(toFind.ratio()), nativeSteady.get("ratioVsFloor (floor-find)"));
    assertEquals(String.valueOf(toFind.low()), nativeSteady.get("lowVsFloor (floor-find)"));
    assertEquals(String.valueOf(toFind.high()), nativeSteady.get("highVsFloor (floor-find)"));

    Map<String, String> find = row(rows, "readdir", "sync", "floor-find", "steady");
    assertEquals("process", find.get("timing"));
    assertEquals("", find.get("ratioVsNio"), "a floor is never compared with nio");
    assertEquals(
        "",
        row(rows, "stat", "sync", "native", "steady").get("ratioVsFloor (floor-find)"),
        "stat has no find floor");
    assertEquals(
        "",
        row(rows, "readdir", "async", "native", "steady").get("ratioVsFloor (floor)"),
        "async cases have no floor");
  }

  private static Map<String, String> row(
      List<Map<String, String>> rows, String family, String mode, String backend, String regime) {
    return rows.stream()
        .filter(r -> r.get("family").equals(family) && r.get("mode").equals(mode))
        .filter(r -> r.get("backend").equals(backend) && r.get("regime").equals(regime))
        .findFirst()
        .orElseThrow(() -> new AssertionError(family + " " + mode + " " + backend + " " + regime));
  }

  private static List<Map<String, String>> read(Path file) throws IOException {
    try (MappingIterator<Map<String, String>> rows =
        new CsvMapper()
            .readerForMapOf(String.class)
            .with(CsvSchema.emptySchema().withHeader())
            .readValues(file.toFile())) {
      return rows.readAll();
    }
  }
}
