package dev.fsbench.harness.model;

import java.util.Objects;

/**
 * One cell of the matrix: a workload case of one family, run in one mode by one backend at one
 * concurrency. Every statistic, every sample and every row of a report belongs to exactly one cell.
 *
 * @param family the {@link dev.fsbench.spi.Op#family()} name, e.g. {@code readFile}
 * @param scenario the case's scenario label, e.g. {@code single}, {@code batch-256}, a synthetic
 *     tree {@code tree-1000} or a prepared one {@code jdk-src} (every label is a {@code
 *     workload.tree.Scenario}'s)
 * @param variant the case's variant, e.g. the payload's {@code buffer} or {@code utf8}, or {@code
 *     -} where the family has none (each family's cases name their own)
 * @param mode sync or async
 * @param backend the backend id
 * @param concurrency the explicit tree concurrency, or 0 for the backend's default (every non-tree
 *     cell is 0)
 */
public record CellKey(
    String family, String scenario, String variant, Mode mode, String backend, int concurrency) {

  /** The variant of families that have none. */
  public static final String NO_VARIANT = "-";

  public CellKey {
    Objects.requireNonNull(family, "family");
    Objects.requireNonNull(scenario, "scenario");
    Objects.requireNonNull(variant, "variant");
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(backend, "backend");
    if (concurrency < 0) {
      throw new IllegalArgumentException("concurrency must be >= 0, was " + concurrency);
    }
  }

  /**
   * The backend column of a report: the id, suffixed {@code -c<n>} for an explicit concurrency
   * ({@code native-c4}), as the seed reports label "Vooya c4".
   */
  public String backendLabel() {
    return concurrency == 0 ? backend : backend + "-c" + concurrency;
  }

  /** The case as a report row names it: {@code batch-256} or {@code batch-256 utf8}. */
  public String caseLabel() {
    return NO_VARIANT.equals(variant) ? scenario : scenario + " " + variant;
  }

  /** A stable, unique, human-readable id: {@code readFile/batch-256/utf8/sync/native-c4}. */
  public String id() {
    return family + "/" + scenario + "/" + variant + "/" + mode.label() + "/" + backendLabel();
  }

  /** Parses {@link #id()}. */
  public static CellKey parse(String id) {
    String[] parts = id.split("/", -1);
    if (parts.length != 5) {
      throw new IllegalArgumentException("not a cell id: " + id);
    }
    String backend = parts[4];
    int concurrency = 0;
    int dash = backend.lastIndexOf("-c");
    if (dash > 0
        && backend.substring(dash + 2).chars().allMatch(Character::isDigit)
        && dash + 2 < backend.length()) {
      concurrency = Integer.parseInt(backend.substring(dash + 2));
      backend = backend.substring(0, dash);
    }
    return new CellKey(parts[0], parts[1], parts[2], Mode.ofLabel(parts[3]), backend, concurrency);
  }

  @Override
  public String toString() {
    return id();
  }
}
