package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.acted;
import static dev.fsbench.testkit.NonUtf8Names.latin;
import static dev.fsbench.testkit.NonUtf8Names.twin;
import static dev.fsbench.testkit.PermissionCases.inReadOnlyDir;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** rmdir: empty directories only; a file or a link (even to a directory) is "Not a directory". */
@FamilyEntry(Op.RMDIR)
final class RmdirContract extends FamilyContract {

  @Override
  Op op() {
    return Op.RMDIR;
  }

  @Override
  String signature() {
    return "Path path";
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of((fs, a) -> rmdir(fs, (Path) a[0]), Fixtures.emptyDir(s.path("d")));
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        result(
            "empty directory: gone",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("d"));
              rmdir(s.fs(), dir);
              Checks.assertGone(dir);
            }),
        result(
            "nested empty directory: gone, parent kept",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("a/b"));
              rmdir(s.fs(), dir);
              Checks.assertGone(dir);
              Checks.assertPresent(s.path("a"));
            }),
        error(
            "not empty: DirectoryNotEmptyException",
            s -> {
              Path tree = Fixtures.treeOf4Files(s.path("tree"));
              s.fails(
                  Failure.of(DirectoryNotEmptyException.class, tree), () -> rmdir(s.fs(), tree));
            }),
        error(
            "a file: Not a directory",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              s.fails(Failure.notADirectory(file), () -> rmdir(s.fs(), file));
            }),
        error(
                "a link to a directory: Not a directory",
                s -> {
                  Fixtures.emptyDir(s.path("d"));
                  Path link = Fixtures.symlink(s.path("l"), "d");
                  s.fails(Failure.notADirectory(link), () -> rmdir(s.fs(), link));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
            "missing path: NoSuchFileException",
            s -> {
              Path missing = s.path("missing");
              s.fails(Failure.of(NoSuchFileException.class, missing), () -> rmdir(s.fs(), missing));
            }),
        error(
            "a file used as a directory: like Files on this JDK",
            s -> {
              Path below = Fixtures.fileOf4KiB(s.path("f")).resolve("x");
              s.fails(
                  Failure.likeFiles(below, () -> java.nio.file.Files.delete(below)),
                  () -> rmdir(s.fs(), below));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
        "removes the empty directory caf\\xe9, not its twin",
        s -> {
          Path dir = Fixtures.emptyDir(s.path("names"));
          Path twin = Files.createDirectory(twin(dir));
          Path latin = Files.createDirectory(latin(dir));
          if (acted(latin, () -> rmdir(s.fs(), latin))) {
            Checks.assertGone(latin);
          }
          assertTrue(
              Files.isDirectory(twin, LinkOption.NOFOLLOW_LINKS),
              "the twin directory is still there");
        });
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        inReadOnlyDir(
            op(),
            "an empty directory in a 0555 directory",
            (fs, d) -> rmdir(fs, d.resolve("ro/sub")),
            "ro/sub"));
  }

  /** rmdir through {@code fs}, sync or async by its mode. */
  static void rmdir(Calls fs, Path path) throws IOException {
    fs.run(b -> b.rmdir(path), b -> b.rmdirAsync(path));
  }
}
