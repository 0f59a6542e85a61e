package dev.fsbench.harness.workload;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.harness.workload.tree.Fixtures;
import dev.fsbench.harness.workload.tree.Payload;
import dev.fsbench.harness.workload.verify.Oracle;
import dev.fsbench.harness.workload.verify.Verifier;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** unlink: fresh regular files removed, one path per call. Verified: each is gone. */
final class UnlinkWorkload extends CellWorkload {
  private static final List<Case> CASES = Family.singleAndBatch();

  @FamilyEntry(Op.UNLINK)
  static final Family FAMILY =
      new Family(
          Op.UNLINK, CASES, CASES.get(1), Family.Cost.batch(8_000_000L), UnlinkWorkload::new);

  private Path[] files;

  private UnlinkWorkload(Cell cell) {
    super(cell);
  }

  @Override
  void prepare(Path iterationDir) throws IOException {
    files =
        Fixtures.files(
            iterationDir, "file-", (int) spec.operations(), Payload.buffer(Payload.SIZE));
  }

  @Override
  Object call(int i) throws IOException {
    backend.unlink(files[i]);
    return null;
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.unlinkAsync(files[i]);
  }

  @Override
  void check(int i, Object result, Verifier v) {
    v.check(Oracle.gone(files[i]), files[i].getFileName() + " still exists");
  }
}
