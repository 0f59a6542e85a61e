package dev.fsbench.harness.workload;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.harness.workload.tree.Fixtures;
import dev.fsbench.harness.workload.tree.Payload;
import dev.fsbench.harness.workload.tree.Scenario;
import dev.fsbench.harness.workload.tree.TextLines;
import dev.fsbench.harness.workload.verify.Verifier;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * lines: a range of a UTF-8 text file's lines, the seed's early line range ({@link TextLines}'
 * text). single and batch-256 read whole 4 KiB files (a count past their end, as a program reading
 * a small file whole asks); 16MiB reads {@value #RANGE} lines of a 16 MiB file, at its {@code head}
 * (a backend that stops after them reads 8 KiB of it) or from its {@code middle} (the lines before
 * are read and skipped: about 8 MiB). A case moves the bytes of the lines it returns. Verified:
 * equal to the lines the text was made of. Nothing is modified, so the trial keeps its files.
 */
final class LinesWorkload extends CellWorkload {
  static final String HEAD = "head";
  static final String MIDDLE = "middle";

  /** The lines a 16MiB call asks for. */
  static final int RANGE = 100;

  /** The count a whole-file call asks for: more than a 4 KiB text holds (about 50 lines). */
  static final int WHOLE = 1_000;

  private static final TextLines SMALL = TextLines.of(Payload.SIZE);

  private static final List<Case> CASES =
      List.of(
          Case.of(Scenario.SINGLE).bytesPerCall(Payload.SIZE),
          Case.of(Scenario.BATCH).bytesPerCall(Payload.SIZE),
          Case.of(Scenario.FILE_16MIB, HEAD).bytesPerCall(large().bytesOf(0, RANGE)),
          Case.of(Scenario.FILE_16MIB, MIDDLE)
              .bytesPerCall(large().bytesOf(middle(large()), RANGE)));

  @FamilyEntry(Op.LINES)
  static final Family FAMILY =
      new Family(
          Op.LINES,
          CASES,
          CASES.get(1),
          // estimated, not yet measured: readFile's batch of 256 4 KiB files (3.7 ms) plus the
          // decoding and splitting of 1 MiB of text into about 13,000 strings, and their check
          Family.Cost.batch(6_000_000L),
          LinesWorkload::new);

  private final long from;
  private final int count;
  private Path[] files;
  private List<String> expected;

  private LinesWorkload(Cell cell) {
    super(cell);
    if (spec.scenario() != Scenario.FILE_16MIB) {
      from = 0;
      count = WHOLE;
    } else {
      from = MIDDLE.equals(spec.variant()) ? middle(large()) : 0;
      count = RANGE;
    }
  }

  /** The 16 MiB text, its line count summed on first use (no line is built for it). */
  private static TextLines large() {
    return Large.TEXT;
  }

  private static final class Large {
    static final TextLines TEXT = TextLines.of(TextLines.LARGE_SIZE);
  }

  /** Where the middle range starts: the 16 MiB text's middle line. */
  private static long middle(TextLines text) {
    return text.lineCount() / 2;
  }

  private TextLines text() {
    return spec.scenario() == Scenario.FILE_16MIB ? large() : SMALL;
  }

  @Override
  void prepareTrial(Path fixtureDir) throws IOException {
    TextLines text = text();
    files = Fixtures.files(fixtureDir, "text-", (int) spec.operations(), text.bytes());
    expected = text.lines(from, count);
  }

  @Override
  Object call(int i) throws IOException {
    return backend.lines(files[i], from, count);
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.linesAsync(files[i], from, count);
  }

  @Override
  void check(int i, Object result, Verifier v) {
    if (expected.equals(result)) {
      return;
    }
    String name = files[i].getFileName().toString();
    if (!(result instanceof List)) {
      v.fail(name + " lines " + from + "+" + count + " gave " + result + ", not a list");
      return;
    }
    List<?> got = (List<?>) result;
    int at = 0;
    while (at < got.size() && at < expected.size() && expected.get(at).equals(got.get(at))) {
      at++;
    }
    v.fail(
        name
            + " lines "
            + from
            + "+"
            + count
            + ": "
            + got.size()
            + " lines where the text has "
            + expected.size()
            + (at < Math.min(got.size(), expected.size())
                ? ", line " + (from + at) + " differs: " + got.get(at)
                : ""));
  }
}
