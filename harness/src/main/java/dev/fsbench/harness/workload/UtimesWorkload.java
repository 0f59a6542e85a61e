package dev.fsbench.harness.workload;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.harness.workload.tree.Fixtures;
import dev.fsbench.harness.workload.tree.NioStat;
import dev.fsbench.harness.workload.tree.Payload;
import dev.fsbench.harness.workload.verify.Oracle;
import dev.fsbench.harness.workload.verify.Verifier;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * utimes: fresh files given atime 1600000000 s and mtime 1600000001 s. Verified: both within 1 ms.
 * The check reads attributes only, never the content, which could move the atime again.
 */
final class UtimesWorkload extends CellWorkload {
  private static final List<Case> CASES = Family.singleAndBatch();

  @FamilyEntry(Op.UTIMES)
  static final Family FAMILY =
      new Family(
          Op.UTIMES, CASES, CASES.get(1), Family.Cost.batch(9_100_000L), UtimesWorkload::new);

  static final FileTime ATIME = FileTime.from(1_600_000_000L, TimeUnit.SECONDS);
  static final FileTime MTIME = FileTime.from(1_600_000_001L, TimeUnit.SECONDS);

  private Path[] files;

  private UtimesWorkload(Cell cell) {
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
    backend.utimes(files[i], ATIME, MTIME);
    return null;
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.utimesAsync(files[i], ATIME, MTIME);
  }

  @Override
  void check(int i, Object result, Verifier v) throws IOException {
    FileStat stat = NioStat.stat(files[i], true);
    v.check(
        Oracle.sameTime(NioStat.nanos(ATIME), stat.atimeNanos()),
        files[i].getFileName()
            + " atime "
            + Oracle.time(stat.atimeNanos())
            + ", expected "
            + ATIME);
    v.check(
        Oracle.sameTime(NioStat.nanos(MTIME), stat.mtimeNanos()),
        files[i].getFileName()
            + " mtime "
            + Oracle.time(stat.mtimeNanos())
            + ", expected "
            + MTIME);
  }
}
