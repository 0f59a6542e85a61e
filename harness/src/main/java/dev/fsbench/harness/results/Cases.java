package dev.fsbench.harness.results;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.model.Sample;
import dev.fsbench.harness.results.CaseRecord.BackendResult;
import dev.fsbench.harness.results.CaseRecord.Distance;
import dev.fsbench.harness.results.CaseRecord.ForkRecord;
import dev.fsbench.harness.results.CaseRecord.RawSample;
import dev.fsbench.harness.results.CaseRecord.RegimeRecord;
import dev.fsbench.harness.results.CaseRecord.Regimes;
import dev.fsbench.harness.results.CaseRecord.Versus;
import dev.fsbench.harness.stats.Distribution;
import dev.fsbench.harness.stats.FalseDiscovery;
import dev.fsbench.harness.stats.HierarchicalBootstrap;
import dev.fsbench.harness.stats.ModeratedT;
import dev.fsbench.harness.stats.Regime;
import dev.fsbench.harness.stats.RegimeStatistics;
import dev.fsbench.harness.stats.SteadyState;
import dev.fsbench.harness.stats.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns raw samples into the case records of run.json: per backend label, each fork's steady state,
 * the statistics of both regimes, and the comparison with {@value #BASELINE}; then, over the whole
 * run, the false-discovery correction that decides each verdict.
 *
 * <p>A floor's result (one with a {@link BackendResult#timing()}) is a reference, not a contender:
 * it is never compared with nio, so it adds nothing to the verdicts or their correction; instead
 * every other result of the case gets its distance to it ({@link RegimeRecord#vsFloor()}), the
 * ratio of their estimates with the same hierarchical-bootstrap interval as a comparison's.
 *
 * <pre>{@code
 * List<CaseRecord> cases = Cases.of(outcomes);   // what the runner writes
 * List<CaseRecord> again = Cases.recompute(run.cases()); // the same from run.json's raw samples alone
 * }</pre>
 *
 * Everything here is a function of the raw samples (and of seeds derived from the cell ids), so a
 * run.json can always be recomputed and gives the same figures.
 */
public final class Cases {
  /** The backend every ratio is taken against: plain {@code java.nio.file}. */
  public static final String BASELINE = "nio";

  /** The label of the A/A control: nio again, in forks of its own. */
  public static final String CONTROL = "nio-aa";

  private Cases() {}

  /** The case records of finished cells, in the order they ran, with run-wide verdicts. */
  public static List<CaseRecord> of(List<CellOutcome> outcomes) {
    Map<String, List<CellOutcome>> byCase = new LinkedHashMap<>();
    for (CellOutcome outcome : outcomes) {
      byCase.computeIfAbsent(caseId(outcome.plan().key()), k -> new ArrayList<>()).add(outcome);
    }
    List<CaseRecord> cases = new ArrayList<>();
    for (List<CellOutcome> cells : byCase.values()) {
      cases.add(measuredCase(cells));
    }
    return withVerdicts(cases);
  }

  /**
   * One case from its cells' outcomes, before the run-wide correction (its verdicts are
   * provisional).
   */
  public static CaseRecord measuredCase(List<CellOutcome> cells) {
    CellOutcome first = cells.get(0);
    CellKey key = first.plan().key();
    List<Input> inputs = new ArrayList<>();
    for (CellOutcome cell : cells) {
      CellKey k = cell.plan().key();
      if (cell.plan().operations() != first.plan().operations()
          || cell.plan().logicalBytes() != first.plan().logicalBytes()) {
        // Ratios between backends doing different amounts of work would be meaningless.
        throw new IllegalArgumentException(
            "cells of one case disagree on the work: " + k.id() + " vs " + key.id());
      }
      inputs.add(
          new Input(
              k.backendLabel(),
              k.id(),
              k.backend(),
              k.concurrency(),
              k.backend().equals(CONTROL),
              CaseRecord.RouteRecord.of(cell.route()),
              cell.samples(),
              cell.cpuClock(),
              cell.runNanos(),
              SecondaryMetrics.of(cell.secondaryScores()),
              cell.timing()));
    }
    return compute(
        key.family(),
        key.scenario(),
        key.variant(),
        key.caseLabel(),
        key.mode().label(),
        first.plan().operations(),
        first.plan().logicalBytes(),
        inputs);
  }

  /**
   * The same cases recomputed from their raw samples alone: the classification and every statistic,
   * anew.
   */
  public static List<CaseRecord> recompute(List<CaseRecord> cases) {
    return recompute(cases, Integer.MAX_VALUE);
  }

  /**
   * As {@link #recompute(List)}, from the first {@code forks} forks of every cell only: what the
   * run would have said with fewer forks, each fork measured exactly as it was (a fork's samples do
   * not depend on the forks after it, since every fork is its own JVM).
   */
  public static List<CaseRecord> recompute(List<CaseRecord> cases, int forks) {
    if (forks < 1) {
      throw new IllegalArgumentException("forks must be at least 1, was " + forks);
    }
    List<CaseRecord> out = new ArrayList<>();
    for (CaseRecord c : cases) {
      List<Input> inputs = new ArrayList<>();
      for (Map.Entry<String, BackendResult> e : c.results().entrySet()) {
        BackendResult r = e.getValue();
        inputs.add(
            new Input(
                e.getKey(),
                r.cell(),
                r.backend(),
                r.concurrency(),
                r.control(),
                r.route(),
                r.samples().stream().filter(x -> x.fork() < forks).toList(),
                r.cpuClock(),
                r.runNanos(),
                SecondaryMetrics.recompute(r.secondaryMetrics()),
                r.timing()));
      }
      out.add(
          compute(
              c.family(),
              c.scenario(),
              c.variant(),
              c.caseLabel(),
              c.mode(),
              c.operations(),
              c.logicalBytes(),
              inputs));
    }
    return withVerdicts(out);
  }

  private record Input(
      String label,
      String cell,
      String backend,
      int concurrency,
      boolean control,
      CaseRecord.RouteRecord route,
      List<RawSample> samples,
      String cpuClock,
      long runNanos,
      Map<String, CaseRecord.SecondaryMetric> secondaryMetrics,
      String timing) {
    boolean isFloor() {
      return timing != null;
    }
  }

  /** One label's samples split by regime, before any comparison. */
  private record Measured(
      Input input,
      List<ForkRecord> forks,
      List<List<Sample>> firstUse,
      List<List<Sample>> steady,
      RegimeRecord firstUseRecord,
      RegimeRecord steadyRecord) {
    RegimeRecord record(Regime regime) {
      return regime == Regime.FIRST_USE ? firstUseRecord : steadyRecord;
    }

    List<List<Sample>> forks(Regime regime) {
      return regime == Regime.FIRST_USE ? firstUse : steady;
    }
  }

  private static CaseRecord compute(
      String family,
      String scenario,
      String variant,
      String caseLabel,
      String mode,
      long operations,
      long logicalBytes,
      List<Input> inputs) {
    Map<String, Measured> measured = new LinkedHashMap<>();
    for (Input in : inputs) {
      if (measured.containsKey(in.label())) {
        throw new IllegalArgumentException("cell measured twice: " + in.cell());
      }
      measured.put(in.label(), measure(in, operations, logicalBytes));
    }
    Measured baseline = measured.get(BASELINE);
    Map<String, BackendResult> results = new LinkedHashMap<>();
    for (Measured m : measured.values()) {
      Input in = m.input();
      RegimeRecord firstUse = distances(m, measured, Regime.FIRST_USE);
      RegimeRecord steady = distances(m, measured, Regime.STEADY);
      if (baseline != null && m != baseline && !in.isFloor()) {
        firstUse = versus(m, baseline, Regime.FIRST_USE, firstUse);
        steady = versus(m, baseline, Regime.STEADY, steady);
      }
      results.put(
          in.label(),
          new BackendResult(
              in.cell(),
              in.backend(),
              in.concurrency(),
              in.control(),
              in.route(),
              in.samples(),
              m.forks(),
              new Regimes(firstUse, steady),
              in.cpuClock(),
              in.runNanos(),
              in.secondaryMetrics(),
              in.timing()));
    }
    return new CaseRecord(
        family, scenario, variant, caseLabel, mode, operations, logicalBytes, results);
  }

  /**
   * {@code m}'s record in {@code regime} with its distance to every other floor of the case run at
   * its concurrency: none ({@code vsFloor} null) when the case has no such floor besides {@code m}.
   * A floor runs at the library's default concurrency, so a result at an explicit one ({@code
   * native-c1}) gets no distance: it would be the walk's parallelism, not the binding (a serial
   * copy against the default's two cores made native-c1's cp 1.54x its floor).
   */
  private static RegimeRecord distances(Measured m, Map<String, Measured> measured, Regime regime) {
    RegimeRecord own = m.record(regime);
    Map<String, Distance> distances = new LinkedHashMap<>();
    boolean anyFloor = false;
    for (Measured floor : measured.values()) {
      if (floor == m
          || !floor.input().isFloor()
          || floor.input().concurrency() != m.input().concurrency()) {
        continue;
      }
      anyFloor = true;
      if (own.statistics() == null || floor.record(regime).statistics() == null) {
        continue;
      }
      HierarchicalBootstrap.Interval i =
          HierarchicalBootstrap.ratio(
              walls(m.forks(regime)),
              walls(floor.forks(regime)),
              HierarchicalBootstrap.RESAMPLES,
              seed(m.input().cell() + " vs " + floor.input().label(), regime));
      distances.put(floor.input().label(), new Distance(i.ratio(), i.low(), i.high()));
    }
    return !anyFloor
        ? own
        : new RegimeRecord(
            own.statistics(),
            own.classification(),
            own.forksUsed(),
            own.vsNio(),
            own.note(),
            distances);
  }

  private static Measured measure(Input in, long operations, long logicalBytes) {
    Map<Integer, List<RawSample>> byFork = new TreeMap<>();
    for (RawSample s : in.samples()) {
      byFork.computeIfAbsent(s.fork(), f -> new ArrayList<>()).add(s);
    }
    List<ForkRecord> forks = new ArrayList<>();
    List<List<Sample>> firstUse = new ArrayList<>();
    List<List<Sample>> steady = new ArrayList<>();
    Map<String, Integer> classes = new LinkedHashMap<>();
    for (Map.Entry<Integer, List<RawSample>> fork : byFork.entrySet()) {
      List<Sample> series =
          fork.getValue().stream().filter(s -> !s.warmup()).map(RawSample::toSample).toList();
      if (series.isEmpty()) {
        throw new IllegalArgumentException(
            "cell " + in.cell() + ", fork " + fork.getKey() + " has no measured sample");
      }
      SteadyState state = SteadyState.of(series.stream().mapToDouble(Sample::wallNanos).toArray());
      List<Sample> early = series.subList(0, Math.min(Regime.FIRST_USE_SAMPLES, series.size()));
      firstUse.add(early);
      Double steadyMedian = null;
      if (state.classification().steady()) {
        List<Sample> settled = series.subList(state.steadyFrom(), series.size());
        steady.add(settled);
        steadyMedian = median(settled);
      }
      classes.merge(state.classification().label(), 1, Integer::sum);
      forks.add(
          new ForkRecord(
              fork.getKey(),
              series.size(),
              state.classification().label(),
              state.changepoints(),
              state.classification().steady() ? state.steadyFrom() : null,
              median(early),
              steadyMedian));
    }
    int total = forks.size();
    RegimeRecord firstUseRecord =
        new RegimeRecord(
            RegimeStatistics.of(firstUse, operations, logicalBytes), null, total, null, null);
    String classification =
        classes.size() == 1 ? classes.keySet().iterator().next() : "inconsistent";
    int unsettled = total - steady.size();
    RegimeRecord steadyRecord;
    if (hasSteadyFigure(steady.size(), total)) {
      String note =
          unsettled == 0
              ? null
              : unsettled + " of " + total + " forks reached no steady state and are left out";
      steadyRecord =
          new RegimeRecord(
              RegimeStatistics.of(steady, operations, logicalBytes),
              classification,
              steady.size(),
              null,
              note);
    } else {
      steadyRecord =
          new RegimeRecord(
              null,
              classification,
              0,
              null,
              "no steady state in " + unsettled + " of " + total + " forks");
    }
    return new Measured(in, forks, firstUse, steady, firstUseRecord, steadyRecord);
  }

  /**
   * Whether a cell with {@code settled} of {@code total} forks settled has a steady figure: when at
   * least a third of its forks settled (one of three, two of five), from those forks. A majority
   * rule was measured to be less stable between two runs of one commit: a cell whose nio has two
   * settled forks in one run and one in the other took every comparison of its case with it
   * (DESIGN.md, "Verdicts that survive a second run"). The figure's interval has fewer degrees of
   * freedom for the forks left out, and its note says how many.
   */
  static boolean hasSteadyFigure(int settled, int total) {
    return settled > 0 && settled * 3 >= total;
  }

  /** The settled forks a side a steady verdict needs, in a cell of several forks. */
  public static final int STEADY_VERDICT_FORKS = 2;

  /**
   * Why a steady comparison of a cell with {@code settled} of {@code forks} forks settled against
   * nio's {@code nioSettled} of {@code nioForks} gets no verdict, or {@code null}: a verdict needs
   * {@link #STEADY_VERDICT_FORKS} settled forks a side. A cell's one settled fork of three is not a
   * sample of its forks but the one that got furthest (C2 done, a quiet core): the false A/A
   * verdict of the 2026-12-06 baseline compared nio's one settled fork (1.42 ms) with nio-aa's
   * three (1.82 to 2.07). Over the committed runs of 2026-12-04 to 2026-12-06, the A/A comparisons
   * in the steady regime with a lone fork on a side were 2 non-ties of 34, those with two or more
   * on both sides 0 of 374, and the first-use ones 0 of 418 (the chance that both non-ties fall
   * among the 34 by luck: 0.7%). The figure stays, with this note; a run of one fork per cell
   * ({@code --quick}) keeps its comparisons, whose intervals it already says are too narrow.
   */
  static String loneSteadyFork(int settled, int forks, int nioSettled, int nioForks) {
    String lone;
    if (forks > 1 && settled < STEADY_VERDICT_FORKS) {
      lone = "this cell's on " + settled + " of its " + forks + " forks";
    } else if (nioForks > 1 && nioSettled < STEADY_VERDICT_FORKS) {
      lone = "nio's on " + nioSettled + " of its " + nioForks + " forks";
    } else {
      return null;
    }
    return "no verdict: the steady figure is "
        + lone
        + ", and a verdict needs two settled forks a side";
  }

  /**
   * {@code own}, {@code m}'s record in {@code regime}, with its comparison with nio, if it has one.
   */
  private static RegimeRecord versus(
      Measured m, Measured baseline, Regime regime, RegimeRecord own) {
    RegimeRecord nio = baseline.record(regime);
    String none = null;
    if (own.statistics() == null) {
      none = own.note();
    } else if (nio.statistics() == null) {
      none = "nio has no figure in this regime (" + nio.note() + ")";
    } else if (regime == Regime.STEADY) {
      none =
          loneSteadyFork(
              own.forksUsed(), m.forks().size(), nio.forksUsed(), baseline.forks().size());
    }
    if (none != null) {
      return new RegimeRecord(
          own.statistics(), own.classification(), own.forksUsed(), null, none, own.vsFloor());
    }
    return versus(own, baseline.forks(regime), m.forks(regime), m.input().cell(), regime);
  }

  private static RegimeRecord versus(
      RegimeRecord own,
      List<List<Sample>> nioForks,
      List<List<Sample>> forks,
      String cell,
      Regime regime) {
    HierarchicalBootstrap.Interval i =
        HierarchicalBootstrap.ratio(
            walls(nioForks), walls(forks), HierarchicalBootstrap.RESAMPLES, seed(cell, regime));
    // Provisional: the fork-level interval and test need the prior of the run's comparisons, the
    // adjusted p-value and the verdict all of them (withVerdicts).
    Versus v =
        new Versus(i.ratio(), i.low(), i.high(), i.pValue(), i.pValue(), i.pValue(), Verdict.TIE);
    return own.withVsNio(v);
  }

  /**
   * The cases with every comparison's verdict decided over the whole run, per regime: the
   * fork-level moderated t-test and interval with the prior of the comparison's mode, its p-values
   * adjusted by Benjamini-Hochberg over every comparison of the regime, the rule.
   *
   * <p>The prior is the typical fork variance of one regime and mode, not of the whole run: async
   * forks vary more than sync ones (log variance 0.027 against 0.019 in the committed runs), and a
   * prior pooled over both gave async comparisons intervals too narrow and sync ones too wide. A
   * family and mode is too few comparisons (six to fifteen) for a stable prior.
   */
  public static List<CaseRecord> withVerdicts(List<CaseRecord> cases) {
    Map<String, ModeratedT.Prior> priors = priors(cases);
    Map<Regime, double[]> adjusted = new LinkedHashMap<>();
    for (Regime regime : Regime.values()) {
      List<Double> p = new ArrayList<>();
      for (CaseRecord c : cases) {
        ModeratedT.Prior prior = prior(priors, regime, c.mode());
        forEachComparison(c, regime, (nio, other) -> p.add(forkLevel(nio, other, prior).pValue()));
      }
      adjusted.put(
          regime, FalseDiscovery.adjust(p.stream().mapToDouble(Double::doubleValue).toArray()));
    }
    Map<Regime, int[]> next = new LinkedHashMap<>();
    for (Regime regime : Regime.values()) {
      next.put(regime, new int[1]);
    }
    List<CaseRecord> out = new ArrayList<>();
    for (CaseRecord c : cases) {
      BackendResult nio = c.results().get(BASELINE);
      Map<String, BackendResult> results = new LinkedHashMap<>();
      for (Map.Entry<String, BackendResult> e : c.results().entrySet()) {
        BackendResult r = e.getValue();
        RegimeRecord[] decided = new RegimeRecord[2];
        for (Regime regime : Regime.values()) {
          RegimeRecord own = r.regime(regime);
          decided[regime.ordinal()] =
              own.vsNio() == null
                  ? own
                  : decide(
                      own,
                      forkLevel(nio.regime(regime), own, prior(priors, regime, c.mode())),
                      adjusted.get(regime),
                      next.get(regime));
        }
        results.put(e.getKey(), r.withRegimes(new Regimes(decided[0], decided[1])));
      }
      out.add(
          new CaseRecord(
              c.family(),
              c.scenario(),
              c.variant(),
              c.caseLabel(),
              c.mode(),
              c.operations(),
              c.logicalBytes(),
              results));
    }
    return out;
  }

  /**
   * The typical fork variance of the run's comparisons against nio, per regime and mode: the prior
   * every fork-level interval of the run is moderated with ({@link #prior}).
   */
  static Map<String, ModeratedT.Prior> priors(List<CaseRecord> cases) {
    Map<String, ModeratedT.Prior> priors = new LinkedHashMap<>();
    for (Regime regime : Regime.values()) {
      Map<String, List<Double>> variances = new LinkedHashMap<>();
      Map<String, List<Integer>> df = new LinkedHashMap<>();
      for (CaseRecord c : cases) {
        forEachComparison(
            c,
            regime,
            (nio, other) -> {
              double[] x = logMedians(nio);
              double[] y = logMedians(other);
              double v = ModeratedT.pooledVariance(x, y);
              if (!Double.isNaN(v)) {
                variances.computeIfAbsent(c.mode(), k -> new ArrayList<>()).add(v);
                df.computeIfAbsent(c.mode(), k -> new ArrayList<>()).add(x.length + y.length - 2);
              }
            });
      }
      variances.forEach(
          (mode, v) -> priors.put(priorKey(regime, mode), ModeratedT.prior(v, df.get(mode))));
    }
    return priors;
  }

  /**
   * The samples {@code r}'s statistics in {@code regime} were computed from, per fork: its first
   * measured samples, or the settled tail of each fork that settled. Empty when the regime has no
   * figure.
   */
  static List<List<Sample>> regimeForks(BackendResult r, Regime regime) {
    if (r.regime(regime).statistics() == null) {
      return List.of();
    }
    Map<Integer, List<Sample>> measured = new TreeMap<>();
    for (RawSample s : r.samples()) {
      if (!s.warmup()) {
        measured.computeIfAbsent(s.fork(), f -> new ArrayList<>()).add(s.toSample());
      }
    }
    List<List<Sample>> out = new ArrayList<>();
    for (ForkRecord fork : r.forks()) {
      List<Sample> series = measured.getOrDefault(fork.fork(), List.of());
      if (regime == Regime.FIRST_USE) {
        out.add(series.subList(0, Math.min(Regime.FIRST_USE_SAMPLES, series.size())));
      } else if (fork.steadyFrom() != null) {
        out.add(series.subList(fork.steadyFrom(), series.size()));
      }
    }
    return out;
  }

  private static String priorKey(Regime regime, String mode) {
    return regime.label() + "/" + mode;
  }

  static ModeratedT.Prior prior(Map<String, ModeratedT.Prior> priors, Regime regime, String mode) {
    return priors.getOrDefault(priorKey(regime, mode), ModeratedT.Prior.NONE);
  }

  /**
   * Calls {@code action} for every result of {@code c} compared with nio in {@code regime}, in
   * results order.
   */
  private static void forEachComparison(
      CaseRecord c,
      Regime regime,
      java.util.function.BiConsumer<RegimeRecord, RegimeRecord> action) {
    BackendResult nio = c.results().get(BASELINE);
    for (BackendResult r : c.results().values()) {
      if (r.regime(regime).vsNio() != null) {
        action.accept(nio.regime(regime), r.regime(regime));
      }
    }
  }

  /** A comparison's interval and p-value at the fork level, before the correction. */
  private record ForkLevel(double low, double high, double pValue) {}

  /**
   * The fork-level interval and test of {@code other} against {@code nio}; where the forks give no
   * degrees of freedom (one fork a side and no prior, as in a quick run) the bootstrap's, which
   * then resamples the samples of the one fork.
   */
  private static ForkLevel forkLevel(RegimeRecord nio, RegimeRecord other, ModeratedT.Prior prior) {
    Versus v = other.vsNio();
    double[] x = logMedians(nio);
    double[] y = logMedians(other);
    ModeratedT.Interval i =
        ModeratedT.interval(v.ratio(), x, y, prior, HierarchicalBootstrap.CONFIDENCE);
    return i == null
        ? new ForkLevel(v.low(), v.high(), v.bootstrapPValue())
        : new ForkLevel(i.low(), i.high(), ModeratedT.pValue(x, y, prior));
  }

  static double[] logMedians(RegimeRecord r) {
    return ModeratedT.logMedians(r.statistics().forkMedianNanos());
  }

  private static RegimeRecord decide(
      RegimeRecord r, ForkLevel level, double[] adjusted, int[] next) {
    Versus v = r.vsNio();
    double q = adjusted[next[0]++];
    Versus decided =
        new Versus(
            v.ratio(),
            level.low(),
            level.high(),
            level.pValue(),
            v.bootstrapPValue(),
            q,
            Verdict.of(v.ratio(), level.low(), level.high(), q));
    return r.withVsNio(decided);
  }

  static List<double[]> walls(List<List<Sample>> forks) {
    return forks.stream().map(f -> f.stream().mapToDouble(Sample::wallNanos).toArray()).toList();
  }

  private static double median(List<Sample> samples) {
    return Distribution.of(samples.stream().mapToLong(Sample::wallNanos).toArray()).median();
  }

  /**
   * A seed per cell and regime: the same data always gives the same interval, and cells do not
   * share draws.
   */
  static long seed(String cell, Regime regime) {
    long h = 1125899906842597L;
    for (char ch : (cell + "#" + regime.label()).toCharArray()) {
      h = 31 * h + ch;
    }
    return h;
  }

  private static String caseId(CellKey k) {
    return k.family() + "/" + k.scenario() + "/" + k.variant() + "/" + k.mode().label();
  }
}
