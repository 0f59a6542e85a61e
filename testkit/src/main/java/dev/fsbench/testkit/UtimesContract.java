package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.acted;
import static dev.fsbench.testkit.PermissionCases.FILE;
import static dev.fsbench.testkit.PermissionCases.FILE_OF_OTHER_USER;
import static dev.fsbench.testkit.PermissionCases.notPermitted;
import static dev.fsbench.testkit.PermissionCases.privileged;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.NonUtf8Names.Pair;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

/**
 * utimes: access and modification times, links followed, to the nanosecond where the filesystem
 * keeps it; a FIFO's without waiting for a writer (NIO's {@code setTimes} opens it first).
 */
@FamilyEntry(Op.UTIMES)
final class UtimesContract extends FamilyContract {

  @Override
  Op op() {
    return Op.UTIMES;
  }

  @Override
  String signature() {
    return "Path path, FileTime atime, FileTime mtime";
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of(
        (fs, a) -> utimes(fs, (Path) a[0], (FileTime) a[1], (FileTime) a[2]),
        Fixtures.fileOf4KiB(s.path("f")),
        Fixtures.ATIME,
        Fixtures.MTIME);
  }

  private static void assertTimes(Path path, FileTime atime, FileTime mtime) throws Exception {
    assertEquals(Oracle.nanos(atime), Oracle.atimeNanos(path), "atime of " + path);
    assertEquals(Oracle.nanos(mtime), Oracle.mtimeNanos(path), "mtime of " + path);
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        result(
            "file to 1600000000 s / 1600000001 s",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              utimes(s.fs(), file, Fixtures.ATIME, Fixtures.MTIME);
              assertTimes(file, Fixtures.ATIME, Fixtures.MTIME);
            }),
        result(
            "nanoseconds kept",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              utimes(s.fs(), file, Fixtures.ATIME_NS, Fixtures.MTIME_NS);
              assertTimes(file, Fixtures.ATIME_NS, Fixtures.MTIME_NS);
            }),
        result(
            "directory",
            s -> {
              Path dir = Fixtures.treeOf4Files(s.path("tree"));
              utimes(s.fs(), dir, Fixtures.ATIME, Fixtures.MTIME);
              assertTimes(dir, Fixtures.ATIME, Fixtures.MTIME);
            }),
        result(
            "before the epoch",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              FileTime old = FileTime.fromMillis(-86_400_000L);
              utimes(s.fs(), file, old, old);
              assertTimes(file, old, old);
            }),
        result(
            "a FIFO: its times, at once (no writer is waited for)",
            s -> {
              Path fifo = Fifos.make(s, s.path("fifo"));
              Fifos.withoutBlocking(
                  fifo,
                  () -> {
                    utimes(s.fs(), fifo, Fixtures.ATIME_NS, Fixtures.MTIME_NS);
                    return null;
                  });
              assertTimes(fifo, Fixtures.ATIME_NS, Fixtures.MTIME_NS);
            }),
        result(
                "through a link: the target's times, not the link's",
                s -> {
                  Path file = Fixtures.fileOf4KiB(s.path("f"));
                  Path link = Fixtures.symlink(s.path("l"), "f");
                  utimes(s.fs(), link, Fixtures.ATIME, Fixtures.MTIME);
                  assertTimes(file, Fixtures.ATIME, Fixtures.MTIME);
                  assertNotEquals(
                      Oracle.nanos(Fixtures.MTIME),
                      Oracle.mtimeNanos(link, Oracle.NOFOLLOW),
                      "the link's own mtime");
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
            "missing path: NoSuchFileException, nothing created",
            s -> {
              Path missing = s.path("missing");
              s.fails(
                  Failure.of(NoSuchFileException.class, missing),
                  () -> utimes(s.fs(), missing, Fixtures.ATIME, Fixtures.MTIME));
            }),
        error(
                "dangling link: NoSuchFileException naming the link",
                s -> {
                  Path link = Fixtures.symlink(s.path("l"), "missing");
                  s.fails(
                      Failure.of(NoSuchFileException.class, link),
                      () -> utimes(s.fs(), link, Fixtures.ATIME, Fixtures.MTIME));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
            "a file used as a directory: like Files on this JDK",
            s -> {
              Path below = Fixtures.fileOf4KiB(s.path("f")).resolve("x");
              s.fails(
                  Failure.likeFiles(
                      below, () -> Fixtures.setTimes(below, Fixtures.ATIME, Fixtures.MTIME)),
                  () -> utimes(s.fs(), below, Fixtures.ATIME, Fixtures.MTIME));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
        "sets caf\\xe9's times, not its twin's",
        s -> {
          Pair p = Pair.files(s, true);
          long twinMtime = Oracle.mtimeNanos(p.twin());
          if (acted(p.latin(), () -> utimes(s.fs(), p.latin(), Fixtures.ATIME, Fixtures.MTIME))) {
            assertEquals(
                Oracle.nanos(Fixtures.MTIME), Oracle.mtimeNanos(p.latin()), "caf\\xe9's mtime");
          }
          assertEquals(twinMtime, Oracle.mtimeNanos(p.twin()), "the twin's mtime");
          p.twinFileUntouched();
        });
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        privileged(
            op(),
            "another user's file: Operation not permitted",
            FILE,
            FILE_OF_OTHER_USER,
            (fs, d) -> utimes(fs, d.resolve("f"), Fixtures.ATIME, Fixtures.MTIME),
            d -> notPermitted(d, "f")));
  }

  /** utimes through {@code fs}, sync or async by its mode. */
  static void utimes(Calls fs, Path path, FileTime atime, FileTime mtime) throws IOException {
    fs.run(b -> b.utimes(path, atime, mtime), b -> b.utimesAsync(path, atime, mtime));
  }
}
