package dev.fsbench.harness.workload;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.harness.workload.tree.Fixtures;
import dev.fsbench.harness.workload.verify.Oracle;
import dev.fsbench.harness.workload.verify.Verifier;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** rmdir: fresh empty directories removed (recursive removal is rm's). Verified: each is gone. */
final class RmdirWorkload extends CellWorkload {
  private static final List<Case> CASES = Family.singleAndBatch();

  @FamilyEntry(Op.RMDIR)
  static final Family FAMILY =
      new Family(Op.RMDIR, CASES, CASES.get(1), Family.Cost.batch(4_600_000L), RmdirWorkload::new);

  private Path[] dirs;

  private RmdirWorkload(Cell cell) {
    super(cell);
  }

  @Override
  void prepare(Path iterationDir) throws IOException {
    dirs = Fixtures.directories(iterationDir, "dir-", (int) spec.operations());
  }

  @Override
  Object call(int i) throws IOException {
    backend.rmdir(dirs[i]);
    return null;
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.rmdirAsync(dirs[i]);
  }

  @Override
  void check(int i, Object result, Verifier v) {
    v.check(Oracle.gone(dirs[i]), dirs[i].getFileName() + " still exists");
  }
}
