package dev.fsbench.harness.workload;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.workload.tree.Scenario;
import dev.fsbench.harness.workload.tree.TreeFixture;
import dev.fsbench.harness.workload.tree.TrialTree;
import dev.fsbench.harness.workload.verify.Oracle;
import dev.fsbench.harness.workload.verify.Verifier;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.RmOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

/**
 * rm: a freshly built tree removed recursively ({@code rm -rf}), links removed as links. Verified:
 * the tree is gone and its parent is still there, empty. Every sample builds its own tree (a
 * synthetic one from its generator, a prepared one copied from the run's): removing it is the
 * point.
 */
final class RmWorkload extends CellWorkload {
  private static final List<Case> CASES = Family.treeCases(false);

  @FamilyEntry(Op.RM)
  static final Family FAMILY =
      new Family(
          Op.RM,
          CASES,
          Family.pick(CASES, Scenario.TREE_1000, CellKey.NO_VARIANT),
          Family.Cost.tree(25_000L),
          RmWorkload::new);

  private final RmOptions options;
  private TrialTree tree;
  private Path root;

  private RmWorkload(Cell cell) {
    super(cell);
    options = RmOptions.RECURSIVE_FORCE.withConcurrency(concurrency);
  }

  @Override
  void prepareTrial(Path fixtureDir) {
    tree = trialTree(fixtureDir);
  }

  @Override
  void prepare(Path iterationDir) throws IOException {
    root = iterationDir.resolve(TreeFixture.ROOT);
    tree.copyTo(root);
  }

  @Override
  Object call(int i) throws IOException {
    backend.rm(root, options);
    return null;
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.rmAsync(root, options);
  }

  @Override
  void check(int i, Object result, Verifier v) throws IOException {
    if (!Oracle.gone(root)) {
      try (Stream<Path> left = Files.walk(root)) {
        v.fail("the tree still exists, " + (left.count() - 1) + " entries below it");
      }
    }
    try (Stream<Path> siblings = Files.list(iterationDir())) {
      long count = siblings.count();
      v.check(count == 0, "the tree's parent holds " + count + " entries, expected none");
    }
  }
}
