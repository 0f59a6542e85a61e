package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.failsOrRefuses;
import static dev.fsbench.testkit.PermissionCases.FILE;
import static dev.fsbench.testkit.PermissionCases.FILE_MODE_644;
import static dev.fsbench.testkit.PermissionCases.denied;
import static dev.fsbench.testkit.PermissionCases.onFile;
import static dev.fsbench.testkit.PermissionCases.ordinary;

import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.NonUtf8Names.Pair;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.nio.file.AccessMode;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** access: existence and, per mode, permission; links followed; its permission denials below. */
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
        (fs, a) -> fs.access((Path) a[0], (AccessMode[]) a[1]),
        file,
        new AccessMode[] {AccessMode.READ});
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        result(
            "existing file, no mode: returns",
            s -> s.fs().access(Fixtures.fileOf4KiB(s.path("f")))),
        result(
            "own file READ and WRITE: returns",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              Fixtures.setPermissions(file, 0600);
              s.fs().access(file, AccessMode.READ, AccessMode.WRITE);
            }),
        result(
            "own directory 0700 READ, WRITE, EXECUTE: returns",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("d"));
              Fixtures.setPermissions(dir, 0700);
              s.fs().access(dir, AccessMode.READ, AccessMode.WRITE, AccessMode.EXECUTE);
            }),
        result(
                "link to a file: followed, returns",
                s -> {
                  Fixtures.fileOf4KiB(s.path("f"));
                  s.fs().access(Fixtures.symlink(s.path("l"), "f"), AccessMode.READ);
                })
            .needing(Capability.SYMBOLIC_LINKS),
        result(
            "empty path is the working directory: returns",
            s -> s.fs().access(s.root().getFileSystem().getPath(""))),
        error(
            "missing path: NoSuchFileException",
            s -> {
              Path missing = s.path("missing");
              s.fails(Failure.of(NoSuchFileException.class, missing), () -> s.fs().access(missing));
            }),
        error(
                "dangling link: NoSuchFileException naming the link",
                s -> {
                  Path link = Fixtures.symlink(s.path("l"), "missing");
                  s.fails(Failure.of(NoSuchFileException.class, link), () -> s.fs().access(link));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
            "a file used as a directory: like Files on this JDK",
            s -> {
              Path below = Fixtures.fileOf4KiB(s.path("f")).resolve("x");
              s.fails(
                  Failure.likeFiles(
                      below, () -> s.root().getFileSystem().provider().checkAccess(below)),
                  () -> s.fs().access(below));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
        "caf\\xe9 missing, its twin present: NoSuchFileException",
        s -> {
          Pair p = Pair.files(s, false);
          failsOrRefuses(NoSuchFileException.class, p.latin(), () -> s.fs().access(p.latin()));
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
            (fs, d) -> fs.access(d.resolve("f"), AccessMode.EXECUTE),
            d -> denied(d, "f"),
            true),
        onFile(
            op(),
            "WRITE on a 0444 file",
            0444,
            (fs, d) -> fs.access(d.resolve("f"), AccessMode.WRITE)),
        onFile(
            op(), "READ on a 000 file", 0, (fs, d) -> fs.access(d.resolve("f"), AccessMode.READ)));
  }
}
