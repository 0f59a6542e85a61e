package dev.fsbench.harness.report;

import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.CaseRecord.BackendResult;
import dev.fsbench.harness.results.CaseRecord.Versus;
import dev.fsbench.harness.results.PairComparison;
import dev.fsbench.harness.results.RunRecord;
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
 * <p>Each is a {@link PairComparison}: c1's estimate over the default's (above 1: the default is
 * faster), the fork-level test and prior of the verdicts against nio, corrected over these
 * comparisons of one regime alone, so that they change none of the verdicts run.json holds.
 *
 * <pre>{@code
 * List<DefaultAgainstSerial.Row> rows = DefaultAgainstSerial.of(run);
 * int slower = rows.stream().mapToInt(DefaultAgainstSerial.Row::slower).sum();
 * }</pre>
 */
final class DefaultAgainstSerial {
  private DefaultAgainstSerial() {}

  /**
   * One case's default of {@code backend} against its serial cell.
   *
   * @param steady the comparison in the steady regime, {@code null} where either has no figure
   * @param firstUse the same in the first-use regime
   */
  record Row(CaseRecord c, String backend, Versus steady, Versus firstUse) {
    /** The verdicts that say the default is slower: 0, 1 or 2. */
    int slower() {
      return count(Verdict.SLOWER);
    }

    int faster() {
      return count(Verdict.FASTER);
    }

    int decided() {
      return (steady == null ? 0 : 1) + (firstUse == null ? 0 : 1);
    }

    private int count(Verdict verdict) {
      return (steady != null && steady.verdict() == verdict ? 1 : 0)
          + (firstUse != null && firstUse.verdict() == verdict ? 1 : 0);
    }
  }

  /** The rows of {@code run}, one per case and backend with a serial cell, in the run's order. */
  static List<Row> of(RunRecord run) {
    List<PairComparison.Pair> pairs = new ArrayList<>();
    for (CaseRecord c : run.cases()) {
      for (Map.Entry<String, BackendResult> e : c.results().entrySet()) {
        BackendResult own = e.getValue();
        if (own.concurrency() != 0 || own.timing() != null) {
          continue;
        }
        for (Map.Entry<String, BackendResult> serial : c.results().entrySet()) {
          if (serial.getValue().concurrency() == 1
              && serial.getValue().backend().equals(own.backend())) {
            pairs.add(new PairComparison.Pair(c, e.getKey(), serial.getKey()));
          }
        }
      }
    }
    List<Versus> steady = PairComparison.decide(run.cases(), pairs, Regime.STEADY);
    List<Versus> firstUse = PairComparison.decide(run.cases(), pairs, Regime.FIRST_USE);
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < pairs.size(); i++) {
      rows.add(new Row(pairs.get(i).c(), pairs.get(i).of(), steady.get(i), firstUse.get(i)));
    }
    return rows;
  }

  /** REPORT.md's section, or nothing when the run has no serial cell. */
  static void markdown(RunRecord run, StringBuilder out) {
    List<Row> rows = of(run);
    if (rows.isEmpty()) {
      return;
    }
    out.append("## The default concurrency against serial\n\n")
        .append(
            String.format(
                Locale.ROOT,
                "Each tree cell at the backend's default concurrency against the same backend at"
                    + " c1, in both regimes: %d comparisons, the default **slower** in %d, faster"
                    + " in %d. The ratio is c1's time over the default's (above 1: the default is"
                    + " faster), its interval and test those of the verdicts against nio, corrected"
                    + " over these comparisons alone.\n\n",
                rows.stream().mapToInt(Row::decided).sum(),
                rows.stream().mapToInt(Row::slower).sum(),
                rows.stream().mapToInt(Row::faster).sum()))
        .append(
            "| family | case | mode | backend | steady: c1 / default | verdict |"
                + " first-use: c1 / default | verdict |\n|---|---|---|---|---:|---|---:|---|\n");
    for (Row r : rows) {
      out.append("| ")
          .append(r.c().family())
          .append(" | ")
          .append(r.c().caseLabel())
          .append(" | ")
          .append(r.c().mode())
          .append(" | ")
          .append(r.backend())
          .append(" | ")
          .append(Format.versus(r.steady()))
          .append(" | ")
          .append(Format.verdict(r.steady()))
          .append(" | ")
          .append(Format.versus(r.firstUse()))
          .append(" | ")
          .append(Format.verdict(r.firstUse()))
          .append(" |\n");
    }
    out.append("\n");
  }
}
