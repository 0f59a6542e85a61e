package dev.fsbench.harness.workload;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.harness.workload.tree.Fixtures;
import dev.fsbench.harness.workload.tree.Payload;
import dev.fsbench.harness.workload.verify.Verifier;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * readlink: the stored target of relative file links {@code link-<i> -> file-<i>}, not resolved.
 * Verified: exactly the stored target. Nothing is modified, so the trial keeps its links.
 */
final class ReadlinkWorkload extends CellWorkload {
  private static final List<Case> CASES = Family.singleAndBatch(Capability.SYMBOLIC_LINKS);

  @FamilyEntry(Op.READLINK)
  static final Family FAMILY =
      new Family(
          Op.READLINK, CASES, CASES.get(1), Family.Cost.batch(1_000_000L), ReadlinkWorkload::new);

  private Path[] links;
  private Path[] targets;

  private ReadlinkWorkload(Cell cell) {
    super(cell);
  }

  @Override
  void prepareTrial(Path fixtureDir) throws IOException {
    int count = (int) spec.operations();
    Path[] files = Fixtures.files(fixtureDir, "file-", count, Payload.buffer(Payload.SIZE));
    links = Fixtures.paths(fixtureDir, "link-", count);
    targets = new Path[count];
    for (int i = 0; i < count; i++) {
      targets[i] = files[i].getFileName();
      Files.createSymbolicLink(links[i], targets[i]);
    }
  }

  @Override
  Object call(int i) throws IOException {
    return backend.readlink(links[i]);
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.readlinkAsync(links[i]);
  }

  @Override
  void check(int i, Object result, Verifier v) {
    v.equal("readlink(" + links[i].getFileName() + ")", targets[i], result);
  }
}
