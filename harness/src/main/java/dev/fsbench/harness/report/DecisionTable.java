package dev.fsbench.harness.report;

import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.stats.Regime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * "For this kind of work, in this kind of JVM, use that backend": per {@link WorkKind} and regime,
 * the choice {@link BackendChoice} makes over the kind's sync cases, each backend at its default
 * concurrency (what a program that names a backend gets), with its ratio against nio and the cells
 * it rests on. Sync only: a program's plain calls; the async cells are in the overview and in
 * REPORT.html.
 *
 * <p>REPORT.md and REPORT.html show a run's table (its JDK alone); the README's has a column pair
 * per JDK, from one committed run each ({@link #readme}), and CI checks that it is what this class
 * renders from those runs.
 */
public final class DecisionTable {
  static final Regime[] REGIMES = {Regime.FIRST_USE, Regime.STEADY};

  private DecisionTable() {}

  /** Every row of {@code run}'s table: each kind the run measured, first-use then steady. */
  public static List<Decision> of(RunRecord run) {
    List<Decision> out = new ArrayList<>();
    for (Regime regime : REGIMES) {
      for (WorkKind kind : WorkKind.ALL) {
        List<CaseRecord> cases =
            run.cases().stream()
                .filter(c -> c.mode().equals(Mode.SYNC.label()) && kind.holds(c))
                .toList();
        if (!cases.isEmpty()) {
          out.add(decide(kind, regime, BackendChoice.atDefaults(kind.label(), cases, regime)));
        }
      }
    }
    return out;
  }

  private static Decision decide(WorkKind kind, Regime regime, BackendChoice.FamilyChoice choice) {
    BackendChoice.Candidate chosen = choice.chosen();
    if (chosen != null) {
      return new Decision(
          kind.key(),
          kind.label(),
          regime.label(),
          chosen.label(),
          chosen.ratio(),
          chosen.low(),
          chosen.high(),
          "",
          chosen.cells().stream().map(BackendChoice.Cell::cell).toList());
    }
    // nio: the evidence is what kept each candidate out, its slower cells, else its cells
    List<String> cells = new ArrayList<>();
    for (BackendChoice.Candidate c : choice.candidates()) {
      c.cells().stream()
          .filter(
              cell ->
                  cell.versus() != null
                      && cell.versus().verdict() == dev.fsbench.harness.stats.Verdict.SLOWER)
          .map(BackendChoice.Cell::cell)
          .forEach(cells::add);
    }
    if (cells.isEmpty() && !choice.candidates().isEmpty()) {
      choice.candidates().get(0).cells().stream().map(BackendChoice.Cell::cell).forEach(cells::add);
    }
    return new Decision(
        kind.key(),
        kind.label(),
        regime.label(),
        "nio",
        Double.NaN,
        Double.NaN,
        Double.NaN,
        choice.whyNioInShort(),
        cells);
  }

  /** A decision as a table cell: {@code native 2.31x [2.12, 2.52]}, or {@code nio}. */
  static String cell(Decision d) {
    return Double.isNaN(d.ratio())
        ? d.backend() + (d.why().isEmpty() ? "" : " (" + d.why() + ")")
        : d.backend()
            + " "
            + Format.ratio(d.ratio())
            + " ["
            + String.format(java.util.Locale.ROOT, "%.2f", d.low())
            + ", "
            + String.format(java.util.Locale.ROOT, "%.2f", d.high())
            + "]";
  }

  /** REPORT.md's section: the run's table, each cell linked to its row of REPORT.html. */
  static void markdown(List<Decision> decisions, StringBuilder out) {
    if (decisions.isEmpty()) {
      return;
    }
    out.append("## Which backend to use\n\n")
        .append(
            "Per kind of work, sync calls: the backend with a **faster** verdict against nio in at least"
                + " one of the kind's cases and **slower** in none, the best geometric mean of its"
                + " ratios (with its interval); otherwise nio. Each answer links to its row of"
                + " REPORT.html, which lists the cells it rests on. Per family: `fsbench recommend`.\n\n")
        .append("| kind of work | short-lived JVM (first-use) | long-running JVM (steady) |\n")
        .append("|---|---|---|\n");
    Map<String, Map<String, Decision>> byKind = byKind(decisions);
    byKind.forEach(
        (kind, regimes) -> {
          out.append("| ").append(regimes.values().iterator().next().kind()).append(" |");
          for (Regime regime : REGIMES) {
            Decision d = regimes.get(regime.label());
            out.append(" ").append(d == null ? "—" : link(d, "REPORT.html")).append(" |");
          }
          out.append("\n");
        });
    out.append("\n");
  }

  /**
   * The README's table: a row per kind, for each run (one per JDK, named by {@code columns}) its
   * first-use and steady answers, each linked to its row of that run's REPORT.html.
   *
   * @param runs the runs by their folder under the repository ({@code results/RUN}), in column
   *     order
   * @param columns each run's column title ({@code JDK 17}, {@code JDK 22+})
   */
  public static String readme(Map<String, RunRecord> runs, List<String> columns) {
    if (runs.size() != columns.size()) {
      throw new IllegalArgumentException(runs.size() + " runs, " + columns.size() + " columns");
    }
    List<Map<String, Map<String, Decision>>> tables = new ArrayList<>();
    List<String> folders = new ArrayList<>(runs.keySet());
    runs.values().forEach(r -> tables.add(byKind(of(r))));
    StringBuilder out = new StringBuilder("| kind of work |");
    for (String column : columns) {
      out.append(" ").append(column).append(", short-lived JVM |");
      out.append(" ").append(column).append(", long-running JVM |");
    }
    out.append("\n|---|").append("---|---|".repeat(columns.size())).append("\n");
    for (WorkKind kind : WorkKind.ALL) {
      if (tables.stream().noneMatch(t -> t.containsKey(kind.key()))) {
        continue;
      }
      out.append("| ").append(kind.label()).append(" |");
      for (int i = 0; i < tables.size(); i++) {
        Map<String, Decision> regimes = tables.get(i).getOrDefault(kind.key(), Map.of());
        for (Regime regime : REGIMES) {
          Decision d = regimes.get(regime.label());
          out.append(" ")
              .append(d == null ? "—" : link(d, brief(d), folders.get(i) + "/REPORT.html"))
              .append(" |");
        }
      }
      out.append("\n");
    }
    return out.toString();
  }

  private static String link(Decision d, String page) {
    return link(d, cell(d), page);
  }

  private static String link(Decision d, String text, String page) {
    return "[" + text + "](" + page + "#decision-" + d.regime() + "-" + d.key() + ")";
  }

  /**
   * The README's cell: the answer without what kept the others out (the README's table has four
   * answer columns; the linked row of REPORT.html says why nio stayed).
   */
  static String brief(Decision d) {
    return Double.isNaN(d.ratio()) ? d.backend() : cell(d);
  }

  private static Map<String, Map<String, Decision>> byKind(List<Decision> decisions) {
    Map<String, Map<String, Decision>> out = new LinkedHashMap<>();
    for (Decision d : decisions) {
      out.computeIfAbsent(d.key(), k -> new LinkedHashMap<>())
          .put(Objects.requireNonNull(d.regime()), d);
    }
    return out;
  }
}
