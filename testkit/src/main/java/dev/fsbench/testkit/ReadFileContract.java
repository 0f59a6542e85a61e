package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * readFile: the whole content as bytes or UTF-8 text, links followed; a directory is "Is a
 * directory".
 */
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
    return Invocation.of((fs, a) -> fs.readFile((Path) a[0]), Fixtures.fileOf4KiB(s.path("f")));
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        result(
            "4 KiB: the payload",
            s ->
                assertArrayEquals(
                    Fixtures.BYTES_4KIB, s.fs().readFile(Fixtures.fileOf4KiB(s.path("f"))))),
        result(
            "1 MiB of patterned bytes",
            s ->
                assertArrayEquals(
                    Fixtures.patterned(1 << 20),
                    s.fs()
                        .readFile(Fixtures.fileWith(s.path("big"), Fixtures.patterned(1 << 20))))),
        result(
            "empty file: no bytes",
            s -> assertArrayEquals(new byte[0], s.fs().readFile(Fixtures.emptyFile(s.path("e"))))),
        result(
            "UTF-8 text: the string",
            s ->
                assertEquals(
                    Fixtures.TEXT_4KIB, s.fs().readFileText(Fixtures.textFileOf4KiB(s.path("t"))))),
        result(
            "malformed UTF-8: U+FFFD",
            s ->
                assertEquals(
                    "a\uFFFDb",
                    s.fs()
                        .readFileText(
                            Fixtures.fileWith(s.path("bad"), new byte[] {'a', (byte) 0xff, 'b'})))),
        result(
                "through a link: the target's bytes",
                s -> {
                  Fixtures.fileWith(s.path("f"), Fixtures.patterned(123));
                  assertArrayEquals(
                      Fixtures.patterned(123), s.fs().readFile(Fixtures.symlink(s.path("l"), "f")));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
            "/dev/zero, which never ends: a FileSystemException naming it, not the heap's end",
            s -> {
              Path zero = devZero(s);
              s.fails(
                  Failure.of(FileSystemException.class, zero),
                  () -> endless(zero, () -> s.fs().readFile(zero)));
            }),
        error(
            "/dev/zero as text: a FileSystemException naming it",
            s -> {
              Path zero = devZero(s);
              s.fails(
                  Failure.of(FileSystemException.class, zero),
                  () -> endless(zero, () -> s.fs().readFileText(zero)));
            }),
        error(
            "missing path: NoSuchFileException",
            s -> {
              Path missing = s.path("missing");
              s.fails(
                  Failure.of(NoSuchFileException.class, missing), () -> s.fs().readFile(missing));
            }),
        error(
            "a directory: Is a directory naming it",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("d"));
              s.fails(Failure.isADirectory(dir), () -> s.fs().readFile(dir));
            }),
        error(
            "a directory as text: Is a directory naming it",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("d"));
              s.fails(Failure.isADirectory(dir), () -> s.fs().readFileText(dir));
            }),
        error(
            "empty path is the working directory: Is a directory",
            s -> {
              Path cwd = s.root().getFileSystem().getPath("");
              s.fails(Failure.isADirectory(cwd), () -> s.fs().readFile(cwd));
            }),
        error(
                "dangling link: NoSuchFileException naming the link",
                s -> {
                  Path link = Fixtures.symlink(s.path("l"), "missing");
                  s.fails(Failure.of(NoSuchFileException.class, link), () -> s.fs().readFile(link));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
            "a file used as a directory: like Files on this JDK",
            s -> {
              Path below = Fixtures.fileOf4KiB(s.path("f")).resolve("x");
              s.fails(
                  Failure.likeFiles(below, () -> Files.readAllBytes(below)),
                  () -> s.fs().readFile(below));
            }));
  }

  /**
   * {@code /dev/zero}: its size is 0 and it never ends. Reading it to the end must stop where the
   * content can no longer be held in one array (about 2 GiB, NIO's own limit) with an {@code
   * IOException} naming it; the case reads that much (a second or two here) and, as a hang guard,
   * not more than {@value #ENDLESS_GUARD_SECONDS} s.
   */
  private static Path devZero(Sandbox s) {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        s.env().isDefaultFileSystem() && Files.isReadable(Path.of("/dev/zero")),
        "/dev/zero exists only on the default filesystem");
    return Path.of("/dev/zero");
  }

  private static final long ENDLESS_GUARD_SECONDS = 120;

  private static Object endless(Path zero, Fifos.Call<Object> read) {
    return org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
        java.time.Duration.ofSeconds(ENDLESS_GUARD_SECONDS),
        read::run,
        () ->
            "reading "
                + zero
                + " did not stop within "
                + ENDLESS_GUARD_SECONDS
                + " s (hang guard)");
  }
}
