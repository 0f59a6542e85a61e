package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.failsOrRefuses;
import static dev.fsbench.testkit.PermissionCases.FILE;
import static dev.fsbench.testkit.PermissionCases.FILE_MODE_644;
import static dev.fsbench.testkit.PermissionCases.denied;
import static dev.fsbench.testkit.PermissionCases.onFile;
import static dev.fsbench.testkit.PermissionCases.ordinary;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.NonUtf8Names.Pair;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.file.AccessMode;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** access: existence and, per mode, permission; links followed; its permission denials below. */
@FamilyEntry(Op.ACCESS)
final class AccessContract extends FamilyContract {

  @Override
  Op op() {
    return Op.ACCESS;
  }

  @Override
  String signature() {
    return "Path path, AccessMode[] modes";
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    Path file = Fixtures.fileOf4KiB(s.path("f"));
    return Invocation.of(
        (fs, a) -> access(fs, (Path) a[0], (AccessMode[]) a[1]),
        file,
        new AccessMode[] {AccessMode.READ});
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        result(
            "existing file, no mode: returns",
            s -> access(s.fs(), Fixtures.fileOf4KiB(s.path("f")))),
        result(
            "own file READ and WRITE: returns",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              Fixtures.setPermissions(file, 0600);
              access(s.fs(), file, AccessMode.READ, AccessMode.WRITE);
            }),
        result(
            "own directory 0700 READ, WRITE, EXECUTE: returns",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("d"));
              Fixtures.setPermissions(dir, 0700);
              access(s.fs(), dir, AccessMode.READ, AccessMode.WRITE, AccessMode.EXECUTE);
            }),
        result(
                "link to a file: followed, returns",
                s -> {
                  Fixtures.fileOf4KiB(s.path("f"));
                  access(s.fs(), Fixtures.symlink(s.path("l"), "f"), AccessMode.READ);
                })
            .needing(Capability.SYMBOLIC_LINKS),
        result(
            "empty path is the working directory: returns",
            s -> access(s.fs(), s.root().getFileSystem().getPath(""))),
        error(
            "missing path: NoSuchFileException",
            s -> {
              Path missing = s.path("missing");
              s.fails(
                  Failure.of(NoSuchFileException.class, missing), () -> access(s.fs(), missing));
            }),
        error(
                "dangling link: NoSuchFileException naming the link",
                s -> {
                  Path link = Fixtures.symlink(s.path("l"), "missing");
                  s.fails(Failure.of(NoSuchFileException.class, link), () -> access(s.fs(), link));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
            "a file used as a directory: like Files on this JDK",
            s -> {
              Path below = Fixtures.fileOf4KiB(s.path("f")).resolve("x");
              s.fails(
                  Failure.likeFiles(
                      below, () -> s.root().getFileSystem().provider().checkAccess(below)),
                  () -> access(s.fs(), below));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
        "caf\\xe9 missing, its twin present: NoSuchFileException",
        s -> {
          Pair p = Pair.files(s, false);
          failsOrRefuses(NoSuchFileException.class, p.latin(), () -> access(s.fs(), p.latin()));
          p.twinFileUntouched();
        });
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        ordinary(
            op(),
            "EXECUTE on a 0644 file: denied even to root",
            FILE,
            FILE_MODE_644,
            (fs, d) -> access(fs, d.resolve("f"), AccessMode.EXECUTE),
            d -> denied(d, "f"),
            true),
        onFile(
            op(),
            "WRITE on a 0444 file",
            0444,
            (fs, d) -> access(fs, d.resolve("f"), AccessMode.WRITE)),
        onFile(
            op(), "READ on a 000 file", 0, (fs, d) -> access(fs, d.resolve("f"), AccessMode.READ)));
  }

  /** access through {@code fs}, sync or async by its mode. */
  static void access(Calls fs, Path path, AccessMode... modes) throws IOException {
    fs.run(b -> b.access(path, modes), b -> b.accessAsync(path, modes));
  }
}
