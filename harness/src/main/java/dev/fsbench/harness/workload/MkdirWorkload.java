package dev.fsbench.harness.workload;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.harness.workload.tree.Fixtures;
import dev.fsbench.harness.workload.verify.Verifier;
import dev.fsbench.spi.MkdirOptions;
import dev.fsbench.spi.Op;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * mkdir: {@code new-<i>/a/b} created recursively, so every call makes three directories (the seed's
 * "missing a/b parents"). Verified: each {@code b} is a directory. Every sample starts from an
 * empty directory.
 */
final class MkdirWorkload extends CellWorkload {
  private static final List<Case> CASES = Family.singleAndBatch();

  @FamilyEntry(Op.MKDIR)
  static final Family FAMILY =
      new Family(Op.MKDIR, CASES, CASES.get(1), Family.Cost.batch(22_300_000L), MkdirWorkload::new);

  private Path[] paths;

  private MkdirWorkload(Cell cell) {
    super(cell);
  }

  @Override
  void prepare(Path iterationDir) {
    paths = Fixtures.paths(iterationDir, "new-", (int) spec.operations());
    for (int i = 0; i < paths.length; i++) {
      paths[i] = paths[i].resolve("a").resolve("b");
    }
  }

  @Override
  Object call(int i) throws Exception {
    backend.mkdir(paths[i], MkdirOptions.RECURSIVE);
    return null;
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.mkdirAsync(paths[i], MkdirOptions.RECURSIVE);
  }

  @Override
  void check(int i, Object result, Verifier v) {
    v.check(
        Files.isDirectory(paths[i], LinkOption.NOFOLLOW_LINKS),
        iterationDir().relativize(paths[i]) + " is not a directory");
  }
}
