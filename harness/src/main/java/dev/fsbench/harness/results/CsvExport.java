package dev.fsbench.harness.results;

import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.fsbench.harness.results.CaseRecord.BackendResult;
import dev.fsbench.harness.results.CaseRecord.ForkRecord;
import dev.fsbench.harness.results.CaseRecord.RawSample;
import dev.fsbench.harness.results.CaseRecord.RegimeRecord;
import dev.fsbench.harness.results.CaseRecord.SecondaryMetric;
import dev.fsbench.harness.stats.Regime;
import dev.fsbench.harness.stats.RegimeStatistics;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * run.json as two flat tables for pandas, R or a spreadsheet: one row per sample, and one row per
 * cell and regime. Quoting is Jackson's (RFC 4180); a missing value is an empty field.
 *
 * <pre>{@code
 * CsvExport.Counts n = CsvExport.write(RunJson.read(folder), "2026-12-01-linux-amd64",
 *     Path.of("run-samples.csv"), Path.of("run-cells.csv"));
 * }</pre>
 *
 * <p>A sample's {@code firstUse} and {@code steady} columns say whether the regime's statistics use
 * it, by the rule {@link Cases} applies: the first {@code settings.method.firstUseSamples} measured
 * samples of each fork; the samples from the fork's {@code steadyFrom} on, in a cell that has a
 * steady figure. Summing them per cell gives each regime's {@code samples}.
 */
public final class CsvExport {
  /** The columns of the samples file, in order. */
  public static final List<String> SAMPLE_COLUMNS =
      List.of(
          "run",
          "family",
          "scenario",
          "variant",
          "case",
          "mode",
          "backend",
          "backendId",
          "concurrency",
          "control",
          "fork",
          "iteration",
          "warmup",
          "firstUse",
          "steady",
          "wallNanos",
          "bracketNanos",
          "cpuNanos",
          "allocatedBytes",
          "gcCount",
          "gcNanos",
          "jitNanos");

  /**
   * The fixed columns of the cells file, in order. Then, per floor of the run (by its label, in the
   * order the floors first appear), its distance {@code vsFloor}: {@code ratioVsFloor (label)},
   * {@code lowVsFloor (label)}, {@code highVsFloor (label)}; then one column per profiler metric of
   * the run, named {@code metric (unit)}, holding the cell's median over its forks. A run without
   * floors or profilers has the fixed columns only.
   */
  public static final List<String> CELL_COLUMNS =
      List.of(
          "run",
          "family",
          "scenario",
          "variant",
          "case",
          "mode",
          "backend",
          "backendId",
          "concurrency",
          "control",
          "route",
          "via",
          "timing",
          "regime",
          "classification",
          "forksUsed",
          "samples",
          "medianNanos",
          "p90Nanos",
          "minNanos",
          "maxNanos",
          "meanNanos",
          "operationsPerSecond",
          "mibPerSecond",
          "ratioVsNio",
          "low",
          "high",
          "pValue",
          "adjustedPValue",
          "verdict",
          "note");

  /** The columns of one distance to a floor, before {@code VsFloor (label)}. */
  private static final List<String> DISTANCE_PARTS = List.of("ratio", "low", "high");

  /** How many rows each file got. */
  public record Counts(int samples, int cells) {}

  private static final CsvMapper CSV = new CsvMapper();

  private CsvExport() {}

  /**
   * Writes both files, each atomically (a temporary file beside it, renamed over it): a failure
   * leaves no half-written table.
   */
  public static Counts write(RunRecord run, String runName, Path samplesFile, Path cellsFile)
      throws IOException {
    int firstUse = run.settings().method().firstUseSamples();
    List<List<Object>> samples = new ArrayList<>();
    Map<String, String> metrics = new TreeMap<>(); // column name -> metric name
    Set<String> floors = new LinkedHashSet<>();
    for (CaseRecord c : run.cases()) {
      for (Map.Entry<String, BackendResult> e : c.results().entrySet()) {
        sampleRows(runName, c, e.getKey(), e.getValue(), firstUse, samples);
        if (e.getValue().isFloor()) {
          floors.add(e.getKey());
        }
        e.getValue()
            .secondaryMetrics()
            .forEach((name, m) -> metrics.put(name + " (" + m.unit() + ")", name));
      }
    }
    List<List<Object>> cells = new ArrayList<>();
    for (CaseRecord c : run.cases()) {
      for (Map.Entry<String, BackendResult> e : c.results().entrySet()) {
        for (Regime regime : List.of(Regime.FIRST_USE, Regime.STEADY)) {
          cells.add(cellRow(runName, c, e.getKey(), e.getValue(), regime, floors, metrics));
        }
      }
    }
    List<String> cellColumns = new ArrayList<>(CELL_COLUMNS);
    for (String floor : floors) {
      for (String part : DISTANCE_PARTS) {
        cellColumns.add(part + "VsFloor (" + floor + ")");
      }
    }
    cellColumns.addAll(metrics.keySet());
    writeAtomically(samplesFile, SAMPLE_COLUMNS, samples);
    writeAtomically(cellsFile, cellColumns, cells);
    return new Counts(samples.size(), cells.size());
  }

