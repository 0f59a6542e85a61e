package dev.fsbench.harness.report;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.CaseRecord.BackendResult;
import dev.fsbench.harness.results.CaseRecord.Distance;
import dev.fsbench.harness.results.CaseRecord.RegimeRecord;
import dev.fsbench.harness.results.Cases;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.stats.Regime;
import dev.fsbench.harness.workload.matrix.Matrix;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One overview table of REPORT.md: per family its representative case in each mode ({@link
 * Overview#representatives}), nio's figure, the target's against nio, and the best peer's (the
 * fastest implementation other than the target, nio included: {@link BestPeer}) with the target
 * against it; in a run with floors, the distance of nio and of the target to the {@code floor}.
 *
 * <p>The README's headline table is the steady table, line for line ({@code scripts/headline.sh}),
 * so its header keeps the form that script looks for.
 */
final class OverviewTable {
  static final String FLOOR = "floor";

  private OverviewTable() {}

  static void render(
      RunRecord run, Regime regime, List<String> charts, String target, StringBuilder out) {
    boolean steady = regime == Regime.STEADY;
    out.append("## Overview, ").append(regime.label()).append("\n\n");
    String chart = steady ? "overview.png" : "overview-first-use.png";
    if (charts.contains(chart)) {
      out.append("![nio's figure over each backend's, per family, ")
          .append(regime.label())
          .append(" (log scale)](")
          .append(chart)
          .append(")\n\n");
    }
    out.append(
        steady
            ? "What a long-running server sees, after the JIT has settled. "
            : "What a short-lived JVM or a CLI tool sees: the first samples of a fresh fork. ");
    out.append(
            "Two rows per family, sync then async: batch-256 (buffer or default variant), or tree-1000"
                + " for tree families; a run without that case shows the case it has. Ratios are the"
                + " other's figure over the named one's: above 1 the named one is faster. *best peer* is"
                + " the fastest implementation other than ")
        .append(target)
        .append(" (nio included); ")
        .append(target)
        .append(
            " against it is the run's comparison when it is nio, otherwise a comparison of its own"
                + " (moderated t, Benjamini-Hochberg over this table's).\n\n");
    Map<String, List<CaseRecord>> byFamily = new LinkedHashMap<>();
    for (CaseRecord c : run.cases()) {
      byFamily.computeIfAbsent(c.family(), k -> new ArrayList<>()).add(c);
    }
    List<CaseRecord> rows = new ArrayList<>();
    byFamily.values().forEach(cases -> rows.addAll(Overview.representatives(cases)));
    List<BestPeer> best = BestPeer.of(run.cases(), rows, target, regime);
    boolean floors = rows.stream().anyMatch(c -> floorOf(c) != null);
    out.append("| family | case | mode | nio ms | ")
        .append(target)
        .append(" ms | ")
        .append(target)
        .append(" vs nio | verdict | best peer | peer vs nio | ")
        .append(target)
        .append(" vs peer | verdict |");
    if (floors) {
      out.append(" floor ms | nio vs floor | ").append(target).append(" vs floor |");
    }
    out.append("\n|---|---|---|---:|---:|---:|---|---|---:|---:|---|");
    out.append(floors ? "---:|---:|---:|\n" : "\n");
    for (BestPeer row : best) {
      CaseRecord c = row.c();
      RegimeRecord nio = regimeOf(c, Cases.BASELINE, regime);
      RegimeRecord studied = regimeOf(c, target, regime);
      String missing = notMeasured(run, c, target);
      out.append("| ")
          .append(c.family())
          .append(" | ")
          .append(c.caseLabel())
          .append(" | ")
          .append(c.mode())
          .append(" | ")
          .append(figure(nio, "not measured"))
          .append(" | ")
          .append(figure(studied, missing))
          .append(" | ")
          .append(studied == null ? "—" : Format.versus(studied.vsNio()) + fallbackMark(c, target))
          .append(" | ")
          .append(studied == null ? "—" : Format.verdict(studied.vsNio()))
          .append(" | ")
          .append(row.label() == null ? "—" : row.label())
          .append(" | ")
          .append(
              row.label() == null || row.label().equals(Cases.BASELINE)
                  ? "—"
                  : Format.versus(row.peer().vsNio()))
          .append(" | ")
          .append(Format.versus(row.targetVsPeer()))
          .append(" | ")
          .append(Format.verdict(row.targetVsPeer()))
          .append(" |");
      if (floors) {
        RegimeRecord floor = floorOf(c) == null ? null : floorOf(c).regime(regime);
        out.append(" ")
            .append(floor == null ? "—" : figure(floor, "—"))
            .append(" | ")
            .append(Format.distance(toFloor(nio)))
            .append(" | ")
            .append(Format.distance(toFloor(studied)))
            .append(" |");
      }
      out.append("\n");
    }
    out.append("\n");
  }

  /** What the target's figure cell says when it has no result in {@code c}. */
  private static String notMeasured(RunRecord run, CaseRecord c, String target) {
    String cell =
        new CellKey(
                c.family(),
                c.scenario(),
                c.variant(),
                dev.fsbench.harness.model.Mode.ofLabel(c.mode()),
                target,
                0)
            .id();
    return run.omitted().stream()
        .filter(o -> o.cell().equals(cell))
        .findFirst()
        .map(o -> o.reason().startsWith(Matrix.NIO_FALLBACK_PREFIX) ? "nio fallback" : "omitted")
        .orElse("not measured");
  }

  /**
   * A result that ran NIO's code under a backend's name (a run from before such cells were left
   * out).
   */
  private static String fallbackMark(CaseRecord c, String label) {
    BackendResult r = c.results().get(label);
    return r != null && r.route().kind() == CaseRecord.RouteRecord.Kind.NIO_FALLBACK
        ? " (nio fallback)"
        : "";
  }

  private static RegimeRecord regimeOf(CaseRecord c, String label, Regime regime) {
    BackendResult r = c.results().get(label);
    return r == null ? null : r.regime(regime);
  }

  private static BackendResult floorOf(CaseRecord c) {
    BackendResult r = c.results().get(FLOOR);
    return r != null && r.isFloor() ? r : null;
  }

  private static Distance toFloor(RegimeRecord r) {
    return r == null || r.vsFloor() == null ? null : r.vsFloor().get(FLOOR);
  }

  private static String figure(RegimeRecord r, String absent) {
    if (r == null) {
      return absent;
    }
    return r.statistics() == null ? "no steady state" : Format.millis(r.statistics().medianNanos());
  }
}
