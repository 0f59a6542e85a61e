package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.failsOrRefuses;
import static dev.fsbench.testkit.PermissionCases.FILE;
import static dev.fsbench.testkit.PermissionCases.notPermitted;
import static dev.fsbench.testkit.PermissionCases.ordinary;
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
import java.util.Set;

/**
 * chown: numeric owner and group, links followed. Giving a file away needs privilege: as a
 * superuser the kit checks that it happens, otherwise that it fails with EPERM; either way the case
 * runs.
 */
@FamilyEntry(Op.CHOWN)
final class ChownContract extends FamilyContract {

  /** Ids no test machine is expected to use for anything. */
  static final int OTHER_UID = 4242;

  static final int OTHER_GID = 4343;

  @Override
  Op op() {
    return Op.CHOWN;
  }

  @Override
  String signature() {
    return "Path path, int uid, int gid";
  }

  @Override
  Set<Capability> requires() {
    return Set.of(Capability.OWNERSHIP);
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of(
        (fs, a) -> chown(fs, (Path) a[0], (Integer) a[1], (Integer) a[2]),
        Fixtures.fileOf4KiB(s.path("f")),
        s.env().uid(),
        s.env().gid());
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        result(
            "to the current uid and gid: unchanged owners",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              chown(s.fs(), file, env.uid(), env.gid());
              assertEquals(env.uid(), Oracle.unix(file, "uid"));
              assertEquals(env.gid(), Oracle.unix(file, "gid"));
            }),
        env.superuser()
            ? result(
                "to uid 4242 gid 4343 as superuser: both set",
                s -> {
                  Path file = Fixtures.fileOf4KiB(s.path("f"));
                  chown(s.fs(), file, OTHER_UID, OTHER_GID);
                  assertEquals(OTHER_UID, Oracle.unix(file, "uid"));
                  assertEquals(OTHER_GID, Oracle.unix(file, "gid"));
                })
            : error(
                "to uid 4242 without privilege: like Files (EPERM on Linux)",
                s -> {
                  Path file = Fixtures.fileOf4KiB(s.path("f"));
                  s.fails(
                      Failure.likeFiles(
                          file,
                          () -> java.nio.file.Files.setAttribute(file, "unix:uid", OTHER_UID)),
                      () -> chown(s.fs(), file, OTHER_UID, env.gid()));
                }),
        result(
                "through a link: the target's owners change",
                s -> {
                  Path file = Fixtures.fileOf4KiB(s.path("f"));
                  Path link = Fixtures.symlink(s.path("l"), "f");
                  int uid = env.superuser() ? OTHER_UID : env.uid();
                  chown(s.fs(), link, uid, env.gid());
                  assertEquals(uid, Oracle.unix(file, "uid"));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
            "missing path: NoSuchFileException",
            s -> {
              Path missing = s.path("missing");
              s.fails(
                  Failure.of(NoSuchFileException.class, missing),
                  () -> chown(s.fs(), missing, env.uid(), env.gid()));
            }),
        error(
            "a file used as a directory: like Files on this JDK",
            s -> {
              Path below = Fixtures.fileOf4KiB(s.path("f")).resolve("x");
              s.fails(
                  Failure.likeFiles(
                      below, () -> java.nio.file.Files.setAttribute(below, "unix:uid", env.uid())),
                  () -> chown(s.fs(), below, env.uid(), env.gid()));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
            "caf\\xe9 missing, its twin present: NoSuchFileException",
            s -> {
              Pair p = Pair.files(s, false);
              failsOrRefuses(
                  NoSuchFileException.class,
                  p.latin(),
                  () -> chown(s.fs(), p.latin(), s.env().uid(), s.env().gid()));
              p.twinFileUntouched();
            })
        .needing(Capability.OWNERSHIP);
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        ordinary(
            op(),
            "to another uid: Operation not permitted",
            FILE,
            d -> {},
            (fs, d) -> chown(fs, d.resolve("f"), OTHER_UID, -1),
            d -> notPermitted(d, "f"),
            false));
  }

  /** chown through {@code fs}, sync or async by its mode. */
  static void chown(Calls fs, Path path, int uid, int gid) throws IOException {
    fs.run(b -> b.chown(path, uid, gid), b -> b.chownAsync(path, uid, gid));
  }
}
