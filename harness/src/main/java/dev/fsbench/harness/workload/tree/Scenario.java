package dev.fsbench.harness.workload.tree;

import dev.fsbench.harness.model.Suite;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * The scenarios of DESIGN.md's workload table: how many calls one sample makes, and on what.
 *
 * <p>A tree scenario is one call on a whole tree. A synthetic one ({@code tree-N}) is {@link
 * TreeFixture}'s shape with {@link #treeFiles()} files, built by its generator; a prepared one is a
 * real-shaped tree ({@link RealTrees}) or the user's ({@code --tree}), which {@link PreparedTrees}
 * holds. The others are {@link #calls()} calls on distinct paths, each with one payload (4 KiB, or
 * 8 MiB for the two 8MiB scenarios; lines' 16MiB reads a part of a 16 MiB text). Each scenario
 * belongs to one or more {@link Suite}s.
 */
public enum Scenario {
  SINGLE("single", 1, 0, Kind.CALLS, EnumSet.of(Suite.STANDARD)),
  BATCH("batch-256", 256, 0, Kind.CALLS, EnumSet.of(Suite.STANDARD)),
  /** batch-256 on paths that do not exist (exists only). */
  MISSING("missing-256", 256, 0, Kind.CALLS, EnumSet.of(Suite.STANDARD)),
  FILE_8MIB("8MiB", 1, 0, Kind.CALLS, EnumSet.of(Suite.STANDARD)),
  /**
   * copyFile with timestamps and mode preserved (the seed's copy-file contract) on an 8 MiB file.
   */
  PRESERVE_8MIB("preserve-8MiB", 1, 0, Kind.CALLS, EnumSet.of(Suite.STANDARD)),
  /** A range of lines of a 16 MiB text file (lines only: {@link TextLines}). */
  FILE_16MIB("16MiB", 1, 0, Kind.CALLS, EnumSet.of(Suite.STANDARD)),
  TREE_4("tree-4", 1, 4, Kind.SYNTHETIC, EnumSet.of(Suite.STANDARD, Suite.SWEEP)),
  TREE_16("tree-16", 1, 16, Kind.SYNTHETIC, EnumSet.of(Suite.SWEEP)),
  TREE_64("tree-64", 1, 64, Kind.SYNTHETIC, EnumSet.of(Suite.SWEEP)),
  TREE_256("tree-256", 1, 256, Kind.SYNTHETIC, EnumSet.of(Suite.SWEEP)),
  TREE_1000("tree-1000", 1, 1000, Kind.SYNTHETIC, EnumSet.of(Suite.STANDARD, Suite.SWEEP)),
  TREE_4000("tree-4000", 1, 4000, Kind.SYNTHETIC, EnumSet.of(Suite.SWEEP)),
  TREE_16000("tree-16000", 1, 16_000, Kind.SYNTHETIC, EnumSet.of(Suite.SWEEP)),
  /**
   * The opt-in large scale, only behind {@link
   * dev.fsbench.harness.workload.matrix.MatrixSpec#large()}: see {@link TreeFixture#LARGE_FILES}.
   */
  TREE_156K(
      "tree-156k",
      1,
      TreeFixture.LARGE_FILES,
      Kind.SYNTHETIC,
      EnumSet.of(Suite.STANDARD, Suite.SWEEP)),
  /** The running JDK's {@code lib/src.zip}, extracted: see {@link RealTrees#extractJdkSource}. */
  JDK_SRC("jdk-src", 1, 0, Kind.PREPARED, EnumSet.of(Suite.REAL_TREES)),
  /** Links to files and directories, dangling links, dot files and directories, empty ones. */
  LINKS_DOTS("links-dots", 1, 0, Kind.PREPARED, EnumSet.of(Suite.REAL_TREES)),
  /** One directory of {@value RealTrees#WIDE_ENTRIES} entries. */
  WIDE_100K("wide-100k", 1, 0, Kind.PREPARED, EnumSet.of(Suite.REAL_TREES)),
  /** A snapshot of the directory {@code --tree} names, copied once into the sandbox. */
  USER_TREE("user-tree", 1, 0, Kind.PREPARED, EnumSet.of(Suite.USER_TREE));

  /** What one sample works on. */
  enum Kind {
    /** {@link #calls()} calls on distinct paths. */
    CALLS,
    /** One call on a {@link TreeFixture} tree of {@link #treeFiles()} files. */
    SYNTHETIC,
    /** One call on a tree {@link PreparedTrees} holds. */
    PREPARED
  }

  private final String label;
  private final int calls;
  private final int treeFiles;
  private final Kind kind;
  private final Set<Suite> suites;

  Scenario(String label, int calls, int treeFiles, Kind kind, Set<Suite> suites) {
    this.label = label;
    this.calls = calls;
    this.treeFiles = treeFiles;
    this.kind = kind;
    this.suites = Set.copyOf(suites);
  }

  /** The name in cell ids, reports and on the command line. */
  public String label() {
    return label;
  }

  /** Backend calls per sample: the {@code operations} of a plan. */
  public int calls() {
    return calls;
  }

  /** Files of a synthetic tree, 0 for any other scenario. */
  public int treeFiles() {
    return treeFiles;
  }

  public boolean isTree() {
    return kind != Kind.CALLS;
  }

  public boolean isSynthetic() {
    return kind == Kind.SYNTHETIC;
  }

  public boolean isPrepared() {
    return kind == Kind.PREPARED;
  }

  /** The suites whose matrix holds this scenario. */
  public Set<Suite> suites() {
    return suites;
  }

  /**
   * Whether this scenario only runs behind {@link
   * dev.fsbench.harness.workload.matrix.MatrixSpec#large()}.
   */
  public boolean isLarge() {
    return this == TREE_156K;
  }

  /**
   * Whether a fork needs a large heap for it: a scan or a listing of 100,000 entries and more, and
   * the oracle's copy of it (an unknown user tree may be that large).
   */
  public boolean needsLargeHeap() {
    return this == TREE_156K || this == WIDE_100K || this == USER_TREE;
  }

  /** The payload size of one call's file: 8 MiB for the 8MiB scenarios, else 4 KiB. */
  public int payloadSize() {
    return this == FILE_8MIB || this == PRESERVE_8MIB ? Payload.LARGE_SIZE : Payload.SIZE;
  }

  /** The scenario named {@code label}, if there is one. */
  public static Optional<Scenario> ofLabel(String label) {
    for (Scenario s : values()) {
      if (s.label.equals(label)) {
        return Optional.of(s);
      }
    }
    return Optional.empty();
  }
}
