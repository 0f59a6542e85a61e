package dev.fsbench.harness.report;

import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.results.Environment;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.stats.Regime;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * {@code fsbench recommend}'s table: per family the backend {@link BackendChoice} chose, its ratio
 * against nio with the interval, the cells it rests on, and the runner-up; for a family left on
 * nio, what kept each candidate out. Markdown, so that it can go into a document as it is.
 */
public final class RecommendTable {
  private RecommendTable() {}

  public static String render(
      RunRecord run,
      String name,
      Regime regime,
      Mode mode,
      List<BackendChoice.FamilyChoice> choices) {
    Environment e = run.environment();
    StringBuilder out = new StringBuilder();
    out.append("Routes from ")
        .append(name)
        .append(", ")
        .append(regime.label())
        .append(" regime, ")
        .append(mode.label())
        .append(" mode: commit ")
        .append(e.git().commit() == null ? "unknown" : abbreviate(e.git().commit()))
        .append(Boolean.TRUE.equals(e.git().dirty()) ? " (dirty)" : "")
        .append(", JDK ")
        .append(e.jdk().version())
        .append(" (")
        .append(e.jdk().vendor())
        .append("), ")
        .append(e.cpu().model())
        .append(" x")
        .append(e.cpu().cores())
        .append(", ")
        .append(e.os().name())
        .append(' ')
        .append(e.os().kernel())
        .append(", sandbox on ")
        .append(e.sandbox().fileSystemType())
        .append(".\n");
    if (!run.complete()) {
      out.append("The run is ").append(run.status().name().toLowerCase(Locale.ROOT));
      out.append(": its cases are partial, and so are these routes.\n");
    }
    out.append("\n| family | backend | vs nio | 95% interval | cells | runner-up |\n");
    out.append("|---|---|---:|---|---|---|\n");
    for (BackendChoice.FamilyChoice f : choices) {
      BackendChoice.Candidate c = f.chosen();
      out.append("| ").append(f.family()).append(" | ");
      if (c == null) {
        out.append("nio | | | ").append(Format.cell(f.whyNio())).append(" | |\n");
        continue;
      }
      out.append(c.label())
          .append(" | ")
          .append(Format.ratio(c.ratio()))
          .append(" | ")
          .append(interval(c.low(), c.high()))
          .append(" | ")
          .append(Format.cell(cells(c)))
          .append(" | ")
          .append(
              f.runnerUp() == null
                  ? "nio"
                  : f.runnerUp().label() + " " + Format.ratio(f.runnerUp().ratio()))
          .append(" |\n");
    }
    out.append(
        "\nThe rule (BackendChoice): a backend is chosen for a family when it is faster than nio"
            + " in at least one of the family's cases and slower in none, its own code doing the"
            + " work; among those, the best geometric mean of the ratios; otherwise nio.\n");
    return out.toString();
  }

  private static String cells(BackendChoice.Candidate c) {
    return c.cells().stream()
        .map(
            cell ->
                cell.caseLabel()
                    + " "
                    + (cell.versus() == null
                        ? "(" + cell.note() + ")"
                        : Format.ratio(cell.versus().ratio())
                            + " "
                            + cell.versus().verdict().label()))
        .collect(Collectors.joining("; "));
  }

  private static String interval(double low, double high) {
    return String.format(Locale.ROOT, "[%.2f, %.2f]", low, high);
  }

  private static String abbreviate(String commit) {
    return commit.length() > 7 ? commit.substring(0, 7) : commit;
  }
}
