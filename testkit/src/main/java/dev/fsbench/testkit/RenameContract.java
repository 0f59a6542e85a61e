package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.LATIN;
import static dev.fsbench.testkit.NonUtf8Names.OTHER;
import static dev.fsbench.testkit.NonUtf8Names.acted;
import static dev.fsbench.testkit.PermissionCases.READ_ONLY_DIR;
import static dev.fsbench.testkit.PermissionCases.RO_MODE_555;
import static dev.fsbench.testkit.PermissionCases.denied;
import static dev.fsbench.testkit.PermissionCases.ordinary;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.NonUtf8Names.Pair;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;

/**
 * rename: as rename(2), replacing a target file. Linux's NIO names the source first and the target
 * as the other path in every rename error; Jimfs models several conditions differently and is its
 * own oracle there ({@link Failure}).
 */
@FamilyEntry(Op.RENAME)
final class RenameContract extends FamilyContract {

  @Override
  Op op() {
    return Op.RENAME;
  }

  @Override
  String signature() {
    return "Path source, Path target";
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of(
        (fs, a) -> rename(fs, (Path) a[0], (Path) a[1]),
        Fixtures.fileOf4KiB(s.path("f")),
        s.path("g"));
  }

  /**
   * The {@code Files} equivalent of rename: an atomic move, which is rename(2) itself on Linux
   * (Jimfs needs REPLACE_EXISTING to replace a target file as rename(2) does).
   */
  private static Failure.Action move(Path source, Path target) {
    return () ->
        Files.move(
            source, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        result(
            "file to a new name: source gone, bytes at the target",
            s -> {
              Path source = Fixtures.fileWith(s.path("f"), Fixtures.patterned(777));
              rename(s.fs(), source, s.path("g"));
              Checks.assertGone(source);
              Checks.assertContent(Fixtures.patterned(777), s.path("g"));
            }),
        result(
            "onto an existing file: replaced",
            s -> {
              Path source = Fixtures.fileWith(s.path("f"), Fixtures.patterned(777));
              Path target = Fixtures.fileOf4KiB(s.path("g"));
              rename(s.fs(), source, target);
              Checks.assertGone(source);
              Checks.assertContent(Fixtures.patterned(777), target);
            }),
        result(
            "directory with contents: moved whole",
            s -> {
              Path source = Fixtures.treeOf4Files(s.path("tree"));
              Map<String, String> before = Oracle.manifest(source);
              rename(s.fs(), source, s.path("moved"));
              Checks.assertGone(source);
              assertEquals(before, Oracle.manifest(s.path("moved")));
            }),
        result(
            "into another directory",
            s -> {
              Path source = Fixtures.fileOf4KiB(s.path("f"));
              Path target = Fixtures.emptyDir(s.path("d")).resolve("f");
              rename(s.fs(), source, target);
              Checks.assertGone(source);
              Checks.assertContent(Fixtures.BYTES_4KIB, target);
            }),
        result(
                "a link: moved as a link, target untouched",
                s -> {
                  Path file = Fixtures.fileOf4KiB(s.path("f"));
                  Path link = Fixtures.symlink(s.path("l"), "f");
                  rename(s.fs(), link, s.path("m"));
                  assertEquals(
                      s.root().getFileSystem().getPath("f"), Files.readSymbolicLink(s.path("m")));
                  Checks.assertContent(Fixtures.BYTES_4KIB, file);
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
            "missing source: like Files.move (NoSuchFileException naming both)",
            s -> {
              Path missing = s.path("missing");
              Path target = s.path("g");
              s.fails(
                  Failure.likeFiles(missing, move(missing, target)),
                  () -> rename(s.fs(), missing, target));
            }),
        error(
            "a source whose last name is .: like Files.move, the directory and its content stay",
            s -> {
              org.junit.jupiter.api.Assumptions.assumeTrue(
                  s.env().isDefaultFileSystem(),
                  "rename(2)'s refusal of . is the default filesystem's");
              Path source = Fixtures.treeOf4Files(s.path("t")).resolve(".");
              Path target = s.path("g");
              s.fails(
                  Failure.likeFiles(source, move(source, target)),
                  () -> rename(s.fs(), source, target));
            }),
        error(
            "missing target parent: like Files.move (NoSuchFileException naming both)",
            s -> {
              Path source = Fixtures.fileOf4KiB(s.path("f"));
              Path target = s.path("missing/g");
              s.fails(
                  Failure.likeFiles(source, move(source, target)),
                  () -> rename(s.fs(), source, target));
            }),
        error(
            "directory onto a non-empty directory: like Files.move (Directory not empty)",
            s -> {
              Path source = Fixtures.emptyDir(s.path("d"));
              Path target = Fixtures.treeOf4Files(s.path("t"));
              s.fails(
                  Failure.likeFiles(source, move(source, target)),
                  () -> rename(s.fs(), source, target));
            }),
        error(
            "file onto a non-empty directory: like Files.move (Is a directory)",
            s -> {
              Path source = Fixtures.fileOf4KiB(s.path("f"));
              Path target = Fixtures.treeOf4Files(s.path("t"));
              s.fails(
                  Failure.likeFiles(source, move(source, target)),
                  () -> rename(s.fs(), source, target));
            }),
        error(
            "source below a file used as a directory: like Files.move on this JDK",
            s -> {
              Path source = Fixtures.fileOf4KiB(s.path("f")).resolve("x");
              Path target = s.path("g");
              s.fails(
                  Failure.likeFiles(source, move(source, target)),
                  () -> rename(s.fs(), source, target));
            }),
        error(
            "target below a file used as a directory: like Files.move on this JDK",
            s -> {
              Path source = Fixtures.fileOf4KiB(s.path("f"));
              Path target = Fixtures.fileOf4KiB(s.path("g")).resolve("x");
              s.fails(
                  Failure.likeFiles(source, move(source, target)),
                  () -> rename(s.fs(), source, target));
            }),
        error(
            "directory into its own subdirectory: like Files.move (Invalid argument)",
            s -> {
              Path source = Fixtures.treeOf4Files(s.path("t"));
              Path target = s.path("t/d0/inside");
              s.fails(
                  Failure.likeFiles(source, move(source, target)),
                  () -> rename(s.fs(), source, target));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
        "moves caf\\xe9, and replaces caf\\xe9 as a target, never its twin",
        s -> {
          Pair p = Pair.files(s, true);
          Path moved = s.path("moved");
          if (acted(p.latin(), () -> rename(s.fs(), p.latin(), moved))) {
            Checks.assertContent(LATIN, moved);
            Checks.assertGone(p.latin());
            Files.move(moved, p.latin());
          }
          Path source = Fixtures.fileWith(s.path("source"), OTHER);
          boolean acted = acted(p.latin(), () -> rename(s.fs(), source, p.latin()));
          p.latinFile(acted ? OTHER : LATIN);
          p.twinFileUntouched();
        });
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        ordinary(
            op(),
            "a file in a 0555 directory",
            READ_ONLY_DIR,
            RO_MODE_555,
            (fs, d) -> rename(fs, d.resolve("ro/f"), d.resolve("g")),
            d -> denied(d, "ro/f").other(d.resolve("g")),
            false));
  }

  /** rename through {@code fs}, sync or async by its mode. */
  static void rename(Calls fs, Path source, Path target) throws IOException {
    fs.run(b -> b.rename(source, target), b -> b.renameAsync(source, target));
  }
}
