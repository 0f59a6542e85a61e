package dev.fsbench.harness.report;

import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.CaseRecord.BackendResult;
import dev.fsbench.harness.results.CaseRecord.RegimeRecord;
import dev.fsbench.harness.results.CaseRecord.Versus;
import dev.fsbench.harness.results.Cases;
import dev.fsbench.harness.results.PairComparison;
import dev.fsbench.harness.stats.Regime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The seed's best-peer column: in a case and regime, the fastest implementation other than the
 * target (nio included; not the target at another concurrency, not a control, a floor or a peer's
 * NIO fallback, which are nio), and the target against it.
 *
 * <p>Against nio the target's comparison is the run's own ({@code vsNio}, corrected over the whole
 * run). Against any other peer it is a {@link PairComparison}, corrected over the best-peer
 * comparisons of the same table and regime: a family of its own, since run.json's correction covers
 * the comparisons against nio only.
 *
 * @param c the case
 * @param label the best peer's label, {@code null} when no other label has a figure
 * @param peer its result in the regime
 * @param targetVsPeer the target's comparison against it ({@code null} without both figures)
 */
record BestPeer(CaseRecord c, String label, RegimeRecord peer, Versus targetVsPeer) {

  /** The fastest label of {@code c} in {@code regime} other than {@code target}, or null. */
  static String fastest(CaseRecord c, String target, Regime regime) {
    String best = null;
    double bestNanos = Double.POSITIVE_INFINITY;
    for (Map.Entry<String, BackendResult> e : c.results().entrySet()) {
      BackendResult r = e.getValue();
      boolean nioAgain =
          r.route().kind() == CaseRecord.RouteRecord.Kind.NIO_FALLBACK || r.control();
      if (r.backend().equals(target) || nioAgain || r.isFloor()) {
        continue; // the target at another concurrency is no peer; nio through a peer is nio
      }
      RegimeRecord rr = r.regime(regime);
      if (rr.statistics() != null && rr.statistics().medianNanos() < bestNanos) {
        bestNanos = rr.statistics().medianNanos();
        best = e.getKey();
      }
    }
    return best;
  }

  /** The best peer of each of {@code rows} in {@code regime}, with the target against it. */
  static List<BestPeer> of(
      List<CaseRecord> run, List<CaseRecord> rows, String target, Regime regime) {
    List<String> labels = new ArrayList<>();
    List<PairComparison.Pair> pairs = new ArrayList<>();
    for (CaseRecord c : rows) {
      String label = fastest(c, target, regime);
      labels.add(label);
      if (label != null && !label.equals(Cases.BASELINE) && c.results().containsKey(target)) {
        pairs.add(new PairComparison.Pair(c, target, label));
      }
    }
    List<Versus> decided = PairComparison.decide(run, pairs, regime);
    List<BestPeer> out = new ArrayList<>();
    int next = 0;
    for (int i = 0; i < rows.size(); i++) {
      CaseRecord c = rows.get(i);
      String label = labels.get(i);
      if (label == null) {
        out.add(new BestPeer(c, null, null, null));
        continue;
      }
      BackendResult targetResult = c.results().get(target);
      Versus vs;
      if (targetResult == null) {
        vs = null;
      } else if (label.equals(Cases.BASELINE)) {
        vs = targetResult.regime(regime).vsNio();
      } else {
        vs = decided.get(next++);
      }
      out.add(new BestPeer(c, label, c.results().get(label).regime(regime), vs));
    }
    return out;
  }
}
