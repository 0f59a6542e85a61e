package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.LATIN;
import static dev.fsbench.testkit.NonUtf8Names.acted;
import static dev.fsbench.testkit.PermissionCases.onFile;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ReadLimit;
import dev.fsbench.testkit.NonUtf8Names.Pair;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * readFile: the whole content as bytes or UTF-8 text, links followed; a directory is "Is a
 * directory"; past {@link ReadLimit#bytes()}, the SPI's refusal naming the path.
 */
@FamilyEntry(Op.READ_FILE)
final class ReadFileContract extends FamilyContract {

  @Override
  Op op() {
    return Op.READ_FILE;
  }

  @Override
  String signature() {
    return "Path path";
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of((fs, a) -> readFile(fs, (Path) a[0]), Fixtures.fileOf4KiB(s.path("f")));
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        result(
            "4 KiB: the payload",
            s ->
                assertArrayEquals(
                    Fixtures.BYTES_4KIB, readFile(s.fs(), Fixtures.fileOf4KiB(s.path("f"))))),
        result(
            "1 MiB of patterned bytes",
            s ->
                assertArrayEquals(
                    Fixtures.patterned(1 << 20),
                    readFile(
                        s.fs(), Fixtures.fileWith(s.path("big"), Fixtures.patterned(1 << 20))))),
        result(
            "empty file: no bytes",
            s -> assertArrayEquals(new byte[0], readFile(s.fs(), Fixtures.emptyFile(s.path("e"))))),
        result(
            "UTF-8 text: the string",
            s ->
                assertEquals(
                    Fixtures.TEXT_4KIB,
                    readFileText(s.fs(), Fixtures.textFileOf4KiB(s.path("t"))))),
        result(
            "malformed UTF-8: U+FFFD",
            s ->
                assertEquals(
                    "a\uFFFDb",
                    readFileText(
                        s.fs(),
                        Fixtures.fileWith(s.path("bad"), new byte[] {'a', (byte) 0xff, 'b'})))),
        result(
                "through a link: the target's bytes",
                s -> {
                  Fixtures.fileWith(s.path("f"), Fixtures.patterned(123));
                  assertArrayEquals(
                      Fixtures.patterned(123),
                      readFile(s.fs(), Fixtures.symlink(s.path("l"), "f")));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
            "/dev/zero, which never ends: ReadLimit.exceeded naming it, not the heap's end",
            s -> {
              Path zero = PastTheLimit.devZero(s);
              s.fails(
                  pastTheLimit(zero),
                  () -> PastTheLimit.guarded(zero, () -> readFile(s.fs(), zero)));
            }),
        error(
            "/dev/zero as text: ReadLimit.exceeded naming it",
            s -> {
              Path zero = PastTheLimit.devZero(s);
              s.fails(
                  pastTheLimit(zero),
                  () -> PastTheLimit.guarded(zero, () -> readFileText(s.fs(), zero)));
            }),
        error(
            "a file one byte past ReadLimit: refused naming it, before it is read",
            s -> {
              Path sparse = PastTheLimit.sparseFile(s, s.path("sparse"), ReadLimit.bytes() + 1);
              s.fails(
                  pastTheLimit(sparse),
                  () -> PastTheLimit.guarded(sparse, () -> readFile(s.fs(), sparse)));
            }),
        error(
            "missing path: NoSuchFileException",
            s -> {
              Path missing = s.path("missing");
              s.fails(
                  Failure.of(NoSuchFileException.class, missing), () -> readFile(s.fs(), missing));
            }),
        error(
            "a directory: Is a directory naming it",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("d"));
              s.fails(Failure.isADirectory(dir), () -> readFile(s.fs(), dir));
            }),
        error(
            "a directory as text: Is a directory naming it",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("d"));
              s.fails(Failure.isADirectory(dir), () -> readFileText(s.fs(), dir));
            }),
        error(
            "empty path is the working directory: Is a directory",
            s -> {
              Path cwd = s.root().getFileSystem().getPath("");
              s.fails(Failure.isADirectory(cwd), () -> readFile(s.fs(), cwd));
            }),
        error(
                "dangling link: NoSuchFileException naming the link",
                s -> {
                  Path link = Fixtures.symlink(s.path("l"), "missing");
                  s.fails(
                      Failure.of(NoSuchFileException.class, link), () -> readFile(s.fs(), link));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
            "a file used as a directory: like Files on this JDK",
            s -> {
              Path below = Fixtures.fileOf4KiB(s.path("f")).resolve("x");
              s.fails(
                  Failure.likeFiles(below, () -> Files.readAllBytes(below)),
                  () -> readFile(s.fs(), below));
            }));
  }

  /** The SPI's refusal of content past {@link ReadLimit#bytes()}, reason and all. */
  private static Failure pastTheLimit(Path path) {
    return Failure.of(FileSystemException.class, path).reason(ReadLimit.exceeded(path).getReason());
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
        "reads caf\\xe9, not its twin",
        s -> {
          Pair p = Pair.files(s, true);
          byte[][] read = new byte[1][];
          if (acted(p.latin(), () -> read[0] = readFile(s.fs(), p.latin()))) {
            assertArrayEquals(LATIN, read[0]);
          }
          String[] text = new String[1];
          if (acted(p.latin(), () -> text[0] = readFileText(s.fs(), p.latin()))) {
            assertEquals(new String(LATIN, StandardCharsets.UTF_8), text[0]);
          }
          p.twinFileUntouched();
        });
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(onFile(op(), "a 000 file", 0, (fs, d) -> readFile(fs, d.resolve("f"))));
  }

  /** readFile through {@code fs}, sync or async by its mode. */
  static byte[] readFile(Calls fs, Path path) throws IOException {
    return fs.call(b -> b.readFile(path), b -> b.readFileAsync(path));
  }

  /** readFileText through {@code fs}, sync or async by its mode. */
  static String readFileText(Calls fs, Path path) throws IOException {
    return fs.call(b -> b.readFileText(path), b -> b.readFileTextAsync(path));
  }
}
