package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotLinkException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/** readlink: the stored target, verbatim, never resolved. */
final class ReadlinkContract extends FamilyContract {

  @Override
  Op op() {
    return Op.READLINK;
  }

  @Override
  String signature() {
    return "Path path";
  }

  @Override
  Set<Capability> requires() {
    return Set.of(Capability.SYMBOLIC_LINKS);
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of((fs, a) -> fs.readlink((Path) a[0]), Fixtures.symlink(s.path("l"), "f"));
  }

  private static Case target(String name, String target) {
    return result(
        name + ": " + target,
        s -> {
          Path link = Fixtures.symlink(s.path("l"), target);
          assertEquals(s.root().getFileSystem().getPath(target), s.fs().readlink(link));
        });
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        target("relative target, dangling", "a/../b/./c"),
        target("relative target up the tree", "../x"),
        target("non-ASCII target", "文件/🙂"),
        result(
            "absolute target to a directory",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("d"));
              Path link = Fixtures.symlink(s.path("l"), dir.toString());
              assertEquals(dir, s.fs().readlink(link));
            }),
        result(
            "a link to a link: the first hop only",
            s -> {
              Fixtures.symlink(s.path("second"), "f");
              assertEquals(
                  s.root().getFileSystem().getPath("second"),
                  s.fs().readlink(Fixtures.symlink(s.path("first"), "second")));
            }),
        error(
            "a file: NotLinkException",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              s.fails(Failure.of(NotLinkException.class, file), () -> s.fs().readlink(file));
            }),
        error(
            "a directory: NotLinkException",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("d"));
              s.fails(Failure.of(NotLinkException.class, dir), () -> s.fs().readlink(dir));
            }),
        error(
            "empty path: NotLinkException naming it",
            s -> {
              Path empty = s.root().getFileSystem().getPath("");
              s.fails(Failure.of(NotLinkException.class, empty), () -> s.fs().readlink(empty));
            }),
        error(
            "missing path: NoSuchFileException",
            s -> {
              Path missing = s.path("missing");
              s.fails(
                  Failure.of(NoSuchFileException.class, missing), () -> s.fs().readlink(missing));
            }));
  }
}
