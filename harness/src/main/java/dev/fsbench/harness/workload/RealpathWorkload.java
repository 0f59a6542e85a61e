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
 * realpath: the canonical path of existing regular files, given absolute (no link chain, as in the
 * seed). Verified: equal to {@code Path.toRealPath()}, which also resolves any link in the
 * sandbox's own path. Nothing is modified, so the trial keeps its files.
 */
final class RealpathWorkload extends CellWorkload {
  private static final List<Case> CASES = Family.singleAndBatch();

  @FamilyEntry(Op.REALPATH)
  static final Family FAMILY =
      new Family(
          Op.REALPATH, CASES, CASES.get(1), Family.Cost.batch(1_900_000L), RealpathWorkload::new);

  private Path[] files;
  private Path[] expected;

  private RealpathWorkload(Cell cell) {
    super(cell);
  }

  @Override
  void prepareTrial(Path fixtureDir) throws IOException {
    files =
        Fixtures.files(
            fixtureDir.toAbsolutePath(),
            "file-",
            (int) spec.operations(),
            Payload.buffer(Payload.SIZE));
    expected = new Path[files.length];
    for (int i = 0; i < files.length; i++) {
      expected[i] = files[i].toRealPath();
    }
  }

  @Override
  Object call(int i) throws IOException {
    return backend.realpath(files[i]);
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.realpathAsync(files[i]);
  }

  @Override
  void check(int i, Object result, Verifier v) {
    v.equal("realpath(" + files[i].getFileName() + ")", expected[i], result);
  }
}
