package dev.fsbench.harness.model;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The matrices a run can select, each a set of scenarios (see {@link
 * dev.fsbench.harness.workload.matrix.Matrix}): the default one, and three of the tree families
 * alone, each behind its own flag because it would not fit the default matrix's 30-minute budget.
 *
 * <pre>
 * standard     every family's DESIGN.md cases; tree-156k with --large         (run)
 * sweep        tree-4 .. tree-16000 of the tree families; tree-156k with --large (run --sweep)
 * real-trees   jdk-src, links-dots, wide-100k of the tree families          (run --real-trees)
 * user-tree    a snapshot of the user's directory                           (run --tree DIR)
 * </pre>
 */
public enum Suite {
  STANDARD,
  SWEEP,
  REAL_TREES,
  USER_TREE;

  /** The name in run.json and on the console: {@code real-trees}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** The suite of {@link #label()}; an unknown label is an error naming the known ones. */
  public static Suite ofLabel(String label) {
    for (Suite s : values()) {
      if (s.label().equals(label)) {
        return s;
      }
    }
    throw new IllegalArgumentException(
        "unknown suite '"
            + label
            + "'; known: "
            + Arrays.stream(values()).map(Suite::label).collect(Collectors.joining(", ")));
  }
}
