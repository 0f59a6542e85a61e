package dev.fsbench.harness.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.CaseRecord.BackendResult;
import dev.fsbench.harness.results.CaseRecord.RegimeRecord;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.stats.Regime;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The data block of REPORT.html: one JSON object from which the page's script draws every table and
 * chart. Times are milliseconds rounded to four significant digits (a fork's series to three), a
 * field without a value is left out, and the samples are digested ({@link SampleDigest}):
 *
 * <pre>{@code
 * {"format": "fsbench-report-html-1", "title": "2026-12-05-linux-amd64-tmpfs",
 *  "method": {"firstUseSamples": 10, "confidence": 0.95, "minimumEffect": 0.05, "falseDiscoveryRate": 0.01},
 *  "families": ["stat", ...], "labels": ["nio", "nio-aa", "native", ...],
 *  "decisions": [{"kind": ..., "regime": ..., "backend": ..., "ratio": ..., "low": ..., "high": ...,
 *                 "cells": ["stat/batch-256/default/sync/native", ...]}],
 *  "cells": [{"id": "stat/batch-256/default/sync/native", "family": "stat", "case": "batch-256 default",
 *             "mode": "sync", "label": "native", "backend": "native", "control": false,
 *             "representative": true, "route": "own", "via": "fsb_stat",
 *             "regimes": {"first-use": R, "steady": R},
 *             "forks": [{"fork": 0, "measured": 150, "classification": "warmup", "changepoints": [12],
 *                        "steadyFrom": 14, "firstUseMs": ..., "steadyMs": ..., "box": [min, p10, p25, p50, p75, p90, max]}],
 *             "step": 2, "series": [[ms, ...], ...]}]}
 * }</pre>
 *
 * R is {@code {"ms", "ratio", "low", "high", "verdict", "adjustedP", "forksUsed", "classification",
 * "note", "vsFloor": {"floor": [ratio, low, high]}}}: the regime's figure (the median of the fork
 * medians), its comparison with nio, and its distance to each floor. {@code floor}, only in a
 * floor's cell, is its timing ({@code native-loop}, {@code process}), {@code representative} marks
 * the cases the overview shows (each family's per mode), and only those carry {@code series}: per
 * fork its measured times, point {@code i} the median of iterations {@code i * step} to {@code (i +
 * 1) * step - 1}.
 */
final class HtmlData {
  static final String FORMAT = "fsbench-report-html-1";

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  private static final MathContext FIGURE = new MathContext(4);
  private static final MathContext SERIES = new MathContext(3);

  private HtmlData() {}

  static ObjectNode of(RunRecord run, String title, List<Decision> decisions) {
    ObjectNode data = JSON.objectNode();
    data.put("format", FORMAT);
    data.put("title", title);
    RunRecord.Method m = run.settings().method();
    ObjectNode method = data.putObject("method");
    method.put("firstUseSamples", m.firstUseSamples());
    method.put("confidence", m.confidence());
    method.put("minimumEffect", m.minimumEffect());
    method.put("falseDiscoveryRate", m.falseDiscoveryRate());
    Map<String, List<CaseRecord>> byFamily = new LinkedHashMap<>();
    Set<String> labels = new LinkedHashSet<>();
    for (CaseRecord c : run.cases()) {
      byFamily.computeIfAbsent(c.family(), k -> new ArrayList<>()).add(c);
      labels.addAll(c.results().keySet());
    }
    Set<CaseRecord> representative = new HashSet<>();
    byFamily.values().forEach(cases -> representative.addAll(Overview.representatives(cases)));
    byFamily.keySet().forEach(data.putArray("families")::add);
    labels.forEach(data.putArray("labels")::add);
    ArrayNode rows = data.putArray("decisions");
    for (Decision d : decisions) {
      ObjectNode row = rows.addObject();
      row.put("key", d.key());
      row.put("kind", d.kind());
      row.put("regime", d.regime());
      row.put("backend", d.backend());
      if (!d.why().isEmpty()) {
        row.put("why", d.why());
      }
      row.set("ratio", number(d.ratio(), FIGURE));
      row.set("low", number(d.low(), FIGURE));
      row.set("high", number(d.high(), FIGURE));
      d.cells().forEach(row.putArray("cells")::add);
    }
    ArrayNode cells = data.putArray("cells");
    for (CaseRecord c : run.cases()) {
      boolean shown = representative.contains(c);
      c.results().forEach((label, r) -> cells.add(cell(c, label, r, shown)));
    }
    return data;
  }

  private static ObjectNode cell(CaseRecord c, String label, BackendResult r, boolean shown) {
    ObjectNode cell = JSON.objectNode();
    cell.put("id", r.cell());
    cell.put("family", c.family());
    cell.put("case", c.caseLabel());
    cell.put("mode", c.mode());
    cell.put("label", label);
    cell.put("backend", r.backend());
    cell.put("control", r.control());
    if (r.isFloor()) {
      cell.put("floor", r.timing());
    }
    cell.put("representative", shown);
    cell.put("route", r.route().kind() == CaseRecord.RouteRecord.Kind.OWN ? "own" : "nio-fallback");
    cell.put("via", r.route().via());
    ObjectNode regimes = cell.putObject("regimes");
    for (Regime regime : List.of(Regime.FIRST_USE, Regime.STEADY)) {
      regimes.set(regime.label(), regime(r.regime(regime)));
    }
    TreeMap<Integer, double[]> measured = SampleDigest.measured(r);
    ArrayNode forks = cell.putArray("forks");
    for (CaseRecord.ForkRecord f : r.forks()) {
      ObjectNode fork = forks.addObject();
      fork.put("fork", f.fork());
      fork.put("measured", f.measured());
      fork.put("classification", f.classification());
      f.changepoints().forEach(fork.putArray("changepoints")::add);
      if (f.steadyFrom() != null) {
        fork.put("steadyFrom", f.steadyFrom());
      }
      fork.set("firstUseMs", millis(f.firstUseMedianNanos(), FIGURE));
      if (f.steadyMedianNanos() != null) {
        fork.set("steadyMs", millis(f.steadyMedianNanos(), FIGURE));
      }
      double[] nanos = measured.get(f.fork());
      if (nanos != null && nanos.length > 0) {
        ArrayNode box = fork.putArray("box");
        for (double q : SampleDigest.box(nanos)) {
          box.add(millis(q, FIGURE));
        }
      }
    }
    if (shown && !measured.isEmpty()) {
      // One step for every fork of the cell, the longest's, so that their points line up.
      int step =
          SampleDigest.step(measured.values().stream().mapToInt(s -> s.length).max().orElse(0));
      cell.put("step", step);
      ArrayNode series = cell.putArray("series");
      for (CaseRecord.ForkRecord f : r.forks()) {
        ArrayNode points = series.addArray();
        double[] nanos = measured.get(f.fork());
        if (nanos != null) {
          for (double v : SampleDigest.thin(nanos, step)) {
            points.add(millis(v, SERIES));
          }
        }
      }
    }
    return cell;
  }

  private static ObjectNode regime(RegimeRecord r) {
    ObjectNode out = JSON.objectNode();
    if (r.statistics() != null) {
      out.set("ms", millis(r.statistics().medianNanos(), FIGURE));
    }
    CaseRecord.Versus v = r.vsNio();
    if (v != null) {
      out.set("ratio", number(v.ratio(), FIGURE));
      out.set("low", number(v.low(), FIGURE));
      out.set("high", number(v.high(), FIGURE));
      out.put("verdict", v.verdict().label());
      out.set("adjustedP", number(v.adjustedPValue(), SERIES));
    }
    out.put("forksUsed", r.forksUsed());
    if (r.classification() != null) {
      out.put("classification", r.classification());
    }
    if (r.note() != null) {
      out.put("note", r.note());
    }
    if (r.vsFloor() != null && !r.vsFloor().isEmpty()) {
      ObjectNode floors = out.putObject("vsFloor");
      r.vsFloor()
          .forEach(
              (label, d) ->
                  floors
                      .putArray(label)
                      .add(number(d.ratio(), FIGURE))
                      .add(number(d.low(), FIGURE))
                      .add(number(d.high(), FIGURE)));
    }
    return out;
  }

  private static JsonNode millis(double nanos, MathContext digits) {
    return number(nanos / 1e6, digits);
  }

  /**
   * {@code v} to {@code digits} significant digits, written as the shortest decimal that says so
   * ({@code 0.001234}, {@code 1.2E+3}); {@code null} for a value JSON cannot hold (NaN, infinite).
   */
  static JsonNode number(double v, MathContext digits) {
    if (!Double.isFinite(v)) {
      return JSON.nullNode();
    }
    return JSON.numberNode(new BigDecimal(v).round(digits).stripTrailingZeros());
  }
}
