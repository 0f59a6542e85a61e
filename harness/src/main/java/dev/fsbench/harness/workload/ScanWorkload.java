package dev.fsbench.harness.workload;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.workload.tree.Scenario;
import dev.fsbench.harness.workload.verify.Oracle;
import dev.fsbench.harness.workload.verify.Verifier;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ScanEntry;
import dev.fsbench.spi.ScanOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * scan: a walk of the tree returning path, name, kind, size, mode, mtime and depth of every file
 * and directory, sorted. Verified: sorted by {@link ScanEntry#ORDER}, and entry by entry equal to
 * an {@code lstat} of each path (mtime within 1 ms). Nothing is modified, so the trial keeps the
 * tree and reads the oracle once.
 */
final class ScanWorkload extends CellWorkload {
  private static final List<Case> CASES = Family.treeCases(false);

  @FamilyEntry(Op.SCAN)
  static final Family FAMILY =
      new Family(
          Op.SCAN,
          CASES,
          Family.pick(CASES, Scenario.TREE_1000, CellKey.NO_VARIANT),
          Family.Cost.tree(22_000L),
          ScanWorkload::new);

  private final ScanOptions options;
  private Path root;
  private List<ScanEntry> expected;

  private ScanWorkload(Cell cell) {
    super(cell);
    options = ScanOptions.DEFAULT.withConcurrency(concurrency);
  }

  @Override
  void prepareTrial(Path fixtureDir) throws IOException {
    root = trialTree(fixtureDir).root();
    expected = Oracle.scan(root);
  }

  @Override
  Object call(int i) throws IOException {
    return backend.scan(root, options);
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.scanAsync(root, options);
  }

  @Override
  void check(int i, Object result, Verifier v) {
    @SuppressWarnings("unchecked")
    List<ScanEntry> entries = (List<ScanEntry>) result;
    if (entries == null) {
      v.fail("scan returned null");
      return;
    }
    for (int k = 1; k < entries.size(); k++) {
      if (ScanEntry.ORDER.compare(entries.get(k - 1), entries.get(k)) >= 0) {
        v.fail("not sorted: " + entries.get(k - 1).path() + " before " + entries.get(k).path());
        break;
      }
    }
    if (entries.size() != expected.size()) {
      v.fail(entries.size() + " entries, expected " + expected.size());
    }
    for (int k = 0; k < Math.min(entries.size(), expected.size()); k++) {
      compare(expected.get(k), entries.get(k), v);
    }
  }

  private static void compare(ScanEntry expected, ScanEntry actual, Verifier v) {
    String at = expected.path();
    if (!expected.path().equals(actual.path())) {
      v.fail("entry " + at + ": got " + actual.path());
      return;
    }
    v.equal(at + " name", expected.name(), actual.name());
    v.equal(at + " kind", expected.kind(), actual.kind());
    v.equal(at + " size", expected.size(), actual.size());
    v.check(
        expected.mode() == actual.mode(),
        at
            + " mode: expected 0"
            + Integer.toOctalString(expected.mode())
            + ", got 0"
            + Integer.toOctalString(actual.mode()));
    v.check(
        Oracle.sameTime(expected.mtimeNanos(), actual.mtimeNanos()),
        at
            + " mtime: expected "
            + Oracle.time(expected.mtimeNanos())
            + ", got "
            + Oracle.time(actual.mtimeNanos()));
    v.equal(at + " depth", expected.depth(), actual.depth());
  }
}
