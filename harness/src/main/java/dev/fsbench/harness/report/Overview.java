package dev.fsbench.harness.report;

import dev.fsbench.harness.results.CaseRecord;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Picks each family's representative row for the overview, as the seed's "Batch overview" does: the async case at
 * batch-256 with the buffer (or default, or no) variant, or tree-1000 for tree families. A run that did not measure it
 * (a quick or filtered run) falls back to the first async case, then to the first case, and the overview names the case
 * it shows, so nothing pretends to be what it is not.
 */
final class Overview {
  static final String NATIVE = "native";
  private static final Set<String> PLAIN_VARIANTS = Set.of("buffer", "default", "-");

  private Overview() {}

  static Optional<CaseRecord> representative(List<CaseRecord> familyCases) {
    Comparator<CaseRecord> preference = Comparator.comparingInt(Overview::rank);
    return familyCases.stream().min(preference);
  }

  private static int rank(CaseRecord c) {
    boolean async = c.mode().equals("async");
    boolean plain = PLAIN_VARIANTS.contains(c.variant());
    if (async && c.scenario().equals("tree-1000") && plain) {
      return 0;
    }
    if (async && c.scenario().equals("batch-256") && plain) {
      return 1;
    }
    return async ? 2 : 3;
  }

  /** The fastest result by median among backends other than native (the seed's "peer" column). */
  static Optional<Map.Entry<String, CaseRecord.BackendResult>> bestPeer(CaseRecord c) {
    return c.results().entrySet().stream()
        .filter(e -> !e.getValue().backend().equals(NATIVE))
        .min(Comparator.comparingDouble(e -> e.getValue().statistics().medianNanos()));
  }

  /** Native at its default concurrency. */
  static Optional<CaseRecord.BackendResult> nativeDefault(CaseRecord c) {
    return Optional.ofNullable(c.results().get(NATIVE));
  }
}
