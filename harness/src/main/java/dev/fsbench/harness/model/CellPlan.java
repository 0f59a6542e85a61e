package dev.fsbench.harness.model;

import java.util.Map;
import java.util.Objects;

/**
 * A cell as the runner executes it: what it is, how much work one sample does, and which JMH
 * benchmark with which parameters runs it.
 *
 * @param key the cell
 * @param operations the number of filesystem calls one sample makes (256 for batch-256, 1 for a
 *     tree call)
 * @param logicalBytes the payload bytes one sample moves (0 where none move): the numerator of
 *     MiB/s
 * @param benchmark the JMH benchmark method, fully qualified: {@code
 *     dev.fsbench.harness.bench.FamilyBenchmark.run}, the same for every cell
 * @param params the JMH {@code @Param} values that select this cell
 */
public record CellPlan(
    CellKey key, long operations, long logicalBytes, String benchmark, Map<String, String> params) {
  public CellPlan {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(benchmark, "benchmark");
    params = Map.copyOf(params);
  }
}
