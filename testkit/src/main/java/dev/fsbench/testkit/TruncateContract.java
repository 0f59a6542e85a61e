package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.LATIN;
import static dev.fsbench.testkit.NonUtf8Names.acted;
import static dev.fsbench.testkit.PermissionCases.onFile;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.NonUtf8Names.Pair;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** truncate: cut to the length, or extend with zero bytes. */
@FamilyEntry(Op.TRUNCATE)
final class TruncateContract extends FamilyContract {

  @Override
  Op op() {
    return Op.TRUNCATE;
  }

  @Override
  String signature() {
    return "Path path, long length";
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of(
        (fs, a) -> truncate(fs, (Path) a[0], (Long) a[1]), Fixtures.fileOf4KiB(s.path("f")), 1024L);
  }

  @Override
  List<Case> cases(Env env) {
    byte[] content = Fixtures.patterned(4096);
    return List.of(
        result(
            "4 KiB to 1 KiB: the first 1024 bytes kept",
            s -> {
              Path file = Fixtures.fileWith(s.path("f"), content);
              truncate(s.fs(), file, 1024);
              Checks.assertContent(Arrays.copyOf(content, 1024), file);
            }),
        result(
            "1 KiB to 4 KiB: content kept, the rest zeros",
            s -> {
              Path file = Fixtures.fileWith(s.path("f"), Arrays.copyOf(content, 1024));
              truncate(s.fs(), file, 4096);
              byte[] expected = new byte[4096];
              System.arraycopy(content, 0, expected, 0, 1024);
              Checks.assertContent(expected, file);
            }),
        result(
            "empty file to 10 bytes: ten zeros",
            s -> {
              Path file = Fixtures.emptyFile(s.path("e"));
              truncate(s.fs(), file, 10);
              Checks.assertContent(new byte[10], file);
            }),
        result(
            "to 0: empty",
            s -> {
              Path file = Fixtures.fileWith(s.path("f"), content);
              truncate(s.fs(), file, 0);
              Checks.assertContent(new byte[0], file);
            }),
        result(
            "same length: unchanged",
            s -> {
              Path file = Fixtures.fileWith(s.path("f"), content);
              truncate(s.fs(), file, 4096);
              Checks.assertContent(content, file);
            }),
        result(
                "through a link: the target",
                s -> {
                  Path file = Fixtures.fileWith(s.path("f"), content);
                  truncate(s.fs(), Fixtures.symlink(s.path("l"), "f"), 100);
                  Checks.assertContent(Arrays.copyOf(content, 100), file);
                  org.junit.jupiter.api.Assertions.assertTrue(Files.isSymbolicLink(s.path("l")));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
            "missing path: NoSuchFileException, nothing created",
            s -> {
              Path missing = s.path("missing");
              s.fails(
                  Failure.of(NoSuchFileException.class, missing),
                  () -> truncate(s.fs(), missing, 10));
            }),
        error(
            "a directory: Is a directory",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("d"));
              s.fails(Failure.isADirectory(dir), () -> truncate(s.fs(), dir, 10));
            }),
        error(
            "negative length: IllegalArgumentException",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              s.fails(
                  Failure.unchecked(IllegalArgumentException.class),
                  () -> truncate(s.fs(), file, -1));
            }),
        error(
            "a file used as a directory: like Files on this JDK",
            s -> {
              Path below = Fixtures.fileOf4KiB(s.path("f")).resolve("x");
              s.fails(
                  Failure.likeFiles(
                      below,
                      () -> Files.newByteChannel(below, java.nio.file.StandardOpenOption.WRITE)),
                  () -> truncate(s.fs(), below, 1));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
        "cuts caf\\xe9, not its twin",
        s -> {
          Pair p = Pair.files(s, true);
          boolean acted = acted(p.latin(), () -> truncate(s.fs(), p.latin(), 3));
          p.latinFile(acted ? java.util.Arrays.copyOf(LATIN, 3) : LATIN);
          p.twinFileUntouched();
        });
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(onFile(op(), "a 0444 file", 0444, (fs, d) -> truncate(fs, d.resolve("f"), 1)));
  }

  /** truncate through {@code fs}, sync or async by its mode. */
  static void truncate(Calls fs, Path path, long length) throws IOException {
    fs.run(b -> b.truncate(path, length), b -> b.truncateAsync(path, length));
  }
}
