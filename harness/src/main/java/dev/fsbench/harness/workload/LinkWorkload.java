package dev.fsbench.harness.workload;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.harness.workload.tree.Fixtures;
import dev.fsbench.harness.workload.tree.NioStat;
import dev.fsbench.harness.workload.tree.Payload;
import dev.fsbench.harness.workload.verify.Oracle;
import dev.fsbench.harness.workload.verify.Verifier;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * link: a hard link to each of fresh files. Verified: the link is the source's inode, and that
 * inode has two links. Fresh files every sample (a link changes its source's link count).
 */
final class LinkWorkload extends CellWorkload {
  private static final List<Case> CASES = Family.singleAndBatch(Capability.HARD_LINKS);

  @FamilyEntry(Op.LINK)
  static final Family FAMILY =
      new Family(Op.LINK, CASES, CASES.get(1), Family.Cost.batch(11_400_000L), LinkWorkload::new);

  private Path[] sources;
  private Path[] links;

  private LinkWorkload(Cell cell) {
    super(cell);
  }

  @Override
  void prepare(Path iterationDir) throws IOException {
    sources =
        Fixtures.files(
            iterationDir, "file-", (int) spec.operations(), Payload.buffer(Payload.SIZE));
    links = Fixtures.paths(iterationDir, "link-", (int) spec.operations());
  }

  @Override
  Object call(int i) throws IOException {
    backend.link(sources[i], links[i]);
    return null;
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.linkAsync(sources[i], links[i]);
  }

  @Override
  void check(int i, Object result, Verifier v) throws IOException {
    if (Oracle.gone(links[i])) {
      v.fail(links[i].getFileName() + " was not created");
      return;
    }
    FileStat link = NioStat.lstat(links[i]);
    FileStat source = NioStat.lstat(sources[i]);
    v.check(
        link.ino() == source.ino(),
        links[i].getFileName() + " is inode " + link.ino() + ", its source " + source.ino());
    v.check(
        link.nlink() == 2, links[i].getFileName() + " has " + link.nlink() + " links, expected 2");
  }
}
