package dev.fsbench.harness.report;

import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.Cases;
import dev.fsbench.harness.results.RunRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What the overview shows: each family's representative rows, and which backends' columns.
 *
 * <p>Rows as the seed's "Batch overview" picks them, once per mode (sync first, the mode the native
 * targets are stated in; then async, the seed's own choice): the case at batch-256 with the buffer
 * (or default, or no) variant, or tree-1000 for tree families. A run that did not measure it (a
 * quick or filtered run) falls back to the mode's first case, and the overview names the case it
 * shows, so nothing pretends to be what it is not.
 *
 * <p>Columns: the <em>target</em>, the backend the report studies ({@code --target}, recorded in
 * run.json; {@value MarkdownReport#DEFAULT_TARGET} unless named), then each <em>peer</em>: every
 * other backend of the run at its default concurrency, in the run's column order, nio (the
 * baseline) and the A/A control left out.
 */
final class Overview {
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

  /**
   * The target of a run as it recorded it; {@value MarkdownReport#DEFAULT_TARGET} if it did not.
   */
  static String targetOf(RunRecord run) {
    String recorded = run.settings().target();
    return recorded != null ? recorded : MarkdownReport.DEFAULT_TARGET;
  }

  /** The backends shown beside {@code target}, in the run's column order. */
  static List<String> peers(RunRecord run, String target) {
    return run.settings().backends().stream()
        .filter(id -> !id.equals(Cases.BASELINE) && !id.equals(Cases.CONTROL))
        .filter(id -> !id.equals(target))
        .toList();
  }

  /** {@code backend}'s result in {@code c} at its default concurrency, if it ran the case. */
  static Optional<CaseRecord.BackendResult> atDefault(CaseRecord c, String backend) {
    return Optional.ofNullable(c.results().get(backend));
  }
}
