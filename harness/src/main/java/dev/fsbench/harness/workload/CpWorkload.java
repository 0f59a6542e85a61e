package dev.fsbench.harness.workload;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.workload.tree.Scenario;
import dev.fsbench.harness.workload.tree.TreeManifest;
import dev.fsbench.harness.workload.tree.TrialTree;
import dev.fsbench.harness.workload.verify.CopyCheck;
import dev.fsbench.harness.workload.verify.Verifier;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * cp: a whole tree copied to a new destination, timestamps not preserved, links copied as links.
 * Verified against the source's manifest ({@link CopyCheck}): every entry at its exact path, of its
 * kind, with its source's permission bits, every file with its source's bytes, every link with its
 * target, and nothing more.
 *
 * <p>The source is only read, so the trial keeps it; each sample copies into its own fresh
 * directory.
 */
final class CpWorkload extends CellWorkload {
  private static final List<Case> CASES = Family.treeCases(true);

  @FamilyEntry(Op.CP)
  static final Family FAMILY =
      new Family(
          Op.CP,
          CASES,
          Family.pick(CASES, Scenario.TREE_1000, CellKey.NO_VARIANT),
          Family.Cost.tree(88_000L),
          CpWorkload::new);

  private final CpOptions options;
  private Path source;
  private Path target;
  private TreeManifest manifest;

  private CpWorkload(Cell cell) {
    super(cell);
    options = CpOptions.DEFAULT.withConcurrency(concurrency);
  }

  @Override
  void prepareTrial(Path fixtureDir) throws IOException {
    TrialTree tree = trialTree(fixtureDir);
    source = tree.root();
    manifest = tree.manifest();
  }

  @Override
  void prepare(Path iterationDir) {
    target = iterationDir.resolve("copy");
  }

  @Override
  Object call(int i) throws IOException {
    backend.cp(source, target, options);
    return null;
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.cpAsync(source, target, options);
  }

  @Override
  void check(int i, Object result, Verifier v) throws IOException {
    if (!Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
      v.fail("the copy " + target.getFileName() + " is not a directory");
      return;
    }
    CopyCheck.compare(manifest, source, target, v);
  }
}
