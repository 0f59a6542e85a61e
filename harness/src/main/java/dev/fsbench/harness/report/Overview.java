package dev.fsbench.harness.report;

import dev.fsbench.harness.results.CaseRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Picks each family's representative rows for the overview, as the seed's "Batch overview" does,
 * once per mode (sync first, the mode the native targets are stated in; then async, the seed's own
 * choice): the case at batch-256 with the buffer (or default, or no) variant, or tree-1000 for tree
 * families. A run that did not measure it (a quick or filtered run) falls back to the mode's first
 * case, and the overview names the case it shows, so nothing pretends to be what it is not.
 */
final class Overview {
  static final String NATIVE = "native";
  private static final Set<String> PLAIN_VARIANTS = Set.of("buffer", "default", "-");
  private static final List<String> MODES = List.of("sync", "async");

  private Overview() {}

  /** One case per mode measured, sync before async; among equals the first in matrix order. */
  static List<CaseRecord> representatives(List<CaseRecord> familyCases) {
    Comparator<CaseRecord> preference = Comparator.comparingInt(Overview::rank);
    List<CaseRecord> chosen = new ArrayList<>();
    for (String mode : MODES) {
      familyCases.stream()
          .filter(c -> c.mode().equals(mode))
          .min(preference)
          .ifPresent(chosen::add);
    }
    return chosen;
  }

  private static int rank(CaseRecord c) {
    boolean plain = PLAIN_VARIANTS.contains(c.variant());
    if (c.scenario().equals("tree-1000") && plain) {
      return 0;
    }
    if (c.scenario().equals("batch-256") && plain) {
      return 1;
    }
    return 2;
  }

  /** The backend under study at its default concurrency. */
  static Optional<CaseRecord.BackendResult> nativeDefault(CaseRecord c) {
    return Optional.ofNullable(c.results().get(NATIVE));
  }
}
