package dev.fsbench.harness.workload;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.spi.GlobOptions;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * glob: {@code **}{@code /*} over the tree, relative paths of files and directories, no dot files
 * (the fixture has none). Verified: exactly the fixture's relative paths, each once. Nothing is
 * modified, so the trial keeps the tree.
 */
final class GlobWorkload extends CellWorkload {
  private static final List<Case> CASES = Family.treeCases(false);

  static final Family FAMILY =
      new Family(
          Op.GLOB,
          CASES,
          Family.pick(CASES, Scenario.TREE_1000, CellKey.NO_VARIANT),
          GlobWorkload::new);

  static final List<String> PATTERNS = List.of("**/*");

  private final GlobOptions options;
  private Path root;
  private Set<String> expected;

  private GlobWorkload(Cell cell) {
    super(cell);
    options = GlobOptions.DEFAULT.withConcurrency(concurrency);
  }

  @Override
  void prepareTrial(Path fixtureDir) throws IOException {
    root = fixtureDir.resolve(TreeFixture.ROOT);
    TreeFixture.create(root, spec.scenario().treeFiles(), Payload.buffer(Payload.SIZE));
    expected = new LinkedHashSet<>();
    TreeFixture.manifest(spec.scenario().treeFiles()).forEach(e -> expected.add(e.path()));
  }

  @Override
  Object call(int i) throws IOException {
    return backend.glob(root, PATTERNS, options);
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.globAsync(root, PATTERNS, options);
  }

  @Override
  void check(int i, Object result, Verifier v) {
    @SuppressWarnings("unchecked")
    List<String> matched = (List<String>) result;
    Oracle.sameSet(v, "glob **/*", expected, matched);
  }
}
