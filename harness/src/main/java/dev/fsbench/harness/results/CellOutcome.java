package dev.fsbench.harness.results;

import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.spi.Route;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What running one cell produced: its plan, the route its backend reported for the family, every
 * sample, and what the cell cost to run.
 *
 * @param plan the cell
 * @param route {@code backend.route(op)}, asked in the runner's process
 * @param samples warmups and measured samples, in the order they ran
 * @param cpuClock the clock the fork read CPU time from, or {@code null} when it did not say
 * @param runNanos wall time of the whole cell as the runner saw it: fork start-up, fixtures, every
 *     iteration, teardown
 * @param secondaryScores per fork number, the numeric secondary results of the run's JMH profilers
 *     ({@code --prof}) in that fork; empty without a profiler
 * @param timing for a floor's cell, how the floor takes its time ({@code native-loop}, {@code
 *     process}); {@code null} for a backend's
 */
public record CellOutcome(
    CellPlan plan,
    Route route,
    List<CaseRecord.RawSample> samples,
    String cpuClock,
    long runNanos,
    Map<Integer, Map<String, SecondaryScore>> secondaryScores,
    String timing) {
  public CellOutcome {
    Objects.requireNonNull(plan, "plan");
    Objects.requireNonNull(route, "route");
    samples = List.copyOf(samples);
    secondaryScores = Map.copyOf(secondaryScores);
    if (samples.stream().noneMatch(s -> !s.warmup())) {
      throw new IllegalArgumentException("cell " + plan.key().id() + " has no measured sample");
    }
  }

  /**
   * One fork's score of a profiler's secondary metric, as JMH reported it.
   *
   * @param score over the fork's measured iterations
   * @param unit e.g. {@code B/op}
   */
  public record SecondaryScore(double score, String unit) {
    public SecondaryScore {
      Objects.requireNonNull(unit, "unit");
    }
  }
}
