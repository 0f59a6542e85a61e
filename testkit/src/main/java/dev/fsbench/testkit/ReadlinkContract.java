package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.acted;
import static dev.fsbench.testkit.PermissionCases.inLockedDir;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.NonUtf8Names.Pair;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotLinkException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/** readlink: the stored target, verbatim, never resolved. */
@FamilyEntry(Op.READLINK)
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
    return Invocation.of((fs, a) -> readlink(fs, (Path) a[0]), Fixtures.symlink(s.path("l"), "f"));
  }

  private static Case target(String name, String target) {
    return result(
        name + ": " + target,
        s -> {
          Path link = Fixtures.symlink(s.path("l"), target);
          assertEquals(s.root().getFileSystem().getPath(target), readlink(s.fs(), link));
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
              assertEquals(dir, readlink(s.fs(), link));
            }),
        result(
            "a link to a link: the first hop only",
            s -> {
              Fixtures.symlink(s.path("second"), "f");
              assertEquals(
                  s.root().getFileSystem().getPath("second"),
                  readlink(s.fs(), Fixtures.symlink(s.path("first"), "second")));
            }),
        error(
            "a file: NotLinkException",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              s.fails(Failure.of(NotLinkException.class, file), () -> readlink(s.fs(), file));
            }),
        error(
            "a directory: NotLinkException",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("d"));
              s.fails(Failure.of(NotLinkException.class, dir), () -> readlink(s.fs(), dir));
            }),
        error(
            "empty path: NotLinkException naming it",
            s -> {
              Path empty = s.root().getFileSystem().getPath("");
              s.fails(Failure.of(NotLinkException.class, empty), () -> readlink(s.fs(), empty));
            }),
        error(
            "missing path: NoSuchFileException",
            s -> {
              Path missing = s.path("missing");
              s.fails(
                  Failure.of(NoSuchFileException.class, missing), () -> readlink(s.fs(), missing));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
            "reads the link caf\\xe9, and returns a target named caf\\xe9",
            s -> {
              Pair p = Pair.files(s, false);
              Files.createSymbolicLink(p.latin(), Path.of("to-latin"));
              Path[] target = new Path[1];
              if (acted(p.latin(), () -> target[0] = readlink(s.fs(), p.latin()))) {
                assertEquals(Path.of("to-latin"), target[0]);
              }
              Path link = Files.createSymbolicLink(s.path("l"), p.dir().relativize(p.latin()));
              if (acted(link, () -> target[0] = readlink(s.fs(), link))) {
                assertEquals(Files.readSymbolicLink(link), target[0], "the target, by its bytes");
              }
              p.twinFileUntouched();
            })
        .needing(Capability.SYMBOLIC_LINKS);
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        inLockedDir(
            op(),
            "a link in a 000 directory",
            (fs, d) -> readlink(fs, d.resolve("locked/l")),
            "locked/l"));
  }

  /** readlink through {@code fs}, sync or async by its mode. */
  static Path readlink(Calls fs, Path path) throws IOException {
    return fs.call(b -> b.readlink(path), b -> b.readlinkAsync(path));
  }
}
