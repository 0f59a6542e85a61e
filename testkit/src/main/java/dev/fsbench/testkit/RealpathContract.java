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
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * realpath: absolute, links resolved, no "." or "..". The oracle is the sandbox's own real path
 * (read once with {@code Path.toRealPath}) joined with the names the case created, so a link in the
 * sandbox's location (a linked {@code /tmp}) cannot mislead it.
 */
@FamilyEntry(Op.REALPATH)
final class RealpathContract extends FamilyContract {

  @Override
  Op op() {
    return Op.REALPATH;
  }

  @Override
  String signature() {
    return "Path path";
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of((fs, a) -> realpath(fs, (Path) a[0]), Fixtures.fileOf4KiB(s.path("f")));
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        result(
            "file: its absolute path",
            s -> {
              Fixtures.fileOf4KiB(s.path("d/f"));
              assertEquals(
                  s.root().toRealPath().resolve("d").resolve("f"), realpath(s.fs(), s.path("d/f")));
            }),
        result(
            "'.' and '..' removed",
            s -> {
              Fixtures.fileOf4KiB(s.path("d/f"));
              Fixtures.emptyDir(s.path("e"));
              assertEquals(
                  s.root().toRealPath().resolve("d").resolve("f"),
                  realpath(s.fs(), s.path("e/../d/./f")));
            }),
        result(
                "link to a file: the target",
                s -> {
                  Fixtures.fileOf4KiB(s.path("d/f"));
                  Path link = Fixtures.symlink(s.path("l"), "d/f");
                  assertEquals(
                      s.root().toRealPath().resolve("d").resolve("f"), realpath(s.fs(), link));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        result(
                "through a linked directory",
                s -> {
                  Fixtures.fileOf4KiB(s.path("d/f"));
                  Fixtures.symlink(s.path("ld"), "d");
                  assertEquals(
                      s.root().toRealPath().resolve("d").resolve("f"),
                      realpath(s.fs(), s.path("ld/f")));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        result(
            "empty path: the working directory",
            s -> {
              Path cwd = s.root().getFileSystem().getPath("");
              assertEquals(cwd.toAbsolutePath().toRealPath(), realpath(s.fs(), cwd));
            }),
        error(
            "missing path: NoSuchFileException",
            s -> {
              Path missing = s.path("missing");
              s.fails(
                  Failure.of(NoSuchFileException.class, missing), () -> realpath(s.fs(), missing));
            }),
        error(
                "dangling link: NoSuchFileException naming the link",
                s -> {
                  Path link = Fixtures.symlink(s.path("l"), "missing");
                  s.fails(
                      Failure.of(NoSuchFileException.class, link), () -> realpath(s.fs(), link));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
                "link loop: like Files (ELOOP on Linux)",
                s -> {
                  Fixtures.symlink(s.path("a"), "b");
                  Path link = Fixtures.symlink(s.path("b"), "a");
                  s.fails(Failure.likeFiles(link, link::toRealPath), () -> realpath(s.fs(), link));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
            "a file used as a directory: like Files on this JDK",
            s -> {
              Path below = Fixtures.fileOf4KiB(s.path("f")).resolve("x");
              s.fails(Failure.likeFiles(below, below::toRealPath), () -> realpath(s.fs(), below));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
        "resolves caf\\xe9 to itself, not to its twin",
        s -> {
          Pair p = Pair.files(s, true);
          Path[] real = new Path[1];
          if (acted(p.latin(), () -> real[0] = realpath(s.fs(), p.latin()))) {
            assertEquals(p.latin().toRealPath(), real[0], "by its bytes");
          }
          p.twinFileUntouched();
        });
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        inLockedDir(
            op(),
            "a file in a 000 directory",
            (fs, d) -> realpath(fs, d.resolve("locked/f")),
            "locked/f"));
  }

  /** realpath through {@code fs}, sync or async by its mode. */
  static Path realpath(Calls fs, Path path) throws IOException {
    return fs.call(b -> b.realpath(path), b -> b.realpathAsync(path));
  }
}
