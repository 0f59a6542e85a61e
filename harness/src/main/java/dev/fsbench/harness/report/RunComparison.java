package dev.fsbench.harness.report;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.CaseRecord.BackendResult;
import dev.fsbench.harness.results.Environment;
import dev.fsbench.harness.results.RegimeSamples;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.stats.FalseDiscovery;
import dev.fsbench.harness.stats.HierarchicalBootstrap;
import dev.fsbench.harness.stats.ModeratedT;
import dev.fsbench.harness.stats.Regime;
import dev.fsbench.harness.stats.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Two runs, cell by cell, in one regime: which cells changed beyond noise. What a CI job asks of a
 * change.
 *
 * <pre>{@code
 * RunComparison diff = RunComparison.of(RunJson.read(before), RunJson.read(after), Regime.STEADY, 0.05);
 * diff.changed(); // the cells that got faster or slower, or whose verdict against nio reversed
 * }</pre>
 *
 * <h2>The rule</h2>
 *
 * A cell's figure in the two runs is compared as the report compares a backend with nio: the ratio
 * of the figures (before over after: above 1 the cell is faster now) with its 95%
 * hierarchical-bootstrap interval, a p-value that is the larger of the bootstrap's and the
 * fork-level moderated t-test's ({@link ModeratedT}, its prior the typical fork variance of the
 * compared cells), the p-values of all compared cells adjusted by Benjamini-Hochberg, and {@link
 * Verdict#of} with the threshold as the minimum effect. A cell is also a change when its verdict
 * against nio <em>reversed</em> (faster before, slower now, or back). A verdict that moved between
 * tie and faster (or slower) while the cell's own figure did not move beyond its interval is not a
 * change: the comparison sat at the edge of what the data resolves in both runs, and such moves are
 * counted and shown apart, as "at the boundary". So two runs of the same commit on the same machine
 * report no change.
 *
 * <p>Comparing runs made on different filesystems, machines or JDKs measures the environment, not
 * the code: the rendering lists every such difference first.
 */
public final class RunComparison {

  /** What happened to one cell between the two runs. */
  public enum Change {
    FASTER,
    SLOWER,
    /** The verdict against nio went from faster to slower or back. */
    REVERSED,
    /**
     * The verdict against nio moved to or from tie; the cell's figure did not move beyond noise.
     */
    AT_THE_BOUNDARY,
    NO_CHANGE,
    /** Only one of the runs has a figure in this regime (e.g. no steady state in the other). */
    NO_FIGURE,
    ONLY_BEFORE,
    ONLY_AFTER;

    @JsonValue
    public String label() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Whether this counts as a change for a CI job. */
    public boolean isChange() {
      return this == FASTER || this == SLOWER || this == REVERSED;
    }
  }

  /**
   * @param cell cell id
   * @param beforeNanos the earlier figure, {@code null} when absent
   * @param afterNanos the later figure, {@code null} when absent
   * @param ratio before / after (above 1: faster now), {@code null} unless both exist
   * @param low its interval's lower bound
   * @param high its upper bound
   * @param adjustedPValue after the correction over all compared cells
   * @param verdictBefore the cell's verdict against nio before, {@code null} for nio or without one
   * @param verdictAfter after
   * @param change what the rule says
   */
  public record Row(
      String cell,
      Double beforeNanos,
      Double afterNanos,
      Double ratio,
      Double low,
      Double high,
      Double adjustedPValue,
      Verdict verdictBefore,
      Verdict verdictAfter,
      Change change) {}

  private final Regime regime;
  private final double threshold;
  private final List<Row> rows;
  private final List<String> environmentDifferences;
  private final Drift drift;

  private RunComparison(
      Regime regime,
      double threshold,
      List<Row> rows,
      List<String> environmentDifferences,
      Drift drift) {
    this.regime = regime;
    this.threshold = threshold;
    this.rows = List.copyOf(rows);
    this.environmentDifferences = List.copyOf(environmentDifferences);
    this.drift = drift;
  }

  public static RunComparison of(RunRecord before, RunRecord after) {
    return of(before, after, Regime.STEADY, Verdict.MINIMUM_EFFECT);
  }

  public static RunComparison of(
      RunRecord before, RunRecord after, Regime regime, double threshold) {
    Map<String, BackendResult> a = cells(before);
    Map<String, BackendResult> b = cells(after);
    List<String> compared = new ArrayList<>();
    List<HierarchicalBootstrap.Interval> intervals = new ArrayList<>();
    List<double[][]> forkMedians = new ArrayList<>();
    List<Double> variances = new ArrayList<>();
    List<Integer> df = new ArrayList<>();
    for (Map.Entry<String, BackendResult> e : a.entrySet()) {
      BackendResult later = b.get(e.getKey());
      if (later == null) {
        continue;
      }
      List<double[]> x = RegimeSamples.of(e.getValue(), regime);
      List<double[]> y = RegimeSamples.of(later, regime);
      if (!x.isEmpty() && !y.isEmpty()) {
        compared.add(e.getKey());
        intervals.add(
            HierarchicalBootstrap.ratio(x, y, HierarchicalBootstrap.RESAMPLES, seed(e.getKey())));
        double[][] medians = {logMedians(x), logMedians(y)};
        forkMedians.add(medians);
        double v = ModeratedT.pooledVariance(medians[0], medians[1]);
        if (!Double.isNaN(v)) {
          variances.add(v);
          df.add(medians[0].length + medians[1].length - 2);
        }
      }
    }
    // As for a verdict against nio: both levels must agree, the forks' through the moderated t with
    // this comparison's
    // own prior (the typical fork variance of a cell between the two runs).
    ModeratedT.Prior prior = ModeratedT.prior(variances, df);
    double[] p = new double[intervals.size()];
    for (int k = 0; k < p.length; k++) {
      p[k] =
          Math.max(
              intervals.get(k).pValue(),
              ModeratedT.pValue(forkMedians.get(k)[0], forkMedians.get(k)[1], prior));
    }
    double[] adjusted = FalseDiscovery.adjust(p);
    List<Row> rows = new ArrayList<>();
    for (Map.Entry<String, BackendResult> e : a.entrySet()) {
      BackendResult earlier = e.getValue();
      BackendResult later = b.get(e.getKey());
      if (later == null) {
        rows.add(
            new Row(
                e.getKey(),
                figure(earlier, regime),
                null,
                null,
                null,
                null,
                null,
                verdict(earlier, regime),
                null,
                Change.ONLY_BEFORE));
        continue;
      }
      int k = compared.indexOf(e.getKey());
      Verdict vb = verdict(earlier, regime);
      Verdict va = verdict(later, regime);
      if (k < 0) {
        rows.add(
            new Row(
                e.getKey(),
                figure(earlier, regime),
                figure(later, regime),
                null,
                null,
                null,
                null,
                vb,
                va,
                Change.NO_FIGURE));
        continue;
      }
      HierarchicalBootstrap.Interval i = intervals.get(k);
      Verdict moved = Verdict.of(i.ratio(), i.low(), i.high(), adjusted[k], threshold);
      Change change;
      if (moved == Verdict.FASTER) {
        change = Change.FASTER;
      } else if (moved == Verdict.SLOWER) {
        change = Change.SLOWER;
      } else if (vb != null && va != null && vb != va && vb != Verdict.TIE && va != Verdict.TIE) {
        change = Change.REVERSED;
      } else if (vb != va) {
        change = Change.AT_THE_BOUNDARY;
      } else {
        change = Change.NO_CHANGE;
      }
      rows.add(
          new Row(
              e.getKey(),
              figure(earlier, regime),
              figure(later, regime),
              i.ratio(),
              i.low(),
              i.high(),
              adjusted[k],
              vb,
              va,
              change));
    }
    for (Map.Entry<String, BackendResult> e : b.entrySet()) {
      if (!a.containsKey(e.getKey())) {
        rows.add(
            new Row(
                e.getKey(),
                null,
                figure(e.getValue(), regime),
                null,
                null,
                null,
                null,
                null,
                verdict(e.getValue(), regime),
                Change.ONLY_AFTER));
      }
    }
    return new RunComparison(
        regime,
        threshold,
        rows,
        environmentDifferences(before, after),
        Drift.of(rows, ratiosAgainstNio(a, regime), ratiosAgainstNio(b, regime)));
  }

  public Regime regime() {
    return regime;
  }

  public double threshold() {
    return threshold;
  }

  public List<Row> rows() {
    return rows;
  }

  public List<Row> with(Change change) {
    return rows.stream().filter(r -> r.change() == change).toList();
  }

  /** The rows a CI job acts on: faster, slower, reversed. */
  public List<Row> changed() {
    return rows.stream().filter(r -> r.change().isChange()).toList();
  }

  public List<Row> slower() {
    return with(Change.SLOWER);
  }

  public List<Row> faster() {
    return with(Change.FASTER);
  }

  public List<String> environmentDifferences() {
    return environmentDifferences;
  }

  /**
   * How far the second run reproduces the first: of the comparisons with nio (every label but nio)
   * that either run decided, how many have the same verdict in both (a cell with a verdict in one
   * run and no figure in the other counts as differing), how many reversed, and the median relative
   * difference of the cells' figures.
   *
   * @param verdicts comparisons with a verdict in at least one run
   * @param same those with the same verdict in both
   * @param reversed faster in one, slower in the other
   * @param missingInOne a verdict in one run, no figure in the other
   * @param figures cells with a figure in both runs
   * @param medianRelativeDifference median over them of |after / before - 1|
   * @param controlsNotTie A/A verdicts other than tie, both runs together
   */
  public record Reproducibility(
      int verdicts,
      int same,
      int reversed,
      int missingInOne,
      int figures,
      double medianRelativeDifference,
      int controlsNotTie) {
    /** {@code same / verdicts}, 1 when there is nothing to compare. */
    public double agreement() {
      return verdicts == 0 ? 1 : (double) same / verdicts;
    }
  }

  public Reproducibility reproducibility() {
    int verdicts = 0;
    int same = 0;
    int reversed = 0;
    int missing = 0;
    int controls = 0;
    List<Double> differences = new ArrayList<>();
    for (Row r : rows) {
      if (r.beforeNanos() != null && r.afterNanos() != null) {
        differences.add(Math.abs(r.afterNanos() / r.beforeNanos() - 1));
      }
      if (r.cell().endsWith("/" + dev.fsbench.harness.results.Cases.CONTROL)) {
        controls +=
            (r.verdictBefore() != null && r.verdictBefore() != Verdict.TIE ? 1 : 0)
                + (r.verdictAfter() != null && r.verdictAfter() != Verdict.TIE ? 1 : 0);
      }
      if (r.verdictBefore() == null && r.verdictAfter() == null) {
        continue;
      }
      verdicts++;
      if (r.verdictBefore() == r.verdictAfter()) {
        same++;
      } else if (r.verdictBefore() == null || r.verdictAfter() == null) {
        missing++;
      } else if (r.verdictBefore() != Verdict.TIE && r.verdictAfter() != Verdict.TIE) {
        reversed++;
      }
    }
    double median =
        differences.isEmpty()
            ? 0
            : dev.fsbench.harness.stats.Distribution.of(
                    differences.stream().mapToDouble(Double::doubleValue).toArray())
                .median();
    return new Reproducibility(
        verdicts, same, reversed, missing, differences.size(), median, controls);
  }

  /** How much of the difference between the runs is the machine's, shared by a case's backends. */
  public Drift drift() {
    return drift;
  }

  /** Counts per change, in the enum's order. */
  public Map<String, Integer> summary() {
    Map<String, Integer> out = new LinkedHashMap<>();
    for (Change c : Change.values()) {
      out.put(c.label(), with(c).size());
    }
    return out;
  }

  /**
   * A Markdown rendering: environment differences, the summary, then the changed cells (or every
   * cell).
   */
  public String render(String beforeName, String afterName, boolean all) {
    StringBuilder out = new StringBuilder();
    out.append("# fsbench compare\n\n");
    out.append("- before: `")
        .append(beforeName)
        .append("`\n- after: `")
        .append(afterName)
        .append("`\n");
    out.append("- regime: ")
        .append(regime.label())
        .append(
            "; a cell changed when the ratio of its figures (before / after,"
                + " above 1: faster now) has a 95% interval excluding 1, is at least ")
        .append(Math.round(threshold * 100))
        .append(
            "% away from 1, and its Benjamini-Hochberg adjusted p-value over all compared cells is below 0.05; or when its"
                + " verdict against nio reversed.\n\n");
    if (!environmentDifferences.isEmpty()) {
      out.append(
          "**The runs differ in their environment; differences below may be the environment's:**\n\n");
      environmentDifferences.forEach(d -> out.append("- ").append(d).append("\n"));
      out.append("\n");
    }
    Map<String, Integer> n = summary();
    out.append(
        String.format(
            Locale.ROOT,
            "%d faster, %d slower, %d reversed; %d at the boundary, %d no change, %d without a figure in one run, %d only before,"
                + " %d only after%n%n",
            n.get("faster"),
            n.get("slower"),
            n.get("reversed"),
            n.get("at-the-boundary"),
            n.get("no-change"),
            n.get("no-figure"),
            n.get("only-before"),
            n.get("only-after")));
    Reproducibility rep = reproducibility();
    out.append(
        String.format(
            Locale.ROOT,
            "Reproducibility: %d of %d verdicts against nio the same in both runs (%.1f%%), %d reversed, %d with a figure in one"
                + " run only; median relative difference of %d cells' figures %.1f%%; A/A verdicts other than tie: %d.%n%n",
            rep.same(),
            rep.verdicts(),
            100 * rep.agreement(),
            rep.reversed(),
            rep.missingInOne(),
            rep.figures(),
            100 * rep.medianRelativeDifference(),
            rep.controlsNotTie()));
    if (drift.cases() > 0) {
      out.append(
          String.format(
              Locale.ROOT,
              "Shared by a case's backends (the machine's speed while the case ran): the shift"
                  + " after / before of %d cases ranges %.2f to %.2f and explains %.0f%% of the"
                  + " variance of the figures' differences; net of it, a cell differs by a median"
                  + " %.1f%%. The ratios against nio of %d comparisons, which the shift cancels,"
                  + " differ by a median %.1f%%.%n%n",
              drift.cases(),
              drift.lowestShift(),
              drift.highestShift(),
              100 * drift.sharedVariance(),
              100 * drift.ownMedianDifference(),
              drift.ratios(),
              100 * drift.ratioMedianRelativeDifference()));
    }
    List<Row> shown = all ? rows : changed();
    if (shown.isEmpty()) {
      out.append("No cell changed.\n");
      return out.toString();
    }
    out.append(
        "| cell | before ms | after ms | before / after | 95% interval | adjusted p | vs nio before | vs nio after | change |\n");
    out.append("|---|---:|---:|---:|---|---:|---|---|---|\n");
    for (Row r : shown) {
      out.append("| ")
          .append(r.cell())
          .append(" | ")
          .append(r.beforeNanos() == null ? "—" : Format.millis(r.beforeNanos()))
          .append(" | ")
          .append(r.afterNanos() == null ? "—" : Format.millis(r.afterNanos()))
          .append(" | ")
          .append(r.ratio() == null ? "—" : Format.ratio(r.ratio()))
          .append(" | ")
          .append(
              r.low() == null ? "—" : String.format(Locale.ROOT, "%.2f, %.2f", r.low(), r.high()))
          .append(" | ")
          .append(r.adjustedPValue() == null ? "—" : Format.pValue(r.adjustedPValue()))
          .append(" | ")
          .append(r.verdictBefore() == null ? "—" : r.verdictBefore().label())
          .append(" | ")
          .append(r.verdictAfter() == null ? "—" : r.verdictAfter().label())
          .append(" | ")
          .append(r.change().isChange() ? "**" + r.change().label() + "**" : r.change().label())
          .append(" |\n");
    }
    return out.toString();
  }

  /**
   * The JSON form of {@code compare --json}: the settings, the environment differences, the summary
   * and every row.
   */
  public Map<String, Object> toJson(String beforeName, String afterName) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("before", beforeName);
    out.put("after", afterName);
    out.put("regime", regime.label());
    out.put("threshold", threshold);
    out.put("environmentDifferences", environmentDifferences);
    out.put("summary", summary());
    out.put("changed", changed().size());
    out.put("reproducibility", reproducibility());
    out.put("drift", drift);
    out.put("rows", rows);
    return out;
  }

  private static Double figure(BackendResult r, Regime regime) {
    var s = r.regime(regime).statistics();
    return s == null ? null : s.medianNanos();
  }

  private static Verdict verdict(BackendResult r, Regime regime) {
    var v = r.regime(regime).vsNio();
    return v == null ? null : v.verdict();
  }

  private static double[] logMedians(List<double[]> forks) {
    return ModeratedT.logMedians(
        forks.stream().map(f -> dev.fsbench.harness.stats.Distribution.of(f).median()).toList());
  }

  /** Each comparison's ratio against nio in {@code regime}, by cell id. */
  private static Map<String, Double> ratiosAgainstNio(
      Map<String, BackendResult> cells, Regime regime) {
    Map<String, Double> out = new LinkedHashMap<>();
    cells.forEach(
        (id, r) -> {
          var v = r.regime(regime).vsNio();
          if (v != null) {
            out.put(id, v.ratio());
          }
        });
    return out;
  }

  private static long seed(String cell) {
    return cell.hashCode() * 0x9E3779B97F4A7C15L;
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

  private static List<String> environmentDifferences(RunRecord before, RunRecord after) {
    List<String> out = new ArrayList<>();
    Environment x = before.environment();
    Environment y = after.environment();
    differ(out, "sandbox filesystem", x.sandbox().fileSystemType(), y.sandbox().fileSystemType());
    differ(out, "CPU", x.cpu().model(), y.cpu().model());
    differ(out, "cores", x.cpu().cores(), y.cpu().cores());
    differ(out, "kernel", x.os().kernel(), y.os().kernel());
    differ(
        out,
        "JDK",
        x.jdk().vendor() + " " + x.jdk().version(),
        y.jdk().vendor() + " " + y.jdk().version());
    differ(out, "warmups", before.settings().warmups(), after.settings().warmups());
    differ(
        out,
        "samples per fork",
        before.settings().samplesPerFork(),
        after.settings().samplesPerFork());
    differ(out, "forks", before.settings().forks(), after.settings().forks());
    if (!before.complete()) {
      out.add(
          "the before run is incomplete (" + before.status().name().toLowerCase(Locale.ROOT) + ")");
    }
    if (!after.complete()) {
      out.add(
          "the after run is incomplete (" + after.status().name().toLowerCase(Locale.ROOT) + ")");
    }
    return out;
  }

  private static void differ(List<String> out, String what, Object x, Object y) {
    if (!Objects.equals(x, y)) {
      out.add(what + ": " + x + " -> " + y);
    }
  }
}
