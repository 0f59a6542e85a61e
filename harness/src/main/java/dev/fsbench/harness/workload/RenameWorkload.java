package dev.fsbench.harness.workload;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.harness.workload.tree.Fixtures;
import dev.fsbench.harness.workload.tree.Payload;
import dev.fsbench.harness.workload.verify.Oracle;
import dev.fsbench.harness.workload.verify.Verifier;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * rename: fresh files moved to new names in the same directory. Verified: the source is gone and
 * the destination holds the payload.
 */
final class RenameWorkload extends CellWorkload {
  private static final List<Case> CASES = Family.singleAndBatch();

  @FamilyEntry(Op.RENAME)
  static final Family FAMILY =
      new Family(
          Op.RENAME, CASES, CASES.get(1), Family.Cost.batch(11_400_000L), RenameWorkload::new);

  private final byte[] payload = Payload.buffer(Payload.SIZE);
  private Path[] sources;
  private Path[] targets;

  private RenameWorkload(Cell cell) {
    super(cell);
  }

  @Override
  void prepare(Path iterationDir) throws IOException {
    sources = Fixtures.files(iterationDir, "file-", (int) spec.operations(), payload);
    targets = Fixtures.paths(iterationDir, "renamed-", (int) spec.operations());
  }

  @Override
  Object call(int i) throws IOException {
    backend.rename(sources[i], targets[i]);
    return null;
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.renameAsync(sources[i], targets[i]);
  }

  @Override
  void check(int i, Object result, Verifier v) throws IOException {
    v.check(Oracle.gone(sources[i]), sources[i].getFileName() + " still exists");
    if (Oracle.gone(targets[i])) {
      v.fail(targets[i].getFileName() + " does not exist");
      return;
    }
    String difference = Oracle.difference(payload, Files.readAllBytes(targets[i]));
    if (difference != null) {
      v.fail(targets[i].getFileName() + " content " + difference);
    }
  }
}
