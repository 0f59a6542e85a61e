package dev.fsbench.harness.report;

import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.results.TestRuns;
import dev.fsbench.harness.stats.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs whose comparisons with nio are given outright (ratio, interval, verdict), not computed from
 * samples: the choice of a backend reads only those, so a test states exactly the evidence it
 * means.
 */
final class KnownVerdicts {
  private final List<CaseRecord> cases = new ArrayList<>();
  private final Map<String, Map<String, CaseRecord.BackendResult>> open = new LinkedHashMap<>();
  private final Map<String, String[]> keys = new LinkedHashMap<>();

  /** A comparison whose interval is {@code ratio} times and divided by {@code spread}. */
  static CaseRecord.Versus versus(double ratio, double spread, Verdict verdict) {
    return new CaseRecord.Versus(
        ratio, ratio / spread, ratio * spread, 0.001, 0.001, 0.001, verdict);
  }

  static CaseRecord.Versus faster(double ratio) {
    return versus(ratio, 1.1, Verdict.FASTER);
  }

  static CaseRecord.Versus slower(double ratio) {
    return versus(ratio, 1.1, Verdict.SLOWER);
  }

  static CaseRecord.Versus tie(double ratio) {
    return versus(ratio, 1.3, Verdict.TIE);
  }

  /**
   * Adds {@code label}'s result in a case, the same comparison in both regimes ({@code steady}, and
   * {@code firstUse} for first-use); {@code null} is no comparison, with a note.
   */
  KnownVerdicts result(
      String family,
      String caseLabel,
      Mode mode,
      String label,
      String backend,
      int concurrency,
      CaseRecord.RouteRecord.Kind route,
      boolean control,
      String timing,
      CaseRecord.Versus steady,
      CaseRecord.Versus firstUse) {
    String key = family + "/" + caseLabel + "/" + mode.label();
    keys.putIfAbsent(key, new String[] {family, caseLabel, mode.label()});
    Map<String, CaseRecord.BackendResult> results =
        open.computeIfAbsent(key, k -> new LinkedHashMap<>());
    if (results.isEmpty()) {
      results.put("nio", backendResult(key, "nio", "nio", 0, route(null), false, null, null, null));
    }
    results.put(
        label,
        backendResult(
            key, label, backend, concurrency, route(route), control, timing, steady, firstUse));
    return this;
  }

  /**
   * {@code label} (its backend's own code, at its default concurrency) in a case, both regimes
   * alike.
   */
  KnownVerdicts own(String family, String caseLabel, Mode mode, String label, CaseRecord.Versus v) {
    int c = label.matches(".*-c\\d+") ? Integer.parseInt(label.replaceAll(".*-c", "")) : 0;
    String backend = c == 0 ? label : label.replaceAll("-c\\d+$", "");
    return result(
        family,
        caseLabel,
        mode,
        label,
        backend,
        c,
        CaseRecord.RouteRecord.Kind.OWN,
        false,
        null,
        v,
        v);
  }

  private static CaseRecord.RouteRecord route(CaseRecord.RouteRecord.Kind kind) {
    return new CaseRecord.RouteRecord(
        kind == null ? CaseRecord.RouteRecord.Kind.OWN : kind, "calls of its own");
  }

  private static CaseRecord.BackendResult backendResult(
      String key,
      String label,
      String backend,
      int concurrency,
      CaseRecord.RouteRecord route,
      boolean control,
      String timing,
      CaseRecord.Versus steady,
      CaseRecord.Versus firstUse) {
    return new CaseRecord.BackendResult(
        key + "/" + label,
        backend,
        concurrency,
        control,
        route,
        List.of(),
        List.of(),
        new CaseRecord.Regimes(regime(firstUse), regime(steady)),
        null,
        1,
        Map.of(),
        timing);
  }

  private static CaseRecord.RegimeRecord regime(CaseRecord.Versus v) {
    return new CaseRecord.RegimeRecord(
        null, null, 3, v, v == null ? "no steady state in 3 of 3 forks" : null);
  }

  RunRecord run() {
    cases.clear();
    open.forEach(
        (key, results) -> {
          String[] k = keys.get(key);
          cases.add(new CaseRecord(k[0], k[1], "-", k[1], k[2], 1, 0, results));
        });
    return new RunRecord(
        RunRecord.SCHEMA_VERSION,
        RunRecord.Status.COMPLETE,
        true,
        null,
        "2026-12-05T01:00:00Z",
        "2026-12-05T01:30:00Z",
        TestRuns.environment("tmpfs"),
        TestRuns.settings(List.of("nio", "commons-io", "native"), "native"),
        cases,
        RunRecord.VerdictSummary.of(cases),
        List.of());
  }
}
