package dev.fsbench.harness.workload;

/**
 * The scenarios of DESIGN.md's workload table: how many calls one sample makes, and on what.
 *
 * <p>A tree scenario is one call on a whole tree (its {@link #treeFiles()} files in the {@link
 * TreeFixture} shape); the others are {@link #calls()} calls on distinct paths, each with one
 * payload (4 KiB, or 8 MiB for the two 8MiB scenarios).
 */
enum Scenario {
  SINGLE("single", 1, 0),
  BATCH("batch-256", 256, 0),
  /** batch-256 on paths that do not exist (exists only). */
  MISSING("missing-256", 256, 0),
  FILE_8MIB("8MiB", 1, 0),
  /**
   * copyFile with timestamps and mode preserved (the seed's copy-file contract) on an 8 MiB file.
   */
  PRESERVE_8MIB("preserve-8MiB", 1, 0),
  TREE_4("tree-4", 1, 4),
  TREE_1000("tree-1000", 1, 1000),
  /**
   * The opt-in large scale, only behind {@link MatrixSpec#large()}: see {@link
   * TreeFixture#LARGE_FILES}.
   */
  TREE_156K("tree-156k", 1, TreeFixture.LARGE_FILES);

  private final String label;
  private final int calls;
  private final int treeFiles;

  Scenario(String label, int calls, int treeFiles) {
    this.label = label;
    this.calls = calls;
    this.treeFiles = treeFiles;
  }

  /** The name in cell ids, reports and on the command line. */
  String label() {
    return label;
  }

  /** Backend calls per sample: the {@code operations} of a plan. */
  int calls() {
    return calls;
  }

  /** Files of the tree fixture, 0 for a scenario that is not a tree. */
  int treeFiles() {
    return treeFiles;
  }

  boolean isTree() {
    return treeFiles > 0;
  }

  /** Whether this scenario only runs behind {@link MatrixSpec#large()}. */
  boolean isLarge() {
    return this == TREE_156K;
  }

  /** The payload size of one call's file: 8 MiB for the 8MiB scenarios, else 4 KiB. */
  int payloadSize() {
    return this == FILE_8MIB || this == PRESERVE_8MIB ? Payload.LARGE_SIZE : Payload.SIZE;
  }
}
