package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.PermissionCases.inLockedDir;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** lstat: every field; a link reported as itself, dangling or not. */
@FamilyEntry(Op.LSTAT)
final class LstatContract extends FamilyContract {

  @Override
  Op op() {
    return Op.LSTAT;
  }

  @Override
  String signature() {
    return "Path path";
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of((fs, a) -> lstat(fs, (Path) a[0]), Fixtures.fileOf4KiB(s.path("f")));
  }

  private static Path knownLink(Sandbox s, String name, String target) throws Exception {
    Path link = Fixtures.symlink(s.path(name), target);
    Fixtures.setTimes(link, Fixtures.ATIME, Fixtures.MTIME, LinkOption.NOFOLLOW_LINKS);
    return link;
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        result(
            "file: every field",
            s -> {
              Path file = StatExpectation.knownFile(s, "f");
              StatExpectation.assertKnownFile(env, lstat(s.fs(), file), file);
            }),
        result(
            "directory: every field",
            s -> {
              Path dir = StatContract.knownDirectory(s, "d");
              StatExpectation.assertKnownDirectory(env, lstat(s.fs(), dir), dir);
            }),
        result(
                "link to a file: the link itself",
                s -> {
                  StatExpectation.knownFile(s, "f");
                  Path link = knownLink(s, "l", "f");
                  StatExpectation.assertLink(env, lstat(s.fs(), link), link, "f");
                })
            .needing(Capability.SYMBOLIC_LINKS),
        result(
                "dangling link: the link itself",
                s -> {
                  Path link = knownLink(s, "l", "nowhere/at/all");
                  StatExpectation.assertLink(env, lstat(s.fs(), link), link, "nowhere/at/all");
                })
            .needing(Capability.SYMBOLIC_LINKS),
        result(
            "empty path is the working directory",
            s ->
                org.junit.jupiter.api.Assertions.assertTrue(
                    lstat(s.fs(), s.root().getFileSystem().getPath("")).isDirectory())),
        error(
            "missing path: NoSuchFileException",
            s -> {
              Path missing = s.path("missing");
              s.fails(Failure.of(NoSuchFileException.class, missing), () -> lstat(s.fs(), missing));
            }),
        error(
            "a file used as a directory: like Files on this JDK",
            s -> {
              Path below = Fixtures.fileOf4KiB(s.path("f")).resolve("x");
              s.fails(
                  Failure.likeFiles(
                      below, () -> Files.readAttributes(below, "*", LinkOption.NOFOLLOW_LINKS)),
                  () -> lstat(s.fs(), below));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return NonUtf8Names.reportsTheLatinFile(LstatContract::lstat);
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        inLockedDir(
            op(),
            "a file in a 000 directory",
            (fs, d) -> lstat(fs, d.resolve("locked/f")),
            "locked/f"));
  }

  /** lstat through {@code fs}, sync or async by its mode. */
  static FileStat lstat(Calls fs, Path path) throws IOException {
    return fs.call(b -> b.lstat(path), b -> b.lstatAsync(path));
  }
}
