package dev.fsbench.harness.results;

import dev.fsbench.harness.results.CaseRecord.ForkScore;
import dev.fsbench.harness.results.CaseRecord.SecondaryMetric;
import dev.fsbench.harness.results.CellOutcome.SecondaryScore;
import dev.fsbench.harness.stats.Distribution;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A cell's profiler metrics from its forks' scores: per metric, every fork's score and their
 * median, the cell's figure (as a cell's time is the median of its fork medians, one odd fork
 * cannot move it).
 */
final class SecondaryMetrics {
  private SecondaryMetrics() {}

  /** From the scores each fork reported, keyed by fork number. */
  static Map<String, SecondaryMetric> of(Map<Integer, Map<String, SecondaryScore>> byFork) {
    Map<String, String> units = new TreeMap<>();
    Map<String, List<ForkScore>> scores = new TreeMap<>();
    for (Map.Entry<Integer, Map<String, SecondaryScore>> fork : new TreeMap<>(byFork).entrySet()) {
      for (Map.Entry<String, SecondaryScore> metric : fork.getValue().entrySet()) {
        String name = metric.getKey();
        String unit = metric.getValue().unit();
        String seen = units.putIfAbsent(name, unit);
        if (seen != null && !seen.equals(unit)) {
          throw new IllegalArgumentException(
              "profiler metric " + name + " came in two units: " + seen + " and " + unit);
        }
        scores
            .computeIfAbsent(name, k -> new ArrayList<>())
            .add(new ForkScore(fork.getKey(), metric.getValue().score()));
      }
    }
    Map<String, SecondaryMetric> out = new TreeMap<>();
    scores.forEach((name, forks) -> out.put(name, metric(units.get(name), forks)));
    return out;
  }

  /** The same metrics with each median computed again from the fork scores. */
  static Map<String, SecondaryMetric> recompute(Map<String, SecondaryMetric> metrics) {
    Map<String, SecondaryMetric> out = new TreeMap<>();
    metrics.forEach((name, m) -> out.put(name, metric(m.unit(), m.forks())));
    return out;
  }

  private static SecondaryMetric metric(String unit, List<ForkScore> forks) {
    double median =
        Distribution.of(forks.stream().mapToDouble(ForkScore::score).toArray()).median();
    return new SecondaryMetric(unit, median, forks);
  }
}
