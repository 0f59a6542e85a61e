package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

/**
 * utimes: access and modification times, links followed, to the nanosecond where the filesystem
 * keeps it.
 */
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
        (fs, a) -> {
          fs.utimes((Path) a[0], (FileTime) a[1], (FileTime) a[2]);
          return null;
        },
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
              s.fs().utimes(file, Fixtures.ATIME, Fixtures.MTIME);
              assertTimes(file, Fixtures.ATIME, Fixtures.MTIME);
            }),
        result(
            "nanoseconds kept",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              s.fs().utimes(file, Fixtures.ATIME_NS, Fixtures.MTIME_NS);
              assertTimes(file, Fixtures.ATIME_NS, Fixtures.MTIME_NS);
            }),
        result(
            "directory",
            s -> {
              Path dir = Fixtures.treeOf4Files(s.path("tree"));
              s.fs().utimes(dir, Fixtures.ATIME, Fixtures.MTIME);
              assertTimes(dir, Fixtures.ATIME, Fixtures.MTIME);
            }),
        result(
            "before the epoch",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              FileTime old = FileTime.fromMillis(-86_400_000L);
              s.fs().utimes(file, old, old);
              assertTimes(file, old, old);
            }),
        result(
                "through a link: the target's times, not the link's",
                s -> {
                  Path file = Fixtures.fileOf4KiB(s.path("f"));
                  Path link = Fixtures.symlink(s.path("l"), "f");
                  s.fs().utimes(link, Fixtures.ATIME, Fixtures.MTIME);
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
                  () -> {
                    s.fs().utimes(missing, Fixtures.ATIME, Fixtures.MTIME);
                    return null;
                  });
            }),
        error(
                "dangling link: NoSuchFileException naming the link",
                s -> {
                  Path link = Fixtures.symlink(s.path("l"), "missing");
                  s.fails(
                      Failure.of(NoSuchFileException.class, link),
                      () -> {
                        s.fs().utimes(link, Fixtures.ATIME, Fixtures.MTIME);
                        return null;
                      });
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
            "a file used as a directory: like Files on this JDK",
            s -> {
              Path below = Fixtures.fileOf4KiB(s.path("f")).resolve("x");
              s.fails(
                  Failure.likeFiles(
                      below,
                      () -> {
                        Fixtures.setTimes(below, Fixtures.ATIME, Fixtures.MTIME);
                        return null;
                      }),
                  () -> {
                    s.fs().utimes(below, Fixtures.ATIME, Fixtures.MTIME);
                    return null;
                  });
            }));
  }
}
