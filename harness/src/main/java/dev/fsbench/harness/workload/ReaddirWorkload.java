package dev.fsbench.harness.workload;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.workload.tree.Scenario;
import dev.fsbench.harness.workload.tree.TreeManifest;
import dev.fsbench.harness.workload.tree.TrialTree;
import dev.fsbench.harness.workload.verify.Oracle;
import dev.fsbench.harness.workload.verify.Verifier;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ReaddirOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * readdir: a recursive listing of the tree, relative paths of files, directories and links (not
 * followed). Verified: exactly the tree's manifest ({@link TreeManifest}), each path once. Nothing
 * is modified, so the trial keeps the tree.
 */
final class ReaddirWorkload extends CellWorkload {
  private static final List<Case> CASES = Family.treeCases(false);

  @FamilyEntry(Op.READDIR)
  static final Family FAMILY =
      new Family(
          Op.READDIR,
          CASES,
          Family.pick(CASES, Scenario.TREE_1000, CellKey.NO_VARIANT),
          Family.Cost.tree(10_000L),
          ReaddirWorkload::new);

  private final ReaddirOptions options;
  private Path root;
  private Set<String> expected;

  private ReaddirWorkload(Cell cell) {
    super(cell);
    options = ReaddirOptions.RECURSIVE.withConcurrency(concurrency);
  }

  @Override
  void prepareTrial(Path fixtureDir) throws IOException {
    TrialTree tree = trialTree(fixtureDir);
    root = tree.root();
    expected = tree.manifest().paths();
  }

  @Override
  Object call(int i) throws IOException {
    return backend.readdir(root, options);
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.readdirAsync(root, options);
  }

  @Override
  void check(int i, Object result, Verifier v) {
    @SuppressWarnings("unchecked")
    List<String> listed = (List<String>) result;
    Oracle.sameSet(v, "recursive readdir", expected, listed);
  }
}
