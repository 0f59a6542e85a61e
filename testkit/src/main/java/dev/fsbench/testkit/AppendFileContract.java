package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.LATIN;
import static dev.fsbench.testkit.NonUtf8Names.OTHER;
import static dev.fsbench.testkit.NonUtf8Names.acted;
import static dev.fsbench.testkit.PermissionCases.onFile;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.NonUtf8Names.Pair;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/** appendFile: bytes or UTF-8 text added at the end, the file created when missing. */
@FamilyEntry(Op.APPEND_FILE)
final class AppendFileContract extends FamilyContract {

  @Override
  Op op() {
    return Op.APPEND_FILE;
  }

  @Override
  String signature() {
    return "Path path, byte[] data";
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of(
        (fs, a) -> appendFile(fs, (Path) a[0], (byte[]) a[1]),
        Fixtures.fileOf4KiB(s.path("f")),
        Fixtures.BYTES_4KIB);
  }

  static byte[] concat(byte[] a, byte[] b) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(a);
    out.writeBytes(b);
    return out.toByteArray();
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        result(
            "4 KiB onto 4 KiB: payload + payload",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              appendFile(s.fs(), file, Fixtures.BYTES_4KIB);
              Checks.assertContent(concat(Fixtures.BYTES_4KIB, Fixtures.BYTES_4KIB), file);
            }),
        result(
            "UTF-8 text onto UTF-8 text: both encodings, in order",
            s -> {
              Path file = Fixtures.textFileOf4KiB(s.path("t"));
              appendFile(s.fs(), file, Fixtures.TEXT_4KIB);
              byte[] one = Fixtures.TEXT_4KIB.getBytes(StandardCharsets.UTF_8);
              Checks.assertContent(concat(one, one), file);
            }),
        result(
            "missing file: created with the data, mode 0666 less the umask",
            s -> {
              Path file = s.path("new");
              appendFile(s.fs(), file, Fixtures.patterned(1000));
              Checks.assertContent(Fixtures.patterned(1000), file);
              if (env.isDefaultFileSystem()) {
                Checks.assertPermissions(0666 & ~env.umask(), file);
              }
            }),
        result(
            "empty data: content unchanged",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              appendFile(s.fs(), file, new byte[0]);
              Checks.assertContent(Fixtures.BYTES_4KIB, file);
            }),
        result(
                "through a link: appends to the target",
                s -> {
                  Path file = Fixtures.fileOf4KiB(s.path("f"));
                  Path link = Fixtures.symlink(s.path("l"), "f");
                  appendFile(s.fs(), link, new byte[] {'b'});
                  Checks.assertContent(concat(Fixtures.BYTES_4KIB, new byte[] {'b'}), file);
                  org.junit.jupiter.api.Assertions.assertTrue(Files.isSymbolicLink(link));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
            "missing parent: NoSuchFileException",
            s -> {
              Path file = s.path("missing/f");
              s.fails(
                  Failure.of(NoSuchFileException.class, file),
                  () -> appendFile(s.fs(), file, new byte[1]));
            }),
        error(
            "a directory: Is a directory",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("d"));
              s.fails(Failure.isADirectory(dir), () -> appendFile(s.fs(), dir, new byte[1]));
            }),
        error(
            "a file used as a directory: like Files on this JDK",
            s -> {
              Path below = Fixtures.fileOf4KiB(s.path("f")).resolve("x");
              s.fails(
                  Failure.likeFiles(
                      below,
                      () ->
                          Files.write(
                              below,
                              new byte[1],
                              StandardOpenOption.APPEND,
                              StandardOpenOption.CREATE)),
                  () -> appendFile(s.fs(), below, new byte[1]));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
        "appends to caf\\xe9, not to its twin",
        s -> {
          Pair p = Pair.files(s, true);
          boolean acted = acted(p.latin(), () -> appendFile(s.fs(), p.latin(), OTHER));
          byte[] expected = LATIN;
          if (acted) {
            expected = new byte[LATIN.length + OTHER.length];
            System.arraycopy(LATIN, 0, expected, 0, LATIN.length);
            System.arraycopy(OTHER, 0, expected, LATIN.length, OTHER.length);
          }
          p.latinFile(expected);
          p.twinFileUntouched();
        });
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        onFile(op(), "a 0444 file", 0444, (fs, d) -> appendFile(fs, d.resolve("f"), new byte[1])));
  }

  /** appendFile through {@code fs}, sync or async by its mode. */
  static void appendFile(Calls fs, Path path, byte[] data) throws IOException {
    fs.run(b -> b.appendFile(path, data), b -> b.appendFileAsync(path, data));
  }

  /** appendFile through {@code fs}, sync or async by its mode. */
  static void appendFile(Calls fs, Path path, String text) throws IOException {
    fs.run(b -> b.appendFile(path, text), b -> b.appendFileAsync(path, text));
  }
}
