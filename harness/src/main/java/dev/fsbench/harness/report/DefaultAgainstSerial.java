package dev.fsbench.harness.report;

import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.CaseRecord.BackendResult;
import dev.fsbench.harness.results.CaseRecord.RegimeRecord;
import dev.fsbench.harness.results.Cases;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.stats.FalseDiscovery;
import dev.fsbench.harness.stats.HierarchicalBootstrap;
import dev.fsbench.harness.stats.ModeratedT;
import dev.fsbench.harness.stats.Regime;
import dev.fsbench.harness.stats.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every tree cell of a backend at its default concurrency against the same backend serial ({@code
 * native} against {@code native-c1}), with an interval and a verdict: the check behind DESIGN.md's
 * rule that the default must never be slower than a serial walk.
 *
 * <p>The ratio is c1's estimate over the default's (above 1: the default is faster), the interval
 * and p-value the fork-level moderated t of the verdicts against nio, with the same prior (the
 * run's typical fork variance of the regime and mode), and the p-values adjusted by
 * Benjamini-Hochberg over these comparisons of one regime alone: they are a question of their own,
 * asked after the run, and must not change the verdicts against nio that run.json holds. A quick
 * run's single forks give no interval: the ratio stands alone, without a verdict.
 *
 * <pre>{@code
 * List<DefaultAgainstSerial.Row> rows = DefaultAgainstSerial.of(run);
 * long slower = rows.stream().filter(r -> r.verdict() == Verdict.SLOWER).count();
 * }</pre>
 */
final class DefaultAgainstSerial {
  /** The label suffix of a serial cell. */
  static final String SERIAL = "-c1";

  private DefaultAgainstSerial() {}

  /**
   * One comparison: the default of {@code backend} against its serial cell in one case, mode and
   * regime.
   *
   * @param low the interval's lower bound, NaN without one
   * @param high its upper bound, NaN without one
   * @param verdict {@code null} without an interval
   */
  record Row(
      String family,
      String caseLabel,
      String mode,
      String backend,
      Regime regime,
      double ratio,
      double low,
      double high,
      double adjustedPValue,
      Verdict verdict) {}

  /** The rows of {@code run}, case by case in the run's order, steady before first-use. */
  static List<Row> of(RunRecord run) {
    Map<String, ModeratedT.Prior> priors = Cases.priors(run.cases());
    List<Row> out = new ArrayList<>();
    for (Regime regime : List.of(Regime.STEADY, Regime.FIRST_USE)) {
      out.addAll(decided(run.cases(), regime, priors));
    }
    return out;
  }

  private static List<Row> decided(
      List<CaseRecord> cases, Regime regime, Map<String, ModeratedT.Prior> priors) {
    List<Row> provisional = new ArrayList<>();
    List<Double> p = new ArrayList<>();
    for (CaseRecord c : cases) {
      for (Map.Entry<String, BackendResult> e : c.results().entrySet()) {
        BackendResult serial = c.results().get(e.getKey() + SERIAL);
        BackendResult own = e.getValue();
        if (serial == null || own.concurrency() != 0 || own.timing() != null) {
          continue;
        }
        RegimeRecord a = serial.regime(regime);
        RegimeRecord b = own.regime(regime);
        if (a.statistics() == null || b.statistics() == null) {
          continue;
        }
        double ratio = a.statistics().medianNanos() / b.statistics().medianNanos();
        double[] x = ModeratedT.logMedians(a.statistics().forkMedianNanos());
        double[] y = ModeratedT.logMedians(b.statistics().forkMedianNanos());
        ModeratedT.Prior prior = Cases.prior(priors, regime, c.mode());
        ModeratedT.Interval i =
            ModeratedT.interval(ratio, x, y, prior, HierarchicalBootstrap.CONFIDENCE);
        double pValue = i == null ? Double.NaN : ModeratedT.pValue(x, y, prior);
        if (i != null) {
          p.add(pValue);
        }
        provisional.add(
            new Row(
                c.family(),
                c.caseLabel(),
                c.mode(),
                e.getKey(),
                regime,
                ratio,
                i == null ? Double.NaN : i.low(),
                i == null ? Double.NaN : i.high(),
                pValue,
                null));
      }
    }
    double[] adjusted =
        FalseDiscovery.adjust(p.stream().mapToDouble(Double::doubleValue).toArray());
    List<Row> out = new ArrayList<>();
    int next = 0;
    for (Row r : provisional) {
      if (Double.isNaN(r.adjustedPValue())) {
        out.add(r);
        continue;
      }
      double q = adjusted[next++];
      out.add(
          new Row(
              r.family(),
              r.caseLabel(),
              r.mode(),
              r.backend(),
              r.regime(),
              r.ratio(),
              r.low(),
              r.high(),
              q,
              Verdict.of(r.ratio(), r.low(), r.high(), q)));
    }
    return out;
  }

  /** REPORT.md's section, or nothing when the run has no serial cell. */
  static void markdown(RunRecord run, StringBuilder out) {
    List<Row> rows = of(run);
    if (rows.isEmpty()) {
      return;
    }
    long decided = rows.stream().filter(r -> r.verdict() != null).count();
    long slower = rows.stream().filter(r -> r.verdict() == Verdict.SLOWER).count();
    long faster = rows.stream().filter(r -> r.verdict() == Verdict.FASTER).count();
    out.append("## The default concurrency against serial\n\n")
        .append(
            String.format(
                Locale.ROOT,
                "Each tree cell at the backend's default concurrency against the same backend at"
                    + " c1, in both regimes: %d comparisons with a verdict, the default **slower**"
                    + " in %d, faster in %d. The ratio is c1's time over the default's (above 1:"
                    + " the default is faster), its interval and test those of the verdicts"
                    + " against nio, corrected over these comparisons alone.\n\n",
                decided,
                slower,
                faster))
        .append(
            "| family | case | mode | backend | steady: c1 / default | verdict |"
                + " first-use: c1 / default | verdict |\n|---|---|---|---|---:|---|---:|---|\n");
    for (Row steady : rows) {
      if (steady.regime() != Regime.STEADY) {
        continue;
      }
      Row firstUse = matching(rows, steady, Regime.FIRST_USE);
      out.append("| ")
          .append(steady.family())
          .append(" | ")
          .append(steady.caseLabel())
          .append(" | ")
          .append(steady.mode())
          .append(" | ")
          .append(steady.backend())
          .append(" | ")
          .append(ratio(steady))
          .append(" | ")
          .append(verdict(steady))
          .append(" | ")
          .append(ratio(firstUse))
          .append(" | ")
          .append(verdict(firstUse))
          .append(" |\n");
    }
    for (Row firstUse : rows) {
      if (firstUse.regime() == Regime.FIRST_USE
          && matching(rows, firstUse, Regime.STEADY) == null) {
        out.append("| ")
            .append(firstUse.family())
            .append(" | ")
            .append(firstUse.caseLabel())
            .append(" | ")
            .append(firstUse.mode())
            .append(" | ")
            .append(firstUse.backend())
            .append(" | — | — | ")
            .append(ratio(firstUse))
            .append(" | ")
            .append(verdict(firstUse))
            .append(" |\n");
      }
    }
    out.append("\n");
  }

  private static Row matching(List<Row> rows, Row row, Regime regime) {
    return rows.stream()
        .filter(
            r ->
                r.regime() == regime
                    && r.family().equals(row.family())
                    && r.caseLabel().equals(row.caseLabel())
                    && r.mode().equals(row.mode())
                    && r.backend().equals(row.backend()))
        .findFirst()
        .orElse(null);
  }

  private static String ratio(Row r) {
    if (r == null) {
      return "—";
    }
    if (Double.isNaN(r.low())) {
      return Format.ratio(r.ratio());
    }
    return Format.ratio(r.ratio()) + String.format(Locale.ROOT, " [%.2f, %.2f]", r.low(), r.high());
  }

  private static String verdict(Row r) {
    if (r == null || r.verdict() == null) {
      return "—";
    }
    return switch (r.verdict()) {
      case FASTER -> "faster";
      case SLOWER -> "**slower**";
      case TIE -> "tie";
    };
  }
}
