package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.PermissionCases.inLockedDir;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** stat: every field of a file, a directory and a file reached through a link (followed). */
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
    return Invocation.of((fs, a) -> fs.stat((Path) a[0]), Fixtures.fileOf4KiB(s.path("f")));
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
              StatExpectation.assertKnownFile(env, s.fs().stat(file), file);
            }),
        result(
            "directory: every field",
            s -> {
              Path dir = knownDirectory(s, "d");
              StatExpectation.assertKnownDirectory(env, s.fs().stat(dir), dir);
            }),
        result(
                "link to a file: the target's fields",
                s -> {
                  Path file = StatExpectation.knownFile(s, "f");
                  Path link = Fixtures.symlink(s.path("l"), "f");
                  StatExpectation.assertKnownFile(env, s.fs().stat(link), file);
                })
            .needing(Capability.SYMBOLIC_LINKS),
        result(
                "file with two hard links: nlink 2",
                s -> {
                  Path file = Fixtures.fileOf4KiB(s.path("f"));
                  Files.createLink(s.path("hard"), file);
                  assertEquals(2, s.fs().stat(file).nlink());
                })
            .needing(Capability.HARD_LINKS),
        result(
            "empty path is the working directory",
            s ->
                assertEquals(
                    FileKind.DIRECTORY, s.fs().stat(s.root().getFileSystem().getPath("")).kind())),
        error(
            "missing path: NoSuchFileException",
            s -> {
              Path missing = s.path("missing");
              s.fails(Failure.of(NoSuchFileException.class, missing), () -> s.fs().stat(missing));
            }),
        error(
                "dangling link: NoSuchFileException naming the link",
                s -> {
                  Path link = Fixtures.symlink(s.path("l"), "missing");
                  s.fails(Failure.of(NoSuchFileException.class, link), () -> s.fs().stat(link));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
                "link loop: like Files (ELOOP on Linux)",
                s -> {
                  Fixtures.symlink(s.path("a"), "b");
                  Path link = Fixtures.symlink(s.path("b"), "a");
                  s.fails(
                      Failure.likeFiles(link, () -> Files.readAttributes(link, "*")),
                      () -> s.fs().stat(link));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
            "a file used as a directory: like Files on this JDK",
            s -> {
              Path below = Fixtures.fileOf4KiB(s.path("f")).resolve("x");
              s.fails(
                  Failure.likeFiles(below, () -> Files.readAttributes(below, "*")),
                  () -> s.fs().stat(below));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return NonUtf8Names.reportsTheLatinFile(Calls::stat);
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        inLockedDir(
            op(),
            "a file in a 000 directory",
            (fs, d) -> fs.stat(d.resolve("locked/f")),
            "locked/f"));
  }
}
