package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.LATIN;
import static dev.fsbench.testkit.NonUtf8Names.acted;
import static dev.fsbench.testkit.PermissionCases.onFile;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import dev.fsbench.support.LineBudget;
import dev.fsbench.testkit.NonUtf8Names.Pair;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * lines: the lines {@code [from, from + count)} of a UTF-8 text file. The expected lines are
 * written out, or are {@link String#lines()} of the content, which ends lines where {@code
 * BufferedReader} and Python's universal newlines end them ({@code \n}, {@code \r\n}, a lone {@code
 * \r}); the hostile suite checks the same against {@code /usr/bin/python3} on random text.
 */
@FamilyEntry(Op.LINES)
final class LinesContract extends FamilyContract {

  /** A line per 16 bytes and more than one 64 KiB block: "line 00000001\n" and so on. */
  private static final int NUMBERED = 20_000;

  @Override
  Op op() {
    return Op.LINES;
  }

  @Override
  String signature() {
    return "Path path, long from, int count";
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of(
        (fs, a) -> lines(fs, (Path) a[0], (Long) a[1], (Integer) a[2]),
        Fixtures.textFileOf4KiB(s.path("t")),
        0L,
        10);
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        lines("LF: the first two", "a\nb\nc\n", 0, 2, "a", "b"),
        lines("CRLF and a lone CR end lines too", "a\r\nb\rc\n", 0, 9, "a", "b", "c"),
        lines("a last line without a terminator is a line", "a\nb", 0, 9, "a", "b"),
        lines("a terminator at the end starts no line", "a\n", 0, 9, "a"),
        lines("empty lines are lines", "\n\r\n\ra", 0, 9, "", "", "", "a"),
        lines("from the middle", "a\nb\nc\nd\n", 1, 2, "b", "c"),
        lines("a range past the end: the lines there are", "a\nb\n", 1, 10, "b"),
        lines("a range starting past the end: none", "a\nb\n", 5, 3),
        lines("count 0: none", "a\nb\n", 0, 0),
        lines("an empty file: none", "", 0, 5),
        lines(
            "UTF-8 text decoded",
            "caf\u00e9 \u00fc\n\ud83d\ude00 \u4e2d\n",
            0,
            2,
            "caf\u00e9 \u00fc",
            "\ud83d\ude00 \u4e2d"),
        result(
            "malformed UTF-8: U+FFFD, the lines around it intact",
            s -> {
              Path bad =
                  Fixtures.fileWith(
                      s.path("bad"), new byte[] {'x', '\n', 'a', (byte) 0xff, 'b', '\n', 'y'});
              assertEquals(List.of("a\uFFFDb", "y"), lines(s.fs(), bad, 1, 5));
            }),
        result(
            "CR LF split across a 64 KiB block: one line end",
            s -> {
              String content = "x".repeat(65_535) + "\r\ny\n";
              Path file = text(s, content);
              assertEquals(List.of("x".repeat(65_535), "y"), lines(s.fs(), file, 0, 5));
            }),
        result(
            "the 4 KiB text: as String.lines() splits it",
            s -> {
              Path file = Fixtures.textFileOf4KiB(s.path("t"));
              assertEquals(Fixtures.TEXT_4KIB.lines().toList(), lines(s.fs(), file, 0, 1_000));
            }),
        result(
            "100 lines from the middle of a file of 20,000",
            s -> {
              Path file = text(s, numbered());
              assertEquals(numberedLines(10_000, 100), lines(s.fs(), file, 10_000, 100));
            }),
        result(
            "the last lines of a file of 20,000 and none after",
            s -> {
              Path file = text(s, numbered());
              assertEquals(numberedLines(NUMBERED - 3, 3), lines(s.fs(), file, NUMBERED - 3, 10));
            }),
        result(
                "through a link: the target's lines",
                s -> {
                  text(s, "a\nb\n");
                  Path link = Fixtures.symlink(s.path("l"), "text");
                  assertEquals(List.of("b"), lines(s.fs(), link, 1, 1));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
            "negative from: IllegalArgumentException",
            s -> {
              Path file = text(s, "a\n");
              s.fails(
                  Failure.unchecked(IllegalArgumentException.class),
                  () -> lines(s.fs(), file, -1, 1));
            }),
        error(
            "negative count: IllegalArgumentException",
            s -> {
              Path file = text(s, "a\n");
              s.fails(
                  Failure.unchecked(IllegalArgumentException.class),
                  () -> lines(s.fs(), file, 0, -1));
            }),
        error(
            "missing path: NoSuchFileException",
            s -> {
              Path missing = s.path("missing");
              s.fails(
                  Failure.of(NoSuchFileException.class, missing),
                  () -> lines(s.fs(), missing, 0, 1));
            }),
        error(
            "missing path with count 0: NoSuchFileException all the same",
            s -> {
              Path missing = s.path("missing");
              s.fails(
                  Failure.of(NoSuchFileException.class, missing),
                  () -> lines(s.fs(), missing, 0, 0));
            }),
        error(
            "a directory: Is a directory naming it",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("d"));
              s.fails(Failure.isADirectory(dir), () -> lines(s.fs(), dir, 0, 1));
            }),
        error(
            "/dev/zero, one line that never ends: refused past the limit naming it",
            s -> {
              Path zero = PastTheLimit.devZero(s);
              s.fails(
                  tooLong(zero), () -> PastTheLimit.guarded(zero, () -> lines(s.fs(), zero, 0, 1)));
            }),
        error(
            "a sparse file one line of the limit + 1 bytes, skipped: refused naming it",
            s -> {
              Path sparse = PastTheLimit.sparseFile(s, s.path("sparse"), LineBudget.bytes() + 1);
              s.fails(
                  tooLong(sparse),
                  () -> PastTheLimit.guarded(sparse, () -> lines(s.fs(), sparse, 1, 1)));
            }));
  }

  private static Case lines(String name, String content, long from, int count, String... want) {
    return result(
        name, s -> assertEquals(List.of(want), lines(s.fs(), text(s, content), from, count), name));
  }

  private static Path text(Sandbox s, String content) throws IOException {
    return Fixtures.fileWith(s.path("text"), content.getBytes(StandardCharsets.UTF_8));
  }

  private static String numbered() {
    StringBuilder text = new StringBuilder(NUMBERED * 14);
    for (int i = 0; i < NUMBERED; i++) {
      text.append(String.format("line %08d\n", i));
    }
    return text.toString();
  }

  private static List<String> numberedLines(int from, int count) {
    List<String> lines = new ArrayList<>();
    for (int i = from; i < from + count; i++) {
      lines.add(String.format("line %08d", i));
    }
    return lines;
  }

  private static Failure tooLong(Path path) {
    return Failure.of(FileSystemException.class, path).reason(LineBudget.tooLong(path).getReason());
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
        "reads the lines of caf\\xe9, not its twin's",
        s -> {
          Pair p = Pair.files(s, true);
          Object[] read = new Object[1];
          if (acted(p.latin(), () -> read[0] = lines(s.fs(), p.latin(), 0, 5))) {
            assertEquals(new String(LATIN, StandardCharsets.UTF_8).lines().toList(), read[0]);
          }
          p.twinFileUntouched();
        });
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(onFile(op(), "a 000 file", 0, (fs, d) -> lines(fs, d.resolve("f"), 0, 1)));
  }

  /** lines through {@code fs}, sync or async by its mode. */
  static List<String> lines(Calls fs, Path path, long from, int count) throws IOException {
    return fs.call(b -> b.lines(path, from, count), b -> b.linesAsync(path, from, count));
  }
}
