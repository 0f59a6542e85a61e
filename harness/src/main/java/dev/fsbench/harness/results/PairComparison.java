package dev.fsbench.harness.results;

import dev.fsbench.harness.results.CaseRecord.BackendResult;
import dev.fsbench.harness.results.CaseRecord.RegimeRecord;
import dev.fsbench.harness.results.CaseRecord.Versus;
import dev.fsbench.harness.stats.FalseDiscovery;
import dev.fsbench.harness.stats.HierarchicalBootstrap;
import dev.fsbench.harness.stats.ModeratedT;
import dev.fsbench.harness.stats.Regime;
import dev.fsbench.harness.stats.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Comparisons of one backend against another that is not nio, in the same case: the target against
 * the fastest of its peers, a routed backend against the backend it routes to.
 *
 * <p>Each is read as a comparison against nio is ({@link Cases}): the ratio of the two figures
 * ({@code against}'s over {@code of}'s, above 1 {@code of} is faster), a fork-level moderated-t
 * interval and p-value with the prior of the run's comparisons in that regime and mode (the
 * hierarchical bootstrap's where the forks give no degrees of freedom), and a verdict by the same
 * rule. The p-values are adjusted by Benjamini-Hochberg over the comparisons asked for together, a
 * family of their own: they are not part of the run's correction, which covers the comparisons
 * against nio that run.json records. Nothing here is stored; it is a function of run.json.
 *
 * <pre>{@code
 * List<Versus> v = PairComparison.decide(run.cases(),
 *     List.of(new PairComparison.Pair(someCase, "native", "jnr-posix")), Regime.STEADY);
 * }</pre>
 */
public final class PairComparison {
  private PairComparison() {}

  /**
   * {@code of}'s result against {@code against}'s, both labels of {@code c}.
   *
   * @param c the case
   * @param of the label whose speed is stated
   * @param against the label it is compared with
   */
  public record Pair(CaseRecord c, String of, String against) {
    public Pair {
      Objects.requireNonNull(c, "c");
      Objects.requireNonNull(of, "of");
      Objects.requireNonNull(against, "against");
    }
  }

  /**
   * The comparisons of {@code pairs} in {@code regime}, in their order: {@code null} for a pair of
   * which either side has no figure in the regime (or is missing from its case).
   *
   * @param run every case of the run: the source of the prior
   */
  public static List<Versus> decide(List<CaseRecord> run, List<Pair> pairs, Regime regime) {
    Map<String, ModeratedT.Prior> priors = Cases.priors(run);
    List<Versus> provisional = new ArrayList<>();
    List<Double> pValues = new ArrayList<>();
    for (Pair pair : pairs) {
      Versus v = compare(pair, regime, Cases.prior(priors, regime, pair.c().mode()));
      provisional.add(v);
      if (v != null) {
        pValues.add(v.pValue());
      }
    }
    double[] adjusted =
        FalseDiscovery.adjust(pValues.stream().mapToDouble(Double::doubleValue).toArray());
    List<Versus> out = new ArrayList<>();
    int next = 0;
    for (Versus v : provisional) {
      if (v == null) {
        out.add(null);
        continue;
      }
      double q = adjusted[next++];
      out.add(
          new Versus(
              v.ratio(),
              v.low(),
              v.high(),
              v.pValue(),
              v.bootstrapPValue(),
              q,
              Verdict.of(v.ratio(), v.low(), v.high(), q)));
    }
    return out;
  }

  private static Versus compare(Pair pair, Regime regime, ModeratedT.Prior prior) {
    BackendResult of = pair.c().results().get(pair.of());
    BackendResult against = pair.c().results().get(pair.against());
    if (of == null || against == null) {
      return null;
    }
    RegimeRecord a = of.regime(regime);
    RegimeRecord b = against.regime(regime);
    if (a.statistics() == null || b.statistics() == null) {
      return null;
    }
    double ratio = b.statistics().medianNanos() / a.statistics().medianNanos();
    double[] x = Cases.logMedians(b);
    double[] y = Cases.logMedians(a);
    ModeratedT.Interval i =
        ModeratedT.interval(ratio, x, y, prior, HierarchicalBootstrap.CONFIDENCE);
    HierarchicalBootstrap.Interval boot =
        HierarchicalBootstrap.ratio(
            Cases.walls(Cases.regimeForks(against, regime)),
            Cases.walls(Cases.regimeForks(of, regime)),
            HierarchicalBootstrap.RESAMPLES,
            Cases.seed(of.cell() + " vs " + pair.against(), regime));
    return i == null
        ? new Versus(boot.ratio(), boot.low(), boot.high(), boot.pValue(), boot.pValue(), 1, null)
        : new Versus(
            ratio, i.low(), i.high(), ModeratedT.pValue(x, y, prior), boot.pValue(), 1, null);
  }
}
