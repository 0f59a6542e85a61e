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
 * appendFile: one payload appended to an existing file that holds the same payload (the seed's
 * workload), as bytes or as UTF-8 text. Verified: the file is the payload twice. Every sample gets
 * fresh files.
 */
final class AppendFileWorkload extends CellWorkload {
  private static final List<Case> CASES = Family.payloadCases();

  @FamilyEntry(Op.APPEND_FILE)
  static final Family FAMILY =
      new Family(
          Op.APPEND_FILE,
          CASES,
          Family.pick(CASES, Scenario.BATCH, Case.BUFFER),
          Family.Cost.batch(12_400_000L),
          AppendFileWorkload::new);

  private final Payload.Content payload;
  private final byte[] twice;
  private Path[] files;

  private AppendFileWorkload(Cell cell) {
    super(cell);
    payload = Payload.of(Case.UTF8.equals(spec.variant()), spec.scenario().payloadSize());
    twice = new byte[2 * payload.bytes().length];
    System.arraycopy(payload.bytes(), 0, twice, 0, payload.bytes().length);
    System.arraycopy(payload.bytes(), 0, twice, payload.bytes().length, payload.bytes().length);
  }

  @Override
  void prepare(Path iterationDir) throws IOException {
    files = Fixtures.files(iterationDir, "file-", (int) spec.operations(), payload.bytes());
  }

  @Override
  Object call(int i) throws IOException {
    if (payload.isText()) {
      backend.appendFile(files[i], payload.text());
    } else {
      backend.appendFile(files[i], payload.bytes());
    }
    return null;
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return payload.isText()
        ? backend.appendFileAsync(files[i], payload.text())
        : backend.appendFileAsync(files[i], payload.bytes());
  }

  @Override
  void check(int i, Object result, Verifier v) throws IOException {
    String difference = Oracle.difference(twice, Files.readAllBytes(files[i]));
    if (difference != null) {
      v.fail(files[i].getFileName() + " is not the payload twice: " + difference);
    }
  }
}
