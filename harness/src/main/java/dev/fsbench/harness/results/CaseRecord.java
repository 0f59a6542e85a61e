package dev.fsbench.harness.results;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.fsbench.harness.model.Sample;
import dev.fsbench.harness.stats.CellStatistics;
import dev.fsbench.spi.Route;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One case of one family in one mode, with the result of every backend that ran it. The backends are keyed by their
 * report label ({@code nio}, {@code native}, {@code native-c4}) in matrix order.
 *
 * @param family family name, e.g. {@code readFile}
 * @param scenario {@code single}, {@code batch-256}, {@code tree-1000}, ...
 * @param variant {@code buffer}, {@code utf8}, {@code default}, {@code symlink} or {@code -}
 * @param caseLabel scenario and variant as a report row names them
 * @param mode {@code sync} or {@code async}
 * @param operations filesystem calls per sample
 * @param logicalBytes payload bytes one sample moves (0 when none)
 * @param results per backend label
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

  /**
   * One backend's result in this case.
   *
   * @param cell the cell id
   * @param backend backend id
   * @param concurrency explicit tree concurrency, 0 for the backend's default
   * @param route how the backend serves this family
   * @param samples every sample, warmups first and marked
   * @param statistics over the measured samples
   * @param vsNio against nio in the same case, {@code null} for nio itself or when nio did not run
   * @param cpuClock the clock of the samples' {@code cpuNanos}, as the fork named it ({@code
   *     clock_gettime(CLOCK_PROCESS_CPUTIME_ID)}, nanoseconds; or {@code OperatingSystemMXBean.getProcessCpuTime}, 10 ms
   *     ticks on Linux), {@code null} when the fork did not say
   * @param runNanos what running the cell cost (fork start-up, fixtures, all iterations): for planning run budgets,
   *     never a measurement of the backend
   */
  public record BackendResult(
      String cell,
      String backend,
      int concurrency,
      RouteRecord route,
      List<RawSample> samples,
      CellStatistics statistics,
      Versus vsNio,
      String cpuClock,
      long runNanos) {
    public BackendResult {
      Objects.requireNonNull(cell, "cell");
      Objects.requireNonNull(backend, "backend");
      Objects.requireNonNull(route, "route");
      Objects.requireNonNull(statistics, "statistics");
      samples = List.copyOf(samples);
    }

    /** The samples in the form statistics take. */
    public List<Sample> modelSamples() {
      return samples.stream().map(RawSample::toSample).toList();
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
   * @param fork 0-based JMH fork
   * @param iteration 0-based within the fork, warmups and measured counted separately
   * @param warmup warmup iterations are raw data only, never statistics
   * @param wallNanos the time statistics use: JMH's SingleShotTime score for a measured sample, the fork's own bracket
   *     for a warmup (JMH reports no warmup scores)
   * @param bracketNanos the fork's own bracket around the timed region (end of setup to start of teardown), which is
   *     slightly wider than JMH's: it includes JMH's per-invocation bookkeeping
   * @param cpuNanos process CPU time over the bracket, every thread (native ones included)
   * @param allocatedBytes Java heap bytes allocated by all live threads over the bracket
   */
  public record RawSample(
      int fork, int iteration, boolean warmup, long wallNanos, long bracketNanos, long cpuNanos, long allocatedBytes) {
    public Sample toSample() {
      return new Sample(iteration, warmup, wallNanos, cpuNanos, allocatedBytes);
    }
  }

  /**
   * A backend against nio in the same case.
   *
   * @param ratio nio median / this backend's median: above 1 this backend is faster
   * @param pValue two-sided rank-sum p-value
   * @param robust {@code pValue < 0.05}: the ranking does not depend on which samples happened to be slow
   */
  public record Versus(double ratio, double pValue, boolean robust) {}
}
