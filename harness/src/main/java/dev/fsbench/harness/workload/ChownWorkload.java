package dev.fsbench.harness.workload;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.harness.workload.tree.Fixtures;
import dev.fsbench.harness.workload.tree.NioStat;
import dev.fsbench.harness.workload.tree.Payload;
import dev.fsbench.harness.workload.verify.Verifier;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * chown: each file set to the current uid and gid, the call any user may make (the seed measured
 * the allowed syscall path, not a privileged change of owner). Verified: uid and gid. Fresh files
 * every sample.
 *
 * <p>The current ids are those the kernel gives a file this process creates, read from a probe file
 * of the trial: Java has no portable {@code getuid()}.
 */
final class ChownWorkload extends CellWorkload {
  private static final List<Case> CASES = Family.singleAndBatch(Capability.OWNERSHIP);

  @FamilyEntry(Op.CHOWN)
  static final Family FAMILY =
      new Family(Op.CHOWN, CASES, CASES.get(1), Family.Cost.batch(8_200_000L), ChownWorkload::new);

  private int uid;
  private int gid;
  private Path[] files;

  private ChownWorkload(Cell cell) {
    super(cell);
  }

  @Override
  void prepareTrial(Path fixtureDir) throws IOException {
    Path probe = fixtureDir.resolve("probe");
    Fixtures.write(probe, new byte[0]);
    FileStat owner = NioStat.lstat(probe);
    uid = owner.uid();
    gid = owner.gid();
  }

  @Override
  void prepare(Path iterationDir) throws IOException {
    files =
        Fixtures.files(
            iterationDir, "file-", (int) spec.operations(), Payload.buffer(Payload.SIZE));
  }

  @Override
  Object call(int i) throws IOException {
    backend.chown(files[i], uid, gid);
    return null;
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.chownAsync(files[i], uid, gid);
  }

  @Override
  void check(int i, Object result, Verifier v) throws IOException {
    FileStat stat = NioStat.stat(files[i], true);
    if (stat.uid() != uid || stat.gid() != gid) {
      v.fail(
          files[i].getFileName()
              + " is owned by "
              + stat.uid()
              + ":"
              + stat.gid()
              + ", expected "
              + uid
              + ":"
              + gid);
    }
  }
}
