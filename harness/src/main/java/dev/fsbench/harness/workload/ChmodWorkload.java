package dev.fsbench.harness.workload;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.harness.workload.tree.Fixtures;
import dev.fsbench.harness.workload.tree.NioStat;
import dev.fsbench.harness.workload.tree.Payload;
import dev.fsbench.harness.workload.verify.Verifier;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * chmod: regular files from 0644 to 0640. Verified: {@code mode & 0777 == 0640}. Fresh files every
 * sample.
 *
 * <p>The fixture sets 0644 explicitly instead of trusting the umask: under a umask of 027 new files
 * would already be 0640, and a chmod that did nothing would pass.
 */
final class ChmodWorkload extends CellWorkload {
  private static final List<Case> CASES = Family.singleAndBatch(Capability.POSIX_PERMISSIONS);

  @FamilyEntry(Op.CHMOD)
  static final Family FAMILY =
      new Family(Op.CHMOD, CASES, CASES.get(1), Family.Cost.batch(8_300_000L), ChmodWorkload::new);

  static final int TARGET_MODE = 0640;

  private Path[] files;

  private ChmodWorkload(Cell cell) {
    super(cell);
  }

  @Override
  void prepare(Path iterationDir) throws IOException {
    files =
        Fixtures.files(
            iterationDir, "file-", (int) spec.operations(), Payload.buffer(Payload.SIZE));
    for (Path file : files) {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    }
  }

  @Override
  Object call(int i) throws IOException {
    backend.chmod(files[i], TARGET_MODE);
    return null;
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.chmodAsync(files[i], TARGET_MODE);
  }

  @Override
  void check(int i, Object result, Verifier v) throws IOException {
    int permissions = NioStat.lstat(files[i]).mode() & 0777;
    if (permissions != TARGET_MODE) {
      v.fail(
          files[i].getFileName()
              + " has mode 0"
              + Integer.toOctalString(permissions)
              + ", expected 0640");
    }
  }
}
