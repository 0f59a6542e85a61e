package dev.fsbench.harness.workload;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.harness.workload.tree.Fixtures;
import dev.fsbench.harness.workload.tree.Payload;
import dev.fsbench.harness.workload.verify.Verifier;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * access: {@code F_OK} on existing regular files. Verified: every call returned without an
 * exception. The files are only looked at, so the trial keeps them for all its samples.
 */
final class AccessWorkload extends CellWorkload {
  private static final List<Case> CASES = Family.singleAndBatch();

  @FamilyEntry(Op.ACCESS)
  static final Family FAMILY =
      new Family(
          Op.ACCESS, CASES, CASES.get(1), Family.Cost.batch(1_000_000L), AccessWorkload::new);

  private Path[] files;

  private AccessWorkload(Cell cell) {
    super(cell);
  }

  @Override
  void prepareTrial(Path fixtureDir) throws IOException {
    files =
        Fixtures.files(fixtureDir, "file-", (int) spec.operations(), Payload.buffer(Payload.SIZE));
  }

  @Override
  Object call(int i) throws IOException {
    backend.access(files[i]);
    return null;
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.accessAsync(files[i]);
  }

  @Override
  void check(int i, Object result, Verifier v) {
    // Returning without an exception is the whole contract of access on an existing file; a call
    // that threw failed
    // the sample already, and one that never completed was caught by the caller.
  }
}
