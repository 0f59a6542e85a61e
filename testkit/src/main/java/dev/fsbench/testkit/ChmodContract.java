package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.acted;
import static dev.fsbench.testkit.PermissionCases.FILE;
import static dev.fsbench.testkit.PermissionCases.FILE_OF_OTHER_USER;
import static dev.fsbench.testkit.PermissionCases.notPermitted;
import static dev.fsbench.testkit.PermissionCases.privileged;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.NonUtf8Names.Pair;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/** chmod: the permission bits, links followed. */
@FamilyEntry(Op.CHMOD)
final class ChmodContract extends FamilyContract {

  @Override
  Op op() {
    return Op.CHMOD;
  }

  @Override
  String signature() {
    return "Path path, int mode";
  }

  @Override
  Set<Capability> requires() {
    return Set.of(Capability.POSIX_PERMISSIONS);
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of(
        (fs, a) -> chmod(fs, (Path) a[0], (Integer) a[1]), Fixtures.fileOf4KiB(s.path("f")), 0640);
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        result(
            "file to 0640",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              chmod(s.fs(), file, 0640);
              Checks.assertPermissions(0640, file);
            }),
        result(
            "file to 0000 and back to 0755",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              chmod(s.fs(), file, 0);
              Checks.assertPermissions(0, file);
              chmod(s.fs(), file, 0755);
              Checks.assertPermissions(0755, file);
            }),
        result(
            "directory to 0700",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("d"));
              chmod(s.fs(), dir, 0700);
              Checks.assertPermissions(0700, dir);
            }),
        result(
            "type bits in the mode are ignored: 0100640 sets 0640",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              chmod(s.fs(), file, 0100640);
              Checks.assertPermissions(0640, file);
            }),
        result(
                "through a link: the target changes, the link stays a link",
                s -> {
                  Path file = Fixtures.fileOf4KiB(s.path("f"));
                  Fixtures.setPermissions(file, 0644);
                  Path link = Fixtures.symlink(s.path("l"), "f");
                  chmod(s.fs(), link, 0600);
                  Checks.assertPermissions(0600, file);
                  org.junit.jupiter.api.Assertions.assertTrue(Files.isSymbolicLink(link));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
            "missing path: NoSuchFileException",
            s -> {
              Path missing = s.path("missing");
              s.fails(
                  Failure.of(NoSuchFileException.class, missing),
                  () -> chmod(s.fs(), missing, 0600));
            }),
        error(
                "dangling link: NoSuchFileException naming the link",
                s -> {
                  Path link = Fixtures.symlink(s.path("l"), "missing");
                  s.fails(
                      Failure.of(NoSuchFileException.class, link), () -> chmod(s.fs(), link, 0600));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
            "a file used as a directory: like Files on this JDK",
            s -> {
              Path below = Fixtures.fileOf4KiB(s.path("f")).resolve("x");
              s.fails(
                  Failure.likeFiles(below, () -> Fixtures.setPermissions(below, 0600)),
                  () -> chmod(s.fs(), below, 0600));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
            "sets caf\\xe9's bits, not its twin's",
            s -> {
              Pair p = Pair.files(s, true);
              Fixtures.setPermissions(p.latin(), 0644);
              Fixtures.setPermissions(p.twin(), 0644);
              boolean acted = acted(p.latin(), () -> chmod(s.fs(), p.latin(), 0600));
              Checks.assertPermissions(acted ? 0600 : 0644, p.latin());
              Checks.assertPermissions(0644, p.twin());
              p.twinFileUntouched();
            })
        .needing(Capability.POSIX_PERMISSIONS);
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        privileged(
            op(),
            "another user's file: Operation not permitted",
            FILE,
            FILE_OF_OTHER_USER,
            (fs, d) -> chmod(fs, d.resolve("f"), 0600),
            d -> notPermitted(d, "f")));
  }

  /** chmod through {@code fs}, sync or async by its mode. */
  static void chmod(Calls fs, Path path, int bits) throws IOException {
    fs.run(b -> b.chmod(path, bits), b -> b.chmodAsync(path, bits));
  }
}
