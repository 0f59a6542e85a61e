package dev.fsbench.harness.workload;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.harness.workload.tree.Fixtures;
import dev.fsbench.harness.workload.tree.Payload;
import dev.fsbench.harness.workload.tree.Scenario;
import dev.fsbench.harness.workload.verify.Oracle;
import dev.fsbench.harness.workload.verify.Verifier;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * exists: on existing regular files (single, batch-256) and on paths that do not exist
 * (missing-256), kept apart as the seed kept them: a miss takes another path through the kernel.
 * Verified: true, respectively false, for every call. Nothing is modified, so the trial keeps its
 * fixture.
 */
final class ExistsWorkload extends CellWorkload {
  private static final List<Case> CASES =
      List.of(Case.of(Scenario.SINGLE), Case.of(Scenario.BATCH), Case.of(Scenario.MISSING));

  @FamilyEntry(Op.EXISTS)
  static final Family FAMILY =
      new Family(
          Op.EXISTS, CASES, CASES.get(1), Family.Cost.batch(1_500_000L), ExistsWorkload::new);

  private final boolean expected;
  private Path[] paths;

  private ExistsWorkload(Cell cell) {
    super(cell);
    expected = spec.scenario() != Scenario.MISSING;
  }

  @Override
  void prepareTrial(Path fixtureDir) throws IOException {
    int count = (int) spec.operations();
    paths =
        expected
            ? Fixtures.files(fixtureDir, "file-", count, Payload.buffer(Payload.SIZE))
            : Fixtures.paths(fixtureDir, "missing-", count);
  }

  @Override
  Object call(int i) {
    return backend.exists(paths[i]);
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.existsAsync(paths[i]);
  }

  @Override
  void check(int i, Object result, Verifier v) {
    if (!Boolean.valueOf(expected).equals(result)) {
      v.fail(
          "exists(" + paths[i].getFileName() + ") returned " + result + ", expected " + expected);
    }
    if (Oracle.gone(paths[i]) == expected) {
      v.fail(
          "the fixture is wrong: "
              + paths[i].getFileName()
              + (expected ? " is missing" : " exists"));
    }
  }
}
