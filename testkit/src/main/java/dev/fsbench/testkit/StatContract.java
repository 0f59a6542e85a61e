package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.PermissionCases.inLockedDir;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** stat: every field of a file, a directory and a file reached through a link (followed). */
@FamilyEntry(Op.STAT)
final class StatContract extends FamilyContract {

  @Override
  Op op() {
    return Op.STAT;
  }

  @Override
  String signature() {
    return "Path path";
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of((fs, a) -> stat(fs, (Path) a[0]), Fixtures.fileOf4KiB(s.path("f")));
  }

  static Path knownDirectory(Sandbox s, String name) throws Exception {
    Path dir = Fixtures.emptyDir(s.path(name));
    Fixtures.fileOf4KiB(dir.resolve("inside"));
    if (s.env().fileSystem().supportedFileAttributeViews().contains("posix")) {
      Fixtures.setPermissions(dir, 0750);
    }
    Fixtures.setTimes(dir, Fixtures.ATIME, Fixtures.MTIME);
    return dir;
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        result(
            "file: every field",
            s -> {
              Path file = StatExpectation.knownFile(s, "f");
              StatExpectation.assertKnownFile(env, stat(s.fs(), file), file);
            }),
        result(
            "directory: every field",
            s -> {
              Path dir = knownDirectory(s, "d");
              StatExpectation.assertKnownDirectory(env, stat(s.fs(), dir), dir);
            }),
        result(
                "link to a file: the target's fields",
                s -> {
                  Path file = StatExpectation.knownFile(s, "f");
                  Path link = Fixtures.symlink(s.path("l"), "f");
                  StatExpectation.assertKnownFile(env, stat(s.fs(), link), file);
                })
            .needing(Capability.SYMBOLIC_LINKS),
        result(
                "file with two hard links: nlink 2",
                s -> {
                  Path file = Fixtures.fileOf4KiB(s.path("f"));
                  Files.createLink(s.path("hard"), file);
                  assertEquals(2, stat(s.fs(), file).nlink());
                })
            .needing(Capability.HARD_LINKS),
        result(
            "empty path is the working directory",
            s ->
                assertEquals(
                    FileKind.DIRECTORY, stat(s.fs(), s.root().getFileSystem().getPath("")).kind())),
        error(
            "missing path: NoSuchFileException",
            s -> {
              Path missing = s.path("missing");
              s.fails(Failure.of(NoSuchFileException.class, missing), () -> stat(s.fs(), missing));
            }),
        error(
                "dangling link: NoSuchFileException naming the link",
                s -> {
                  Path link = Fixtures.symlink(s.path("l"), "missing");
                  s.fails(Failure.of(NoSuchFileException.class, link), () -> stat(s.fs(), link));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
                "link loop: like Files (ELOOP on Linux)",
                s -> {
                  Fixtures.symlink(s.path("a"), "b");
                  Path link = Fixtures.symlink(s.path("b"), "a");
                  s.fails(
                      Failure.likeFiles(link, () -> Files.readAttributes(link, "*")),
                      () -> stat(s.fs(), link));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
            "a file used as a directory: like Files on this JDK",
            s -> {
              Path below = Fixtures.fileOf4KiB(s.path("f")).resolve("x");
              s.fails(
                  Failure.likeFiles(below, () -> Files.readAttributes(below, "*")),
                  () -> stat(s.fs(), below));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return NonUtf8Names.reportsTheLatinFile(StatContract::stat);
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        inLockedDir(
            op(),
            "a file in a 000 directory",
            (fs, d) -> stat(fs, d.resolve("locked/f")),
            "locked/f"));
  }

  /** stat through {@code fs}, sync or async by its mode. */
  static FileStat stat(Calls fs, Path path) throws IOException {
    return fs.call(b -> b.stat(path), b -> b.statAsync(path));
  }
}
