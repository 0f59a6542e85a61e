package dev.fsbench.harness.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.fsbench.harness.model.Sample;
import dev.fsbench.harness.stats.Regime;
import dev.fsbench.harness.stats.RegimeStatistics;
import dev.fsbench.harness.stats.Verdict;
import dev.fsbench.spi.Route;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One case of one family in one mode, with the result of every backend that ran it. The backends
 * are keyed by their report label ({@code nio}, {@code native}, {@code native-c4}) in matrix order.
 *
 * @param family family name, e.g. {@code readFile}
 * @param scenario {@code single}, {@code batch-256}, {@code tree-1000}, ...
 * @param variant {@code buffer}, {@code utf8}, {@code default}, {@code symlink} or {@code -}
 * @param caseLabel scenario and variant as a report row names them
 * @param mode {@code sync} or {@code async}
 * @param operations filesystem calls per sample
 * @param logicalBytes payload bytes one sample moves (0 when none)
 * @param results per backend label; a floor's result is keyed by the floor's id ({@code floor},
 *     {@code floor-find})
 */
public record CaseRecord(
    String family,
    String scenario,
    String variant,
    String caseLabel,
    String mode,
    long operations,
    long logicalBytes,
    Map<String, BackendResult> results) {

  public CaseRecord {
    Objects.requireNonNull(family, "family");
    Objects.requireNonNull(scenario, "scenario");
    Objects.requireNonNull(variant, "variant");
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(results, "results");
    // Unmodifiable but in insertion order: Map.copyOf would lose the matrix order of the backends.
    results = Collections.unmodifiableMap(new LinkedHashMap<>(results));
  }

  /** The same case with other results, by the same labels. */
  CaseRecord withResults(Map<String, BackendResult> newResults) {
    return new CaseRecord(
        family, scenario, variant, caseLabel, mode, operations, logicalBytes, newResults);
  }

  /**
   * One backend's result in this case.
   *
   * @param cell the cell id
   * @param backend backend id ({@code nio-aa} for the A/A control)
   * @param concurrency explicit tree concurrency, 0 for the backend's default
   * @param control true for the A/A control: nio measured again in independent forks, compared with
   *     nio like any backend, so that its verdicts show how often the method finds a difference
   *     where there is none
   * @param route how the backend serves this family
   * @param samples every iteration of every fork, warmups first within a fork and marked
   * @param forks what each fork's series did (its steady state)
   * @param regimes the statistics and the comparison with nio, per regime
   * @param cpuClock the clock of the samples' {@code cpuNanos}, as the fork named it ({@code
   *     clock_gettime(CLOCK_PROCESS_CPUTIME_ID)}, nanoseconds; or {@code
   *     OperatingSystemMXBean.getProcessCpuTime}, 10 ms ticks on Linux), {@code null} when the
   *     forks did not say
   * @param runNanos what running the cell cost (every fork's start-up, fixtures, all iterations):
   *     for planning run budgets, never a measurement of the backend
   * @param secondaryMetrics the numeric secondary results of the run's JMH profilers ({@code
   *     --prof}), by JMH's name for them ({@code gc.alloc.rate.norm}); empty without a profiler
   * @param timing for a floor's result, how its samples' {@code wallNanos} were taken: {@code
   *     native-loop} (inside the native library, around its loop of the sample's calls) or {@code
   *     process} (a system tool's whole process); {@code null}, and absent from run.json, for a
   *     backend's result. A floor is a reference, never compared with nio: its regimes have no
   *     {@code vsNio}
   */
  public record BackendResult(
      String cell,
      String backend,
      int concurrency,
      boolean control,
      RouteRecord route,
      List<RawSample> samples,
      List<ForkRecord> forks,
      Regimes regimes,
      String cpuClock,
      long runNanos,
      Map<String, SecondaryMetric> secondaryMetrics,
      @JsonInclude(JsonInclude.Include.NON_NULL) String timing) {
    public BackendResult {
      Objects.requireNonNull(cell, "cell");
      Objects.requireNonNull(backend, "backend");
      Objects.requireNonNull(route, "route");
      Objects.requireNonNull(regimes, "regimes");
      samples = List.copyOf(samples);
      forks = List.copyOf(forks);
      secondaryMetrics = Collections.unmodifiableMap(new TreeMap<>(secondaryMetrics));
    }

    /** The samples in the form statistics take. */
    public List<Sample> modelSamples() {
      return samples.stream().map(RawSample::toSample).toList();
    }

    /** The result in one regime. */
    public RegimeRecord regime(Regime regime) {
      return regimes.of(regime);
    }

    /** Whether this is a floor's result: a reference the backends' distances are taken to. */
    @JsonIgnore
    public boolean isFloor() {
      return timing != null;
    }

    /** The same result with other samples (those a run kept apart from run.json). */
    BackendResult withSamples(List<RawSample> samples) {
      return new BackendResult(
          cell,
          backend,
          concurrency,
          control,
          route,
          samples,
          forks,
          regimes,
          cpuClock,
          runNanos,
          secondaryMetrics,
          timing);
    }

    /** The same result with other regimes. */
    BackendResult withRegimes(Regimes regimes) {
      return new BackendResult(
          cell,
          backend,
          concurrency,
          control,
          route,
          samples,
          forks,
          regimes,
          cpuClock,
          runNanos,
          secondaryMetrics,
          timing);
    }
  }

  /**
   * The two regimes of a result.
   *
   * @param firstUse the first samples of each fresh fork
   * @param steady the samples after each fork settled
   */
  public record Regimes(@JsonProperty("first-use") RegimeRecord firstUse, RegimeRecord steady) {
    public Regimes {
      Objects.requireNonNull(firstUse, "firstUse");
      Objects.requireNonNull(steady, "steady");
    }

    public RegimeRecord of(Regime regime) {
      return regime == Regime.FIRST_USE ? firstUse : steady;
    }
  }

  /**
   * A result in one regime.
   *
   * @param statistics over the regime's samples, {@code null} when there are none (a cell without a
   *     steady state)
   * @param classification for steady: the forks' classification ({@code flat}, {@code warmup},
   *     {@code slowdown}, {@code no-steady-state}) when they agree, {@code inconsistent} when they
   *     do not; {@code null} for first-use
   * @param forksUsed how many forks the statistics took samples from
   * @param vsNio against nio in the same case and regime, {@code null} for nio itself or when
   *     either side has no statistics in this regime
   * @param note why a figure is missing or partial, or {@code null}
   * @param vsFloor the distance to each floor of the case in this regime, keyed by the floor's
   *     label, in results order ({@code floor}, {@code floor-find}): a floor's own result has the
   *     distances to the other floors. {@code null}, and absent from run.json, when the case has no
   *     floor; a floor without statistics in this regime has no entry
   */
  public record RegimeRecord(
      RegimeStatistics statistics,
      String classification,
      int forksUsed,
      Versus vsNio,
      String note,
      @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Distance> vsFloor) {
    public RegimeRecord {
      vsFloor = vsFloor == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(vsFloor));
    }

    /** Without a distance to any floor (a case without one, or before distances are taken). */
    public RegimeRecord(
        RegimeStatistics statistics,
        String classification,
        int forksUsed,
        Versus vsNio,
        String note) {
      this(statistics, classification, forksUsed, vsNio, note, null);
    }

    /** The same record with another comparison with nio. */
    RegimeRecord withVsNio(Versus v) {
      return new RegimeRecord(statistics, classification, forksUsed, v, note, vsFloor);
    }
  }

  /**
   * How far a result is from a floor of its case in one regime: what the statistics' intervals of a
   * ratio say, without a test or a verdict (a floor is what no backend can beat; the question is by
   * how much it is beaten, not whether).
   *
   * @param ratio this result's estimate over the floor's: 1.3 means 30% above the floor
   * @param low the lower bound of the 95% hierarchical-bootstrap interval of the ratio
   * @param high its upper bound
   */
  public record Distance(double ratio, double low, double high) {}

  /**
   * What one fork's series did.
   *
   * @param fork 0-based
   * @param measured measured iterations
   * @param classification {@code flat}, {@code warmup}, {@code slowdown} or {@code no-steady-state}
   * @param changepoints the measured index at which each new segment starts
   * @param steadyFrom the measured index from which the samples are steady, {@code null} without a
   *     steady state
   * @param firstUseMedianNanos the median of the fork's first-use samples
   * @param steadyMedianNanos the median of its steady samples, {@code null} without a steady state
   */
  public record ForkRecord(
      int fork,
      int measured,
      String classification,
      List<Integer> changepoints,
      Integer steadyFrom,
      double firstUseMedianNanos,
      Double steadyMedianNanos) {
    public ForkRecord {
      changepoints = List.copyOf(changepoints);
    }
  }

  /**
   * @param kind {@code own} or {@code nio-fallback}
   * @param via what does the work, e.g. {@code Files.readAllBytes} or {@code fsb_scan}
   */
  public record RouteRecord(Kind kind, String via) {
    public RouteRecord {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(via, "via");
    }

    public static RouteRecord of(Route route) {
      return new RouteRecord(route.isFallback() ? Kind.NIO_FALLBACK : Kind.OWN, route.via());
    }

    /** Whose code does the work. */
    public enum Kind {
      @JsonProperty("own")
      OWN,
      @JsonProperty("nio-fallback")
      NIO_FALLBACK
    }
  }

  /**
   * One iteration as measured.
   *
   * @param fork 0-based fork of the cell
   * @param iteration 0-based within the fork, warmups and measured counted separately
   * @param warmup warmup iterations are raw data only, never statistics
   * @param wallNanos the time statistics use: JMH's SingleShotTime score for a measured sample, the
   *     fork's own bracket for a warmup (JMH reports no warmup scores)
   * @param bracketNanos the fork's own bracket around the timed region (end of setup to start of
   *     teardown), which is slightly wider than JMH's: it includes JMH's per-invocation bookkeeping
   * @param cpuNanos process CPU time over the bracket, every thread (native ones and the JVM's own
   *     included)
   * @param allocatedBytes Java heap bytes allocated by all live threads over the bracket
   * @param gcCount GC cycles completed inside the bracket: a sample with one is marked
   * @param gcNanos their time (millisecond resolution)
   * @param jitNanos JIT compilation time inside the bracket (millisecond resolution)
   */
  public record RawSample(
      int fork,
      int iteration,
      boolean warmup,
      long wallNanos,
      long bracketNanos,
      long cpuNanos,
      long allocatedBytes,
      long gcCount,
      long gcNanos,
      long jitNanos) {
    public Sample toSample() {
      return new Sample(iteration, warmup, wallNanos, cpuNanos, allocatedBytes, gcCount);
    }
  }

  /**
   * A backend against nio in the same case and regime.
   *
   * @param ratio nio's estimate / this backend's: above 1 this backend is faster
   * @param low the lower bound of the ratio's 95% interval at the fork level ({@link
   *     dev.fsbench.harness.stats.ModeratedT#interval}: Student's t over the log fork medians, the
   *     variance moderated by the prior of the regime and mode); the hierarchical bootstrap's where
   *     the forks give no degrees of freedom (one fork a side, no prior)
   * @param high its upper bound
   * @param pValue two-sided, of "ratio = 1": the fork-level moderated t-test's ({@link
   *     dev.fsbench.harness.stats.ModeratedT}), or the bootstrap's where the interval is
   * @param bootstrapPValue the hierarchical bootstrap's, for reference: with three forks a side it
   *     resamples three values and is too sure
   * @param adjustedPValue {@code pValue} after Benjamini-Hochberg over every comparison of the run
   *     in this regime
   * @param verdict faster, slower or tie, by {@link Verdict#of}
   */
  public record Versus(
      double ratio,
      double low,
      double high,
      double pValue,
      double bootstrapPValue,
      double adjustedPValue,
      Verdict verdict) {}

  /**
   * One secondary metric of a JMH profiler, per fork and for the cell.
   *
   * @param unit JMH's unit, e.g. {@code B/op}
   * @param median the median of the forks' scores: the cell's figure, as the primary metric's is
   *     the median of its fork medians
   * @param forks each fork's score, in fork order; a fork for which the profiler reported nothing
   *     is absent
   */
  public record SecondaryMetric(String unit, double median, List<ForkScore> forks) {
    public SecondaryMetric {
      Objects.requireNonNull(unit, "unit");
      forks = List.copyOf(forks);
      if (forks.isEmpty()) {
        throw new IllegalArgumentException("a secondary metric needs at least one fork's score");
      }
    }
  }

  /**
   * A fork's score of a secondary metric.
   *
   * @param fork 0-based, as in {@link RawSample#fork()}
   * @param score JMH's score over the fork's measured iterations (its mean, sum or maximum, as the
   *     profiler defines the metric)
   */
  public record ForkScore(int fork, double score) {}
}
