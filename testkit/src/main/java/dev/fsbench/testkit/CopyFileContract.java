package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.LATIN;
import static dev.fsbench.testkit.NonUtf8Names.OTHER;
import static dev.fsbench.testkit.NonUtf8Names.acted;
import static dev.fsbench.testkit.PermissionCases.LOCKED_DIR;
import static dev.fsbench.testkit.PermissionCases.LOCKED_MODE_000;
import static dev.fsbench.testkit.PermissionCases.inReadOnlyDir;
import static dev.fsbench.testkit.PermissionCases.onFile;
import static dev.fsbench.testkit.PermissionCases.ordinary;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.NonUtf8Names.Pair;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * copyFile: one regular file's bytes (links followed), optionally replacing, optionally preserving
 * mode and times.
 */
@FamilyEntry(Op.COPY_FILE)
final class CopyFileContract extends FamilyContract {

  @Override
  Op op() {
    return Op.COPY_FILE;
  }

  @Override
  String signature() {
    return "Path source, Path target, CopyFileOptions options";
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of(
        (fs, a) -> copyFile(fs, (Path) a[0], (Path) a[1], (CopyFileOptions) a[2]),
        Fixtures.fileOf4KiB(s.path("f")),
        s.path("copy"),
        CopyFileOptions.DEFAULT);
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        result(
            "4 KiB to a new path: same bytes, source intact",
            s -> {
              Path source = Fixtures.fileOf4KiB(s.path("f"));
              copyFile(s.fs(), source, s.path("copy"), CopyFileOptions.DEFAULT);
              Checks.assertContent(Fixtures.BYTES_4KIB, s.path("copy"));
              Checks.assertContent(Fixtures.BYTES_4KIB, source);
            }),
        result(
            "1 MiB of patterned bytes: same bytes",
            s -> {
              Path source = Fixtures.fileWith(s.path("big"), Fixtures.patterned(1 << 20));
              copyFile(s.fs(), source, s.path("copy"), CopyFileOptions.DEFAULT);
              Checks.assertContent(Fixtures.patterned(1 << 20), s.path("copy"));
            }),
        result(
            "replaceExisting over a file: the source's bytes",
            s -> {
              Path source = Fixtures.fileWith(s.path("f"), Fixtures.patterned(100));
              Path target = Fixtures.fileOf4KiB(s.path("t"));
              copyFile(s.fs(), source, target, CopyFileOptions.DEFAULT.withReplaceExisting(true));
              Checks.assertContent(Fixtures.patterned(100), target);
            }),
        result(
                "preserve: permission bits, and times within 1 ms",
                s -> {
                  Path source = Fixtures.fileOf4KiB(s.path("f"));
                  Fixtures.setPermissions(source, 0604);
                  Fixtures.setTimes(source, Fixtures.ATIME, Fixtures.MTIME);
                  Path target = s.path("copy");
                  copyFile(s.fs(), source, target, CopyFileOptions.DEFAULT.withPreserve(true));
                  // times first: reading the copy may move its atime (relatime does, as atime is
                  // older than mtime)
                  Checks.assertWithinOneMilli(
                      Oracle.nanos(Fixtures.MTIME), Oracle.mtimeNanos(target), "mtime");
                  Checks.assertWithinOneMilli(
                      Oracle.nanos(Fixtures.ATIME), Oracle.atimeNanos(target), "atime");
                  Checks.assertPermissions(0604, target);
                  Checks.assertContent(Fixtures.BYTES_4KIB, target);
                })
            .needing(Capability.POSIX_PERMISSIONS),
        result(
            "cloneHint: same bytes whether or not a clone was made",
            s -> {
              Path source = Fixtures.fileWith(s.path("f"), Fixtures.patterned(70_000));
              copyFile(s.fs(), source, s.path("copy"), CopyFileOptions.DEFAULT.withCloneHint(true));
              Checks.assertContent(Fixtures.patterned(70_000), s.path("copy"));
            }),
        result(
                "source is a link: the target's bytes, copied as a regular file",
                s -> {
                  Fixtures.fileOf4KiB(s.path("f"));
                  Path link = Fixtures.symlink(s.path("l"), "f");
                  copyFile(s.fs(), link, s.path("copy"), CopyFileOptions.DEFAULT);
                  assertFalse(Files.isSymbolicLink(s.path("copy")));
                  Checks.assertContent(Fixtures.BYTES_4KIB, s.path("copy"));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
            "missing source: NoSuchFileException naming it",
            s -> {
              Path missing = s.path("missing");
              s.fails(
                  Failure.of(NoSuchFileException.class, missing),
                  () -> copyFile(s.fs(), missing, s.path("copy"), CopyFileOptions.DEFAULT));
            }),
        error(
            "source below a file used as a directory: like Files.copy on this JDK",
            s -> {
              Path below = Fixtures.fileOf4KiB(s.path("f")).resolve("x");
              Path target = s.path("copy");
              s.fails(
                  Failure.likeFiles(below, () -> Files.copy(below, target)),
                  () -> copyFile(s.fs(), below, target, CopyFileOptions.DEFAULT));
            }),
        error(
            "target below a file used as a directory: like Files.copy on this JDK",
            s -> {
              Path source = Fixtures.fileOf4KiB(s.path("f"));
              Path below = Fixtures.fileOf4KiB(s.path("g")).resolve("x");
              s.fails(
                  Failure.likeFiles(below, () -> Files.copy(source, below)),
                  () -> copyFile(s.fs(), source, below, CopyFileOptions.DEFAULT));
            }),
        error(
            "existing target without replaceExisting: FileAlreadyExistsException",
            s -> {
              Path source = Fixtures.fileWith(s.path("f"), Fixtures.patterned(10));
              Path target = Fixtures.fileOf4KiB(s.path("t"));
              s.fails(
                  Failure.of(FileAlreadyExistsException.class, target),
                  () -> copyFile(s.fs(), source, target, CopyFileOptions.DEFAULT));
            }),
        error(
            "missing target parent: NoSuchFileException naming the target",
            s -> {
              Path source = Fixtures.fileOf4KiB(s.path("f"));
              Path target = s.path("missing/copy");
              s.fails(
                  Failure.of(NoSuchFileException.class, target),
                  () -> copyFile(s.fs(), source, target, CopyFileOptions.DEFAULT));
            }),
        error(
            "directory source: Is a directory, nothing created",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("d"));
              s.fails(
                  Failure.isADirectory(dir),
                  () -> copyFile(s.fs(), dir, s.path("copy"), CopyFileOptions.DEFAULT));
            }),
        error(
            "directory target with replaceExisting: Is a directory, the directory kept",
            s -> {
              Path source = Fixtures.fileOf4KiB(s.path("f"));
              Path dir = Fixtures.emptyDir(s.path("d"));
              s.fails(
                  Failure.isADirectory(dir),
                  () ->
                      copyFile(
                          s.fs(), source, dir, CopyFileOptions.DEFAULT.withReplaceExisting(true)));
            }),
        error(
            "directory target without replaceExisting: FileAlreadyExistsException",
            s -> {
              Path source = Fixtures.fileOf4KiB(s.path("f"));
              Path dir = Fixtures.emptyDir(s.path("d"));
              s.fails(
                  Failure.of(FileAlreadyExistsException.class, dir),
                  () -> copyFile(s.fs(), source, dir, CopyFileOptions.DEFAULT));
              assertEquals(true, Files.isDirectory(dir));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
        "copies caf\\xe9, and replaces caf\\xe9 as a target, never its twin",
        s -> {
          Pair p = Pair.files(s, true);
          Path copy = s.path("copy");
          if (acted(p.latin(), () -> copyFile(s.fs(), p.latin(), copy, CopyFileOptions.DEFAULT))) {
            Checks.assertContent(LATIN, copy);
          }
          Path source = Fixtures.fileWith(s.path("source"), OTHER);
          boolean acted =
              acted(
                  p.latin(),
                  () ->
                      copyFile(
                          s.fs(),
                          source,
                          p.latin(),
                          CopyFileOptions.DEFAULT.withReplaceExisting(true)));
          p.latinFile(acted ? OTHER : LATIN);
          p.twinFileUntouched();
        });
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        onFile(
            op(),
            "a 000 source",
            0,
            (fs, d) -> copyFile(fs, d.resolve("f"), d.resolve("copy"), CopyFileOptions.DEFAULT)),
        ordinary(
            op(),
            "a 000 directory as the source: Is a directory, as NIO's kind check says first",
            LOCKED_DIR,
            LOCKED_MODE_000,
            (fs, d) ->
                copyFile(fs, d.resolve("locked"), d.resolve("copy"), CopyFileOptions.DEFAULT),
            d -> Failure.isADirectory(d.resolve("locked")),
            false),
        inReadOnlyDir(
            op(),
            "into a 0555 directory",
            (fs, d) -> copyFile(fs, d.resolve("g"), d.resolve("ro/copy"), CopyFileOptions.DEFAULT),
            "ro/copy"));
  }

  /** copyFile through {@code fs}, sync or async by its mode. */
  static void copyFile(Calls fs, Path source, Path target, CopyFileOptions options)
      throws IOException {
    fs.run(b -> b.copyFile(source, target, options), b -> b.copyFileAsync(source, target, options));
  }
}
