package dev.fsbench.harness.workload;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.harness.workload.tree.Fixtures;
import dev.fsbench.harness.workload.tree.Payload;
import dev.fsbench.harness.workload.tree.Scenario;
import dev.fsbench.harness.workload.verify.Oracle;
import dev.fsbench.harness.workload.verify.Verifier;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * writeFile: the payload written to fresh, distinct paths, as bytes ({@code buffer}) or as UTF-8
 * text ({@code utf8}). Verified: each file holds exactly the payload's bytes. No flush is asked for
 * (the seed's workload); every sample writes into an empty directory.
 */
final class WriteFileWorkload extends CellWorkload {
  private static final List<Case> CASES = Family.payloadCases();

  @FamilyEntry(Op.WRITE_FILE)
  static final Family FAMILY =
      new Family(
          Op.WRITE_FILE,
          CASES,
          Family.pick(CASES, Scenario.BATCH, Case.BUFFER),
          Family.Cost.batch(10_200_000L),
          WriteFileWorkload::new);

  private final Payload.Content payload;
  private Path[] files;

  private WriteFileWorkload(Cell cell) {
    super(cell);
    payload = Payload.of(Case.UTF8.equals(spec.variant()), spec.scenario().payloadSize());
  }

  @Override
  void prepare(Path iterationDir) {
    files = Fixtures.paths(iterationDir, "file-", (int) spec.operations());
  }

  @Override
  Object call(int i) throws IOException {
    if (payload.isText()) {
      backend.writeFile(files[i], payload.text());
    } else {
      backend.writeFile(files[i], payload.bytes());
    }
    return null;
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return payload.isText()
        ? backend.writeFileAsync(files[i], payload.text())
        : backend.writeFileAsync(files[i], payload.bytes());
  }

  @Override
  void check(int i, Object result, Verifier v) throws IOException {
    if (Oracle.gone(files[i])) {
      v.fail(files[i].getFileName() + " was not written");
      return;
    }
    String difference = Oracle.difference(payload.bytes(), Files.readAllBytes(files[i]));
    if (difference != null) {
      v.fail(files[i].getFileName() + " content " + difference);
    }
  }
}
