package dev.fsbench.harness.workload;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.harness.workload.tree.Fixtures;
import dev.fsbench.harness.workload.tree.NioStat;
import dev.fsbench.harness.workload.tree.Payload;
import dev.fsbench.harness.workload.tree.Scenario;
import dev.fsbench.harness.workload.verify.Oracle;
import dev.fsbench.harness.workload.verify.Verifier;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * stat and lstat: metadata of regular files ({@code default}) and of relative symbolic links to
 * them ({@code symlink}), which stat follows and lstat reports as links. Verified field by field
 * against {@code Files.readAttributes(path, "unix:*")}: kind, size, mode, uid, gid, nlink, ino, and
 * mtime within 1 ms (a backend may keep microseconds). Nothing is modified, so the trial keeps its
 * fixture; the oracle is read after every sample.
 */
final class StatWorkload extends CellWorkload {
  private static final List<Case> CASES = cases();

  private static final Case QUICK = Family.pick(CASES, Scenario.BATCH, Case.DEFAULT);

  @FamilyEntry(Op.STAT)
  static final Family STAT =
      new Family(
          Op.STAT,
          CASES,
          QUICK,
          Family.Cost.batch(3_300_000L),
          cell -> new StatWorkload(cell, true));

  @FamilyEntry(Op.LSTAT)
  static final Family LSTAT =
      new Family(
          Op.LSTAT,
          CASES,
          QUICK,
          Family.Cost.batch(3_400_000L),
          cell -> new StatWorkload(cell, false));

  private final boolean follow;
  private Path[] paths;

  private StatWorkload(Cell cell, boolean follow) {
    super(cell);
    this.follow = follow;
  }

  private static List<Case> cases() {
    List<Case> cases = new ArrayList<>();
    for (Scenario scenario : List.of(Scenario.SINGLE, Scenario.BATCH)) {
      cases.add(Case.of(scenario, Case.DEFAULT));
      cases.add(Case.of(scenario, Case.SYMLINK).requiring(Capability.SYMBOLIC_LINKS));
    }
    return cases;
  }

  @Override
  void prepareTrial(Path fixtureDir) throws IOException {
    int count = (int) spec.operations();
    Path[] files = Fixtures.files(fixtureDir, "file-", count, Payload.buffer(Payload.SIZE));
    if (Case.SYMLINK.equals(spec.variant())) {
      paths = Fixtures.paths(fixtureDir, "link-", count);
      for (int i = 0; i < count; i++) {
        Files.createSymbolicLink(paths[i], files[i].getFileName());
      }
    } else {
      paths = files;
    }
  }

  @Override
  Object call(int i) throws IOException {
    return follow ? backend.stat(paths[i]) : backend.lstat(paths[i]);
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return follow ? backend.statAsync(paths[i]) : backend.lstatAsync(paths[i]);
  }

  @Override
  void check(int i, Object result, Verifier v) throws IOException {
    FileStat actual = (FileStat) result;
    String name = paths[i].getFileName().toString();
    if (actual == null) {
      v.fail(name + ": no result");
      return;
    }
    FileStat expected = NioStat.stat(paths[i], follow);
    v.equal(name + " kind", expected.kind(), actual.kind());
    v.equal(name + " size", expected.size(), actual.size());
    v.check(
        expected.mode() == actual.mode(),
        name
            + " mode: expected 0"
            + Integer.toOctalString(expected.mode())
            + ", got 0"
            + Integer.toOctalString(actual.mode()));
    v.equal(name + " uid", expected.uid(), actual.uid());
    v.equal(name + " gid", expected.gid(), actual.gid());
    v.equal(name + " nlink", expected.nlink(), actual.nlink());
    v.equal(name + " ino", expected.ino(), actual.ino());
    v.check(
        Oracle.sameTime(expected.mtimeNanos(), actual.mtimeNanos()),
        name
            + " mtime: expected "
            + Oracle.time(expected.mtimeNanos())
            + ", got "
            + Oracle.time(actual.mtimeNanos()));
  }
}
