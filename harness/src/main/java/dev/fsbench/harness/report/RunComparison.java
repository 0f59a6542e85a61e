package dev.fsbench.harness.report;

import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.CaseRecord.BackendResult;
import dev.fsbench.harness.results.Environment;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.stats.Comparison;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Two runs, cell by cell: which cells got faster or slower beyond noise. The rule is the report's robustness rule (a
 * two-sided rank-sum test at 5%) applied to the same cell's samples in the two runs; a change it does not separate is
 * "no change", however large the ratio of medians looks.
 *
 * <pre>{@code
 * RunComparison diff = RunComparison.of(RunJson.read(before), RunJson.read(after));
 * diff.slower(); // the cells that lost, robustly
 * }</pre>
 *
 * <p>Comparing runs made on different filesystems, machines or JVMs measures the environment, not the code: the
 * rendering lists every such difference first.
 */
public final class RunComparison {

  /** What happened to one cell between the two runs. */
  public enum Verdict {
    FASTER,
    SLOWER,
    NO_CHANGE,
    ONLY_BEFORE,
    ONLY_AFTER
  }

  /**
   * @param cell cell id
   * @param before the earlier run's result, {@code null} when the cell is new
   * @param after the later run's result, {@code null} when the cell is gone
   * @param comparison before against after (ratio above 1: faster now), {@code null} unless both exist
   * @param verdict what the rule says
   */
  public record Row(String cell, BackendResult before, BackendResult after, Comparison comparison, Verdict verdict) {}

  private final List<Row> rows;
  private final List<String> environmentDifferences;

  private RunComparison(List<Row> rows, List<String> environmentDifferences) {
    this.rows = List.copyOf(rows);
    this.environmentDifferences = List.copyOf(environmentDifferences);
  }

  public static RunComparison of(RunRecord before, RunRecord after) {
    Map<String, BackendResult> a = cells(before);
    Map<String, BackendResult> b = cells(after);
    List<Row> rows = new ArrayList<>();
    for (Map.Entry<String, BackendResult> e : a.entrySet()) {
      BackendResult later = b.get(e.getKey());
      if (later == null) {
        rows.add(new Row(e.getKey(), e.getValue(), null, null, Verdict.ONLY_BEFORE));
        continue;
      }
      Comparison c = Comparison.of(wall(e.getValue()), wall(later));
      Verdict v = !c.robust() ? Verdict.NO_CHANGE : c.ratio() >= 1 ? Verdict.FASTER : Verdict.SLOWER;
      rows.add(new Row(e.getKey(), e.getValue(), later, c, v));
    }
    for (Map.Entry<String, BackendResult> e : b.entrySet()) {
      if (!a.containsKey(e.getKey())) {
        rows.add(new Row(e.getKey(), null, e.getValue(), null, Verdict.ONLY_AFTER));
      }
    }
    return new RunComparison(rows, environmentDifferences(before, after));
  }

  public List<Row> rows() {
    return rows;
  }

  public List<Row> with(Verdict verdict) {
    return rows.stream().filter(r -> r.verdict() == verdict).toList();
  }

  public List<Row> faster() {
    return with(Verdict.FASTER);
  }

  public List<Row> slower() {
    return with(Verdict.SLOWER);
  }

  public List<String> environmentDifferences() {
    return environmentDifferences;
  }

  /** A Markdown rendering: environment differences, a summary line, then one row per cell. */
  public String render(String beforeName, String afterName) {
    StringBuilder out = new StringBuilder();
    out.append("# fsbench compare\n\n");
    out.append("- before: `").append(beforeName).append("`\n- after: `").append(afterName).append("`\n");
    out.append("- A change is flagged when a two-sided rank-sum test separates the cell's samples of the two runs at 5%;"
        + " *before / after* above 1 means the cell is faster now.\n\n");
    if (!environmentDifferences.isEmpty()) {
      out.append("**The runs differ in their environment; differences below may be the environment's:**\n\n");
      environmentDifferences.forEach(d -> out.append("- ").append(d).append("\n"));
      out.append("\n");
    }
    out.append(String.format(
        "%d faster, %d slower, %d no change, %d only before, %d only after%n%n",
        faster().size(), slower().size(), with(Verdict.NO_CHANGE).size(), with(Verdict.ONLY_BEFORE).size(),
        with(Verdict.ONLY_AFTER).size()));
    out.append("| cell | before ms | after ms | before / after | p | verdict |\n|---|---:|---:|---:|---:|---|\n");
    for (Row r : rows) {
      out.append("| ").append(r.cell()).append(" | ")
          .append(r.before() == null ? "—" : Format.millis(r.before().statistics().medianNanos())).append(" | ")
          .append(r.after() == null ? "—" : Format.millis(r.after().statistics().medianNanos())).append(" | ")
          .append(r.comparison() == null ? "—" : Format.ratio(r.comparison().ratio())).append(" | ")
          .append(r.comparison() == null ? "—" : Format.pValue(r.comparison().pValue())).append(" | ")
          .append(verdictText(r.verdict())).append(" |\n");
    }
    return out.toString();
  }

  private static String verdictText(Verdict v) {
    switch (v) {
      case FASTER:
        return "**faster**";
      case SLOWER:
        return "**slower**";
      case NO_CHANGE:
        return "no change (noise)";
      case ONLY_BEFORE:
        return "only before";
      case ONLY_AFTER:
        return "only after";
      default:
        throw new IllegalStateException(String.valueOf(v));
    }
  }

  private static Map<String, BackendResult> cells(RunRecord run) {
    Map<String, BackendResult> cells = new LinkedHashMap<>();
    for (CaseRecord c : run.cases()) {
      for (BackendResult r : c.results().values()) {
        cells.put(r.cell(), r);
      }
    }
    return cells;
  }

  private static double[] wall(BackendResult r) {
    return r.samples().stream().filter(s -> !s.warmup()).mapToDouble(CaseRecord.RawSample::wallNanos).toArray();
  }

  private static List<String> environmentDifferences(RunRecord before, RunRecord after) {
    List<String> out = new ArrayList<>();
    Environment x = before.environment();
    Environment y = after.environment();
    differ(out, "sandbox filesystem", x.sandbox().fileSystemType(), y.sandbox().fileSystemType());
    differ(out, "CPU", x.cpu().model(), y.cpu().model());
    differ(out, "cores", x.cpu().cores(), y.cpu().cores());
    differ(out, "kernel", x.os().kernel(), y.os().kernel());
    differ(out, "JDK", x.jdk().vendor() + " " + x.jdk().version(), y.jdk().vendor() + " " + y.jdk().version());
    differ(out, "warmups", before.settings().warmups(), after.settings().warmups());
    differ(out, "samples", before.settings().samples(), after.settings().samples());
    differ(out, "forks", before.settings().forks(), after.settings().forks());
    if (!before.complete()) {
      out.add("the before run is incomplete (" + before.status().name().toLowerCase(Locale.ROOT) + ")");
    }
    if (!after.complete()) {
      out.add("the after run is incomplete (" + after.status().name().toLowerCase(Locale.ROOT) + ")");
    }
    return out;
  }

  private static void differ(List<String> out, String what, Object x, Object y) {
    if (!Objects.equals(x, y)) {
      out.add(what + ": " + x + " -> " + y);
    }
  }
}
