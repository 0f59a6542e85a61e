package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.LATIN;
import static dev.fsbench.testkit.NonUtf8Names.OTHER;
import static dev.fsbench.testkit.NonUtf8Names.acted;
import static dev.fsbench.testkit.PermissionCases.inReadOnlyDir;
import static dev.fsbench.testkit.PermissionCases.onFile;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.NonUtf8Names.Pair;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** writeFile: bytes or UTF-8 text, creating (0666 less the umask) or truncating. */
@FamilyEntry(Op.WRITE_FILE)
final class WriteFileContract extends FamilyContract {

  @Override
  Op op() {
    return Op.WRITE_FILE;
  }

  @Override
  String signature() {
    return "Path path, byte[] data";
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of(
        (fs, a) -> writeFile(fs, (Path) a[0], (byte[]) a[1]), s.path("new"), Fixtures.BYTES_4KIB);
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        result(
            "4 KiB to a fresh path: the bytes",
            s -> {
              writeFile(s.fs(), s.path("new"), Fixtures.BYTES_4KIB);
              Checks.assertContent(Fixtures.BYTES_4KIB, s.path("new"));
            }),
        result(
            "1 MiB of patterned bytes",
            s -> {
              writeFile(s.fs(), s.path("big"), Fixtures.patterned(1 << 20));
              Checks.assertContent(Fixtures.patterned(1 << 20), s.path("big"));
            }),
        result(
            "UTF-8 text: its encoding",
            s -> {
              writeFile(s.fs(), s.path("t"), Fixtures.TEXT_4KIB);
              Checks.assertContent(
                  Fixtures.TEXT_4KIB.getBytes(StandardCharsets.UTF_8), s.path("t"));
            }),
        result(
            "over a longer file: truncated to the new bytes",
            s -> {
              Path file = Fixtures.fileWith(s.path("f"), Fixtures.patterned(9000));
              writeFile(s.fs(), file, Fixtures.BYTES_4KIB);
              Checks.assertContent(Fixtures.BYTES_4KIB, file);
            }),
        result(
            "empty data: an empty file",
            s -> {
              writeFile(s.fs(), s.path("e"), new byte[0]);
              Checks.assertContent(new byte[0], s.path("e"));
            }),
        result(
            "fresh file mode: 0666 less the umask (only the default filesystem has a umask)",
            s -> {
              writeFile(s.fs(), s.path("new"), new byte[] {1});
              Checks.assertContent(new byte[] {1}, s.path("new"));
              if (env.isDefaultFileSystem()) {
                Checks.assertPermissions(0666 & ~env.umask(), s.path("new"));
              }
            }),
        result(
                "through a link: writes the target, the link stays",
                s -> {
                  Path file = Fixtures.fileOf4KiB(s.path("f"));
                  Path link = Fixtures.symlink(s.path("l"), "f");
                  writeFile(s.fs(), link, Fixtures.patterned(10));
                  Checks.assertContent(Fixtures.patterned(10), file);
                  org.junit.jupiter.api.Assertions.assertTrue(Files.isSymbolicLink(link));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
            "missing parent: NoSuchFileException",
            s -> {
              Path file = s.path("missing/f");
              s.fails(
                  Failure.of(NoSuchFileException.class, file),
                  () -> writeFile(s.fs(), file, new byte[1]));
            }),
        error(
            "a directory: Is a directory",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("d"));
              s.fails(Failure.isADirectory(dir), () -> writeFile(s.fs(), dir, new byte[1]));
            }),
        error(
            "a directory, as text: Is a directory",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("d"));
              s.fails(Failure.isADirectory(dir), () -> writeFile(s.fs(), dir, "x"));
            }),
        error(
            "a file used as a directory: like Files on this JDK",
            s -> {
              Path below = Fixtures.fileOf4KiB(s.path("f")).resolve("x");
              s.fails(
                  Failure.likeFiles(below, () -> Files.write(below, new byte[1])),
                  () -> writeFile(s.fs(), below, new byte[1]));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
        "writes caf\\xe9, existing or new, never its twin",
        s -> {
          Pair p = Pair.files(s, true);
          boolean acted = acted(p.latin(), () -> writeFile(s.fs(), p.latin(), OTHER));
          p.latinFile(acted ? OTHER : LATIN);
          p.twinFileUntouched();
          Pair q = Pair.files(s, "second", false);
          if (acted(q.latin(), () -> writeFile(s.fs(), q.latin(), OTHER))) {
            Checks.assertContent(OTHER, q.latin());
          }
          q.twinFileUntouched();
        });
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        inReadOnlyDir(
            op(),
            "a new file in a 0555 directory",
            (fs, d) -> writeFile(fs, d.resolve("ro/new"), new byte[1]),
            "ro/new"),
        onFile(op(), "a 0444 file", 0444, (fs, d) -> writeFile(fs, d.resolve("f"), new byte[1])));
  }

  /** writeFile through {@code fs}, sync or async by its mode. */
  static void writeFile(Calls fs, Path path, byte[] data) throws IOException {
    fs.run(b -> b.writeFile(path, data), b -> b.writeFileAsync(path, data));
  }

  /** writeFile through {@code fs}, sync or async by its mode. */
  static void writeFile(Calls fs, Path path, String text) throws IOException {
    fs.run(b -> b.writeFile(path, text), b -> b.writeFileAsync(path, text));
  }
}
