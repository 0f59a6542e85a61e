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
 * symlink: relative links {@code link-<i> -> file-<i>} to existing files beside them. Verified:
 * each is a link whose stored target is exactly {@code file-<i>}. Every sample starts from fresh
 * files and no links.
 */
final class SymlinkWorkload extends CellWorkload {
  private static final List<Case> CASES = Family.singleAndBatch(Capability.SYMBOLIC_LINKS);

  @FamilyEntry(Op.SYMLINK)
  static final Family FAMILY =
      new Family(
          Op.SYMLINK, CASES, CASES.get(1), Family.Cost.batch(9_800_000L), SymlinkWorkload::new);

  private Path[] targets;
  private Path[] links;

  private SymlinkWorkload(Cell cell) {
    super(cell);
  }

  @Override
  void prepare(Path iterationDir) throws IOException {
    int count = (int) spec.operations();
    Path[] files = Fixtures.files(iterationDir, "file-", count, Payload.buffer(Payload.SIZE));
    links = Fixtures.paths(iterationDir, "link-", count);
    targets = new Path[count];
    for (int i = 0; i < count; i++) {
      targets[i] = files[i].getFileName();
    }
  }

  @Override
  Object call(int i) throws IOException {
    backend.symlink(targets[i], links[i]);
    return null;
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.symlinkAsync(targets[i], links[i]);
  }

  @Override
  void check(int i, Object result, Verifier v) throws IOException {
    if (!Files.isSymbolicLink(links[i])) {
      v.fail(links[i].getFileName() + " is not a symbolic link");
      return;
    }
    v.equal(links[i].getFileName() + " target", targets[i], Files.readSymbolicLink(links[i]));
  }
}
