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
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * truncate: fresh 4 KiB files shrunk to 1 KiB. Verified: each is the first 1024 bytes of the
 * payload.
 */
final class TruncateWorkload extends CellWorkload {
  private static final List<Case> CASES = Family.singleAndBatch();

  @FamilyEntry(Op.TRUNCATE)
  static final Family FAMILY =
      new Family(
          Op.TRUNCATE, CASES, CASES.get(1), Family.Cost.batch(9_100_000L), TruncateWorkload::new);

  static final int LENGTH = 1024;

  private final byte[] payload = Payload.buffer(Payload.SIZE);
  private final byte[] kept = Arrays.copyOf(payload, LENGTH);
  private Path[] files;

  private TruncateWorkload(Cell cell) {
    super(cell);
  }

  @Override
  void prepare(Path iterationDir) throws IOException {
    files = Fixtures.files(iterationDir, "file-", (int) spec.operations(), payload);
  }

  @Override
  Object call(int i) throws IOException {
    backend.truncate(files[i], LENGTH);
    return null;
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.truncateAsync(files[i], LENGTH);
  }

  @Override
  void check(int i, Object result, Verifier v) throws IOException {
    String difference = Oracle.difference(kept, Files.readAllBytes(files[i]));
    if (difference != null) {
      v.fail(files[i].getFileName() + " after truncate: " + difference);
    }
  }
}
