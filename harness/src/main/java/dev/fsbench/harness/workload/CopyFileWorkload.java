package dev.fsbench.harness.workload;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.harness.workload.tree.Fixtures;
import dev.fsbench.harness.workload.tree.NioStat;
import dev.fsbench.harness.workload.tree.Payload;
import dev.fsbench.harness.workload.tree.Scenario;
import dev.fsbench.harness.workload.verify.Oracle;
import dev.fsbench.harness.workload.verify.Verifier;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * copyFile: regular files copied to fresh targets. Verified: the target's bytes; for preserve-8MiB
 * also its mode and its access and modification times (within 1 ms) against the values the fixture
 * gave the source.
 *
 * <p>The sources are only read, so the trial keeps them; the targets are each sample's own.
 * preserve-8MiB is the seed's copy-file contract: timestamps and mode kept, a copy-on-write clone
 * requested where the filesystem can make one.
 *
 * <p>The trap of preserve is atime: reading a file may update it ({@code relatime}, Linux's
 * default, does so once the atime is older than the mtime or the ctime). The source's times are the
 * fixture's known values, reset before every sample, so each sample's copy starts from them; a
 * preserving copy reads them before it reads the content. The check likewise reads the target's
 * times before its content.
 */
final class CopyFileWorkload extends CellWorkload {
  private static final List<Case> CASES =
      List.of(
          Case.of(Scenario.SINGLE).bytesPerCall(Payload.SIZE),
          Case.of(Scenario.BATCH).bytesPerCall(Payload.SIZE),
          Case.of(Scenario.FILE_8MIB).bytesPerCall(Payload.LARGE_SIZE),
          Case.of(Scenario.PRESERVE_8MIB)
              .bytesPerCall(Payload.LARGE_SIZE)
              .requiring(Capability.POSIX_PERMISSIONS));

  @FamilyEntry(Op.COPY_FILE)
  static final Family FAMILY =
      new Family(
          Op.COPY_FILE, CASES, CASES.get(1), Family.Cost.batch(13_100_000L), CopyFileWorkload::new);

  /**
   * A mode no umask makes of 0666 (it has execute bits), so a copy that lost the mode cannot match
   * it by chance.
   */
  static final int PRESERVED_MODE = 0754;

  private static final CopyFileOptions PRESERVE =
      CopyFileOptions.DEFAULT.withPreserve(true).withCloneHint(true);

  private final boolean preserve;
  private final CopyFileOptions options;
  private final byte[] payload;
  private FileTime sourceMtime;
  private FileTime sourceAtime;
  private Path[] sources;
  private Path[] targets;

  private CopyFileWorkload(Cell cell) {
    super(cell);
    preserve = spec.scenario() == Scenario.PRESERVE_8MIB;
    options = preserve ? PRESERVE : CopyFileOptions.DEFAULT;
    payload = Payload.buffer(spec.scenario().payloadSize());
  }

  @Override
  void prepareTrial(Path fixtureDir) throws IOException {
    sources = Fixtures.files(fixtureDir, "source-", (int) spec.operations(), payload);
    if (preserve) {
      Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
      sourceMtime = FileTime.from(now.minus(2, ChronoUnit.HOURS).plusNanos(123_456_789));
      sourceAtime = FileTime.from(now.minus(1, ChronoUnit.HOURS).plusNanos(987_654_321));
      for (Path source : sources) {
        Files.setPosixFilePermissions(source, PosixFilePermissions.fromString("rwxr-xr--"));
      }
    }
  }

  @Override
  void prepare(Path iterationDir) throws IOException {
    targets = Fixtures.paths(iterationDir, "copy-", (int) spec.operations());
    if (preserve) {
      for (Path source : sources) {
        Files.getFileAttributeView(source, BasicFileAttributeView.class)
            .setTimes(sourceMtime, sourceAtime, null);
      }
    }
  }

  @Override
  Object call(int i) throws IOException {
    backend.copyFile(sources[i], targets[i], options);
    return null;
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.copyFileAsync(sources[i], targets[i], options);
  }

  @Override
  void check(int i, Object result, Verifier v) throws IOException {
    Path target = targets[i];
    if (Oracle.gone(target)) {
      v.fail(target.getFileName() + " was not created");
      return;
    }
    if (preserve) {
      FileStat stat = NioStat.lstat(target);
      v.check(
          stat.permissions() == PRESERVED_MODE,
          target.getFileName()
              + " has mode 0"
              + Integer.toOctalString(stat.permissions())
              + ", expected 0754");
      v.check(
          Oracle.sameTime(NioStat.nanos(sourceMtime), stat.mtimeNanos()),
          target.getFileName()
              + " mtime "
              + Oracle.time(stat.mtimeNanos())
              + " is not the source's "
              + sourceMtime);
      v.check(
          Oracle.sameTime(NioStat.nanos(sourceAtime), stat.atimeNanos()),
          target.getFileName()
              + " atime "
              + Oracle.time(stat.atimeNanos())
              + " is not the source's "
              + sourceAtime);
    }
    String difference = Oracle.difference(payload, Files.readAllBytes(target));
    if (difference != null) {
      v.fail(target.getFileName() + " content " + difference);
    }
  }
}
