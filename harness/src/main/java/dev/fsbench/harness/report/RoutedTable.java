package dev.fsbench.harness.report;

import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.CaseRecord.BackendResult;
import dev.fsbench.harness.results.CaseRecord.Versus;
import dev.fsbench.harness.results.Environment;
import dev.fsbench.harness.results.PairComparison;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.stats.Regime;
import dev.fsbench.harness.stats.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * In a run that measured the {@code routed} backend beside the backends its routes choose: routed
 * against the very label each family is routed to ({@code details["route.FAMILY"]}, as the provider
 * recorded it), in every case and mode, both regimes. Its verdict says whether routing costs
 * anything measurable; the difference of the two figures per call, what routed's one extra dispatch
 * costs. The comparisons are {@link PairComparison}s, corrected over this table per regime.
 */
final class RoutedTable {
  static final String ROUTED = "routed";
  private static final Regime[] REGIMES = {Regime.STEADY, Regime.FIRST_USE};

  private RoutedTable() {}

  private record Row(CaseRecord c, String to) {}

  static void render(RunRecord run, StringBuilder out) {
    Optional<Environment.BackendInfo> routed =
        run.environment().backends().stream().filter(b -> b.id().equals(ROUTED)).findFirst();
    if (routed.isEmpty()) {
      return;
    }
    Map<String, String> details = routed.get().details();
    List<Row> rows = new ArrayList<>();
    for (CaseRecord c : run.cases()) {
      String to = details.get("route." + c.family());
      if (c.results().containsKey(ROUTED) && to != null && c.results().containsKey(to)) {
        rows.add(new Row(c, to));
      }
    }
    if (rows.isEmpty()) {
      return;
    }
    List<List<Versus>> byRegime = new ArrayList<>();
    for (Regime regime : REGIMES) {
      byRegime.add(
          PairComparison.decide(
              run.cases(),
              rows.stream().map(r -> new PairComparison.Pair(r.c(), ROUTED, r.to())).toList(),
              regime));
    }
    int slower = 0;
    int compared = 0;
    for (List<Versus> regime : byRegime) {
      for (Versus v : regime) {
        if (v != null) {
          compared++;
          slower += v.verdict() == Verdict.SLOWER ? 1 : 0;
        }
      }
    }
    out.append("## routed against the backend it routes to\n\n")
        .append(
            "Each family's cells of `routed` beside the label its routes send that family to, in the same"
                + " case and mode: the other's figure over routed's (below 1 routed is slower), a"
                + " moderated-t interval and a verdict corrected over this table's comparisons of the"
                + " regime. *per call* is routed's figure less the other's, over the case's calls: what"
                + " its one extra dispatch costs (noise when the verdict is a tie). Slower in ")
        .append(slower)
        .append(" of ")
        .append(compared)
        .append(" comparisons.\n\n")
        .append(
            "| family | case | mode | routed to | steady: routed vs it | verdict | per call ns |"
                + " first-use: routed vs it | verdict | per call ns |\n")
        .append("|---|---|---|---|---:|---|---:|---:|---|---:|\n");
    for (int i = 0; i < rows.size(); i++) {
      Row row = rows.get(i);
      out.append("| ")
          .append(row.c().family())
          .append(" | ")
          .append(row.c().caseLabel())
          .append(" | ")
          .append(row.c().mode())
          .append(" | ")
          .append(row.to())
          .append(" |");
      for (int r = 0; r < REGIMES.length; r++) {
        Versus v = byRegime.get(r).get(i);
        out.append(" ")
            .append(Format.versus(v))
            .append(" | ")
            .append(Format.verdict(v))
            .append(" | ")
            .append(perCall(row, REGIMES[r]))
            .append(" |");
      }
      out.append("\n");
    }
    out.append("\n");
  }

  /** routed's figure less the other's, per call of the case, in ns; a dash without both. */
  private static String perCall(Row row, Regime regime) {
    BackendResult routed = row.c().results().get(ROUTED);
    BackendResult to = row.c().results().get(row.to());
    if (routed.regime(regime).statistics() == null || to.regime(regime).statistics() == null) {
      return "—";
    }
    double difference =
        routed.regime(regime).statistics().medianNanos()
            - to.regime(regime).statistics().medianNanos();
    return String.format(Locale.ROOT, "%.0f", difference / row.c().operations());
  }
}
