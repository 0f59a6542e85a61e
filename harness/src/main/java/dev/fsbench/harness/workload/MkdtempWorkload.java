package dev.fsbench.harness.workload;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.harness.workload.tree.Fixtures;
import dev.fsbench.harness.workload.verify.Verifier;
import dev.fsbench.spi.Op;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * mkdtemp: a unique directory for each of distinct prefixes {@code job-<i>-}. Verified: each
 * returned path is in the prefix's directory, its name starts with the prefix and goes on, it is a
 * directory, and no two calls returned the same path. Every sample starts from an empty directory.
 */
final class MkdtempWorkload extends CellWorkload {
  private static final List<Case> CASES = Family.singleAndBatch();

  @FamilyEntry(Op.MKDTEMP)
  static final Family FAMILY =
      new Family(
          Op.MKDTEMP, CASES, CASES.get(1), Family.Cost.batch(7_300_000L), MkdtempWorkload::new);

  private Path[] prefixes;
  private final Set<Path> returned = new HashSet<>();

  private MkdtempWorkload(Cell cell) {
    super(cell);
  }

  @Override
  void prepare(Path iterationDir) {
    prefixes = Fixtures.paths(iterationDir, "job-", (int) spec.operations());
    for (int i = 0; i < prefixes.length; i++) {
      prefixes[i] = iterationDir.resolve(prefixes[i].getFileName() + "-");
    }
    returned.clear();
  }

  @Override
  Object call(int i) throws Exception {
    return backend.mkdtemp(prefixes[i]);
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.mkdtempAsync(prefixes[i]);
  }

  @Override
  void check(int i, Object result, Verifier v) {
    Path made = (Path) result;
    String prefix = prefixes[i].getFileName().toString();
    if (made == null
        || made.getFileName() == null
        || !prefixes[i].getParent().equals(made.getParent())) {
      v.fail("mkdtemp(" + prefix + ") returned " + made + ", not a directory beside its prefix");
      return;
    }
    String name = made.getFileName().toString();
    v.check(
        name.startsWith(prefix) && name.length() > prefix.length(),
        "mkdtemp(" + prefix + ") returned " + name + ", which does not extend the prefix");
    v.check(
        Files.isDirectory(made, LinkOption.NOFOLLOW_LINKS),
        "mkdtemp(" + prefix + ") returned " + name + ", which is not a directory");
    v.check(returned.add(made), "mkdtemp returned " + name + " twice");
  }
}
