package dev.fsbench.harness.workload.tree;

import dev.fsbench.spi.FileKind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The tree of one tree cell's trial and its oracle, whatever the scenario: a synthetic tree built
 * by {@link TreeFixture} in the trial's fixture directory, or a prepared one ({@link
 * PreparedTrees}). The shared tree is only read (readdir, glob, scan, cp's source); {@link #copyTo}
 * makes the private tree a sample may destroy (rm's).
 *
 * <p>The shared tree is built or opened on first use, so rm, which only ever copies, does not pay
 * for a synthetic tree it never reads.
 */
public final class TrialTree {
  private final Scenario scenario;
  private final PreparedTrees store;
  private final Path fixtureDir;
  private final byte[] payload = Payload.buffer(Payload.SIZE);
  private TreeManifest.Opened opened;

  public TrialTree(Scenario scenario, PreparedTrees store, Path fixtureDir) {
    if (!scenario.isTree()) {
      throw new IllegalArgumentException(scenario.label() + " is not a tree scenario");
    }
    this.scenario = scenario;
    this.store = store;
    this.fixtureDir = fixtureDir;
  }

  /** The shared tree's root. */
  public Path root() throws IOException {
    return opened().root();
  }

  /** The shared tree's manifest, read with plain NIO when it was opened. */
  public TreeManifest manifest() throws IOException {
    return opened().manifest();
  }

  private TreeManifest.Opened opened() throws IOException {
    if (opened == null) {
      if (scenario.isSynthetic()) {
        Path root = fixtureDir.resolve(TreeFixture.ROOT);
        TreeFixture.create(root, scenario.treeFiles(), payload);
        TreeManifest manifest = TreeManifest.read(root);
        checkGenerator(manifest);
        opened = new TreeManifest.Opened(root, manifest);
      } else {
        opened = store.open(scenario, fixtureDir);
      }
    }
    return opened;
  }

  /**
   * The tree on disk is what its generator says, entry by entry: the oracle stays independent of
   * the walk that read it.
   */
  private void checkGenerator(TreeManifest manifest) {
    List<TreeFixture.Entry> read =
        manifest.entries().stream()
            .map(e -> new TreeFixture.Entry(e.path(), e.kind()))
            .collect(Collectors.toList());
    List<TreeFixture.Entry> generated = TreeFixture.manifest(scenario.treeFiles());
    boolean sizes =
        manifest.entries().stream()
            .allMatch(e -> e.kind() != FileKind.FILE || e.size() == Payload.SIZE);
    if (!read.equals(generated) || !sizes) {
      throw new IllegalStateException(
          "the " + scenario.label() + " fixture on disk is not what its generator makes");
    }
  }

  /** A fresh tree at {@code target} (which must not exist yet) with the shared tree's content. */
  public void copyTo(Path target) throws IOException {
    if (scenario.isSynthetic()) {
      TreeFixture.create(target, scenario.treeFiles(), payload);
    } else {
      TreeSnapshot.replicate(root(), target);
    }
  }
}
