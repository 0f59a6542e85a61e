package dev.fsbench.harness.results;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.model.Sample;
import dev.fsbench.harness.stats.CellStatistics;
import dev.fsbench.harness.stats.Comparison;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Groups cell outcomes into the case records of run.json: one record per (family, scenario, variant, mode), backends
 * in the order they ran, each with its statistics and its ratio against {@value #BASELINE}.
 */
public final class Cases {
  /** The backend every ratio is taken against: plain {@code java.nio.file}. */
  public static final String BASELINE = "nio";

  private Cases() {}

  public static List<CaseRecord> of(List<CellOutcome> outcomes) {
    Map<String, List<CellOutcome>> byCase = new LinkedHashMap<>();
    for (CellOutcome outcome : outcomes) {
      byCase.computeIfAbsent(caseId(outcome.plan().key()), k -> new ArrayList<>()).add(outcome);
    }
    List<CaseRecord> cases = new ArrayList<>();
    for (List<CellOutcome> cells : byCase.values()) {
      cases.add(caseRecord(cells));
    }
    return cases;
  }

  private static CaseRecord caseRecord(List<CellOutcome> cells) {
    CellOutcome first = cells.get(0);
    CellKey key = first.plan().key();
    CellOutcome baseline =
        cells.stream().filter(c -> c.plan().key().backendLabel().equals(BASELINE)).findFirst().orElse(null);
    double[] baselineWall = baseline == null ? null : wallNanos(baseline);
    Map<String, CaseRecord.BackendResult> results = new LinkedHashMap<>();
    for (CellOutcome cell : cells) {
      CellKey k = cell.plan().key();
      if (cell.plan().operations() != first.plan().operations() || cell.plan().logicalBytes() != first.plan().logicalBytes()) {
        // Ratios between backends doing different amounts of work would be meaningless.
        throw new IllegalArgumentException(
            "cells of one case disagree on the work: " + k.id() + " vs " + key.id());
      }
      if (results.containsKey(k.backendLabel())) {
        throw new IllegalArgumentException("cell measured twice: " + k.id());
      }
      List<Sample> samples = cell.samples().stream().map(CaseRecord.RawSample::toSample).toList();
      CaseRecord.Versus vsNio = null;
      if (baseline != null && cell != baseline) {
        Comparison c = Comparison.of(baselineWall, wallNanos(cell));
        vsNio = new CaseRecord.Versus(c.ratio(), c.pValue(), c.robust());
      }
      results.put(
          k.backendLabel(),
          new CaseRecord.BackendResult(
              k.id(),
              k.backend(),
              k.concurrency(),
              CaseRecord.RouteRecord.of(cell.route()),
              cell.samples(),
              CellStatistics.of(samples, cell.plan().operations(), cell.plan().logicalBytes()),
              vsNio,
              cell.cpuClock(),
              cell.runNanos()));
    }
    return new CaseRecord(
        key.family(),
        key.scenario(),
        key.variant(),
        key.caseLabel(),
        key.mode().label(),
        first.plan().operations(),
        first.plan().logicalBytes(),
        results);
  }

  private static double[] wallNanos(CellOutcome cell) {
    return cell.samples().stream().filter(s -> !s.warmup()).mapToDouble(CaseRecord.RawSample::wallNanos).toArray();
  }

  private static String caseId(CellKey k) {
    return k.family() + "/" + k.scenario() + "/" + k.variant() + "/" + k.mode().label();
  }
}
