package dev.fsbench.harness.workload.tree;

import dev.fsbench.harness.model.TreeShape;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The trees a run prepares once and its forks share: the real-shaped trees and the snapshot of the
 * user's, each beside the SHA-256 of its manifest, and the {@code --glob} patterns.
 *
 * <pre>
 * &lt;sandbox&gt;/trees/                   handed to the forks as -Dfsbench.trees
 *   user-tree/tree/...               the snapshot of --tree DIR
 *   user-tree/manifest.sha256
 *   jdk-src/tree/...                 lib/src.zip of the forks' JDK, extracted
 *   jdk-src/manifest.sha256
 *   globs.txt                        the --glob patterns, one a line: glob's variants user-1, user-2, ...
 * </pre>
 *
 * The runner builds them ({@link #prepare}, {@link #snapshot}) before the first fork; a fork opens
 * the one its cell needs and checks it against the recorded hash before using it, so a cell that
 * changed a shared tree (a backend writing into its source) fails the next cell instead of passing
 * a changed tree off as the same one. Only readdir, glob, scan and cp's source read the shared
 * tree; rm removes a private copy of it, made before every sample.
 *
 * <p>Without a store (a plain {@code fsbench jmh} run), a fork builds a real-shaped tree in its own
 * trial directory, once per trial; the user's tree and the user's patterns need the runner.
 */
public final class PreparedTrees {
  /** The system property naming the store, set on every fork of a run that has one. */
  public static final String PROPERTY = "fsbench.trees";

  /** The most {@code --glob} patterns a run takes. */
  public static final int MAX_USER_GLOBS = 8;

  private static final String TREE = "tree";
  private static final String HASH = "manifest.sha256";
  private static final String GLOBS = "globs.txt";

  private final Path dir;

  private PreparedTrees(Path dir) {
    this.dir = dir;
  }

  /** No store: a fork builds what it can itself. */
  public static PreparedTrees none() {
    return new PreparedTrees(null);
  }

  /** The store at {@code dir}, which the runner creates (an existing one is opened as it is). */
  public static PreparedTrees at(Path dir) throws IOException {
    Files.createDirectories(dir);
    return new PreparedTrees(dir);
  }

  /** The store {@link #PROPERTY} names, or {@link #none()}. */
  public static PreparedTrees fromSystemProperty() {
    String given = System.getProperty(PROPERTY);
    if (given == null || given.isEmpty()) {
      return none();
    }
    Path dir = Path.of(given);
    if (!Files.isDirectory(dir)) {
      throw new IllegalStateException(
          "-D" + PROPERTY + "=" + given + " is not an existing directory");
    }
    return new PreparedTrees(dir);
  }

  /** The store's directory, for the forks' {@link #PROPERTY}. */
  public Path dir() {
    return dir;
  }

  // ---------------------------------------------------------------- the runner's side

  /**
   * Why the tree of scenario {@code label} cannot be built with this JDK's home, or empty when it
   * can (jdk-src needs {@code lib/src.zip}).
   */
  public static Optional<String> unavailable(String label, Path javaHome) {
    return Scenario.ofLabel(label).flatMap(s -> RealTrees.unavailable(s, javaHome));
  }

  /**
   * Builds the real-shaped tree of scenario {@code label} (jdk-src, links-dots, wide-100k) from
   * {@code javaHome}'s JDK and returns its shape, with its manifest's hash recorded beside it.
   */
  public TreeShape prepare(String label, Path javaHome) throws IOException {
    Scenario scenario = prepared(label);
    if (scenario == Scenario.USER_TREE) {
      throw new IllegalArgumentException("the user's tree is a snapshot: see snapshot()");
    }
    Path root = Files.createDirectory(dir.resolve(label)).resolve(TREE);
    RealTrees.build(scenario, root, javaHome);
    String source =
        scenario == Scenario.JDK_SRC ? "src.zip of " + javaHome.getFileName() : "generated";
    return record(scenario, TreeManifest.read(root).shape(source, true));
  }

  /**
   * Copies {@code userDir} into the store as the user's tree (reading it once) and returns its
   * shape; refuses a DIR that is missing, unreadable or larger than {@code limits}.
   */
  public TreeShape snapshot(Path userDir, TreeSnapshot.Limits limits) throws IOException {
    Path root = Files.createDirectory(dir.resolve(Scenario.USER_TREE.label())).resolve(TREE);
    TreeSnapshot.Copied copied = TreeSnapshot.copy(userDir, root, limits);
    TreeShape shape =
        TreeManifest.read(root)
            .shape("snapshot of --tree", true)
            .withSnapshot("snapshot of --tree", copied.skipped(), copied.modesAdjusted());
    return record(Scenario.USER_TREE, shape);
  }

  private TreeShape record(Scenario scenario, TreeShape shape) throws IOException {
    Files.writeString(
        dir.resolve(scenario.label()).resolve(HASH),
        shape.manifestSha256() + "\n",
        StandardCharsets.US_ASCII);
    return shape;
  }

  /**
   * Records the {@code --glob} patterns, which the run's plan checked ({@link
   * dev.fsbench.harness.workload.matrix.MatrixSpec#checkUserGlobs}).
   */
  public void writeUserGlobs(List<String> patterns) throws IOException {
    Files.write(dir.resolve(GLOBS), patterns, StandardCharsets.UTF_8);
  }

  /**
   * The shape of the synthetic tree of scenario {@code label} ({@code tree-N}), from its
   * generator's manifest; empty for any other scenario.
   */
  public static Optional<TreeShape> syntheticShape(String label) {
    return Scenario.ofLabel(label)
        .filter(Scenario::isSynthetic)
        .map(s -> TreeFixture.shape(s.treeFiles()));
  }

  /**
   * The entries a tree scenario is planned with, for the cost model: exact for a synthetic tree,
   * about right for a real-shaped one, empty for the user's (known once it is surveyed).
   */
  public static OptionalLong plannedEntries(String label) {
    Optional<Scenario> s = Scenario.ofLabel(label);
    if (s.isEmpty() || !s.get().isTree()) {
      return OptionalLong.empty();
    }
    switch (s.get()) {
      case JDK_SRC:
        return OptionalLong.of(16_300);
      case LINKS_DOTS:
        return OptionalLong.of(246);
      case WIDE_100K:
        return OptionalLong.of(RealTrees.WIDE_ENTRIES);
      case USER_TREE:
        return OptionalLong.empty();
      default:
        int files = s.get().treeFiles();
        return OptionalLong.of(files + TreeFixture.directories(files));
    }
  }

  /**
   * The bytes of files a real-shaped tree is planned with (cp and rm move them every sample), 0
   * where they hardly count.
   */
  public static long plannedBytes(String label) {
    return label.equals(Scenario.JDK_SRC.label()) ? 215_000_000L : 0;
  }

  // ---------------------------------------------------------------- the forks' side

  /**
   * The root of {@code scenario}'s shared tree and its manifest: the store's, checked against its
   * recorded hash, or without a store one built in {@code fixtureDir} now.
   */
  TreeManifest.Opened open(Scenario scenario, Path fixtureDir) throws IOException {
    Path root = dir == null ? null : dir.resolve(scenario.label()).resolve(TREE);
    if (root != null && Files.isDirectory(root)) {
      TreeManifest manifest = TreeManifest.read(root);
      String recorded =
          Files.readString(dir.resolve(scenario.label()).resolve(HASH), StandardCharsets.US_ASCII)
              .strip();
      String now = manifest.sha256();
      if (!now.equals(recorded)) {
        throw new IllegalStateException(
            "the prepared tree "
                + scenario.label()
                + " no longer matches its manifest (sha256 "
                + now
                + ", recorded "
                + recorded
                + "): a cell before this one changed it");
      }
      return new TreeManifest.Opened(root, manifest);
    }
    if (scenario == Scenario.USER_TREE) {
      throw new IllegalStateException(
          "user-tree runs on the snapshot `fsbench run --tree DIR` prepares"
              + (dir == null ? " (no -D" + PROPERTY + " given)" : ", which " + dir + " lacks"));
    }
    Path built = fixtureDir.resolve(TREE);
    RealTrees.build(scenario, built, Path.of(System.getProperty("java.home")));
    return new TreeManifest.Opened(built, TreeManifest.read(built));
  }

  /** The {@code k}-th {@code --glob} pattern (from 1). */
  public String userGlob(int k) throws IOException {
    Path file = dir == null ? null : dir.resolve(GLOBS);
    List<String> patterns =
        file != null && Files.exists(file)
            ? Files.readAllLines(file, StandardCharsets.UTF_8)
            : new ArrayList<>();
    if (k < 1 || k > patterns.size()) {
      throw new IllegalStateException(
          "glob variant user-"
              + k
              + " names --glob pattern "
              + k
              + ", and the run recorded "
              + patterns.size()
              + (dir == null ? " (no -D" + PROPERTY + " given)" : ""));
    }
    return patterns.get(k - 1);
  }

  private static Scenario prepared(String label) {
    return Scenario.ofLabel(label)
        .filter(Scenario::isPrepared)
        .orElseThrow(() -> new IllegalArgumentException(label + " is not a tree the run prepares"));
  }
}
