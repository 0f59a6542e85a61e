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
 * readFile: whole files read into memory, as bytes ({@code buffer}, {@code readFile}) or decoded as
 * UTF-8 text ({@code utf8}, {@code readFileText}). Verified: equal to the payload. Nothing is
 * modified, so the trial keeps its files.
 */
final class ReadFileWorkload extends CellWorkload {
  private static final List<Case> CASES = Family.payloadCases();

  @FamilyEntry(Op.READ_FILE)
  static final Family FAMILY =
      new Family(
          Op.READ_FILE,
          CASES,
          Family.pick(CASES, Scenario.BATCH, Case.BUFFER),
          Family.Cost.batch(3_700_000L),
          ReadFileWorkload::new);

  private final Payload.Content payload;
  private Path[] files;

  private ReadFileWorkload(Cell cell) {
    super(cell);
    payload = Payload.of(Case.UTF8.equals(spec.variant()), spec.scenario().payloadSize());
  }

  @Override
  void prepareTrial(Path fixtureDir) throws IOException {
    files = Fixtures.files(fixtureDir, "file-", (int) spec.operations(), payload.bytes());
  }

  @Override
  Object call(int i) throws IOException {
    return payload.isText() ? backend.readFileText(files[i]) : backend.readFile(files[i]);
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return payload.isText() ? backend.readFileTextAsync(files[i]) : backend.readFileAsync(files[i]);
  }

  @Override
  void check(int i, Object result, Verifier v) {
    String name = files[i].getFileName().toString();
    if (payload.isText()) {
      if (!payload.text().equals(result)) {
        String text = (String) result;
        v.fail(
            name
                + " read as text "
                + (text == null ? "null" : text.length() + " chars")
                + " differing from the payload's "
                + payload.text().length());
      }
    } else {
      String difference = Oracle.difference(payload.bytes(), (byte[]) result);
      if (difference != null) {
        v.fail(name + " read " + difference);
      }
    }
  }
}