  private static void sampleRows(
      String runName,
      CaseRecord c,
      String label,
      BackendResult r,
      int firstUseSamples,
      List<List<Object>> out) {
    boolean cellHasSteady = r.regime(Regime.STEADY).statistics() != null;
    Map<Integer, Integer> steadyFrom = new HashMap<>();
    for (ForkRecord f : r.forks()) {
      if (f.steadyFrom() != null) {
        steadyFrom.put(f.fork(), f.steadyFrom());
      }
    }
    Map<Integer, Integer> measuredSoFar = new HashMap<>();
    for (RawSample s : r.samples()) {
      boolean firstUse = false;
      boolean steady = false;
      if (!s.warmup()) {
        int index = measuredSoFar.merge(s.fork(), 1, Integer::sum) - 1;
        firstUse = index < firstUseSamples;
        Integer from = steadyFrom.get(s.fork());
        steady = cellHasSteady && from != null && index >= from;
      }
      List<Object> row = new ArrayList<>(caseColumns(runName, c, label, r));
      row.addAll(
          Arrays.asList(
              s.fork(),
              s.iteration(),
              s.warmup(),
              firstUse,
              steady,
              s.wallNanos(),
              s.bracketNanos(),
              s.cpuNanos(),
              s.allocatedBytes(),
              s.gcCount(),
              s.gcNanos(),
              s.jitNanos()));
      out.add(row);
    }
  }

  private static List<Object> cellRow(
      String runName,
      CaseRecord c,
      String label,
      BackendResult r,
      Regime regime,
      Set<String> floors,
      Map<String, String> metrics) {
    RegimeRecord record = r.regime(regime);
    RegimeStatistics st = record.statistics();
    CaseRecord.Versus v = record.vsNio();
    List<Object> row = new ArrayList<>(caseColumns(runName, c, label, r));
    row.addAll(
        Arrays.asList(
            r.route().kind() == CaseRecord.RouteRecord.Kind.OWN ? "own" : "nio-fallback",
            r.route().via(),
            r.timing(),
            regime.label(),
            record.classification(),
            record.forksUsed(),
            st == null ? null : st.samples(),
            st == null ? null : st.medianNanos(),
            st == null ? null : st.p90Nanos(),
            st == null ? null : st.minNanos(),
            st == null ? null : st.maxNanos(),
            st == null ? null : st.meanNanos(),
            st == null ? null : st.operationsPerSecond(),
            st == null ? null : st.mibPerSecond(),
            v == null ? null : v.ratio(),
            v == null ? null : v.low(),
            v == null ? null : v.high(),
            v == null ? null : v.pValue(),
            v == null ? null : v.adjustedPValue(),
            v == null ? null : v.verdict().label(),
            record.note()));
    for (String floor : floors) {
      CaseRecord.Distance d = record.vsFloor() == null ? null : record.vsFloor().get(floor);
      row.addAll(
          d == null ? Arrays.asList(null, null, null) : List.of(d.ratio(), d.low(), d.high()));
    }
    for (String metric : metrics.values()) {
      SecondaryMetric m = r.secondaryMetrics().get(metric);
      row.add(m == null ? null : m.median());
    }
    return row;
  }

  private static List<Object> caseColumns(
      String runName, CaseRecord c, String label, BackendResult r) {
    return Arrays.asList(
        runName,
        c.family(),
        c.scenario(),
        c.variant(),
        c.caseLabel(),
        c.mode(),
        label,
        r.backend(),
        r.concurrency(),
        r.control());
  }

  private static void writeAtomically(Path file, List<String> columns, List<List<Object>> rows)
      throws IOException {
    CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true);
    columns.forEach(schema::addColumn);
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    try (Writer writer = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8);
        SequenceWriter sequence = CSV.writer(schema.build()).writeValues(writer)) {
      for (List<Object> row : rows) {
        sequence.write(row);
      }
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(tmp);
      throw e;
    }
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
