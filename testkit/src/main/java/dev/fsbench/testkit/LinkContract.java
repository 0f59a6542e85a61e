package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * link: a hard link shares the inode (same file, link count 2, writes visible through both names).
 */
final class LinkContract extends FamilyContract {

  @Override
  Op op() {
    return Op.LINK;
  }

  @Override
  String signature() {
    return "Path existing, Path link";
  }

  @Override
  Set<Capability> requires() {
    return Set.of(Capability.HARD_LINKS);
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of(
        (fs, a) -> {
          fs.link((Path) a[0], (Path) a[1]);
          return null;
        },
        Fixtures.fileOf4KiB(s.path("f")),
        s.path("hard"));
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        result(
            "link to a file: same file, nlink 2, shared content",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              Path link = s.path("hard");
              s.fs().link(file, link);
              assertTrue(Files.isSameFile(file, link), "same file");
              assertEquals(Oracle.unix(file, "ino"), Oracle.unix(link, "ino"), "same inode");
              if (env.hasUnixView()) {
                assertEquals(2, Oracle.unix(file, "nlink"), "link count");
              }
              Files.write(link, Fixtures.patterned(10));
              Checks.assertContent(Fixtures.patterned(10), file);
            }),
        result(
            "link in another directory",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              Path link = s.path(Fixtures.emptyDir(s.path("d")).getFileName() + "/hard");
              s.fs().link(file, link);
              assertTrue(Files.isSameFile(file, link));
            }),
        error(
            "link path exists: like Files.createLink (FileAlreadyExistsException naming both)",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              Path taken = Fixtures.fileWith(s.path("taken"), Fixtures.patterned(3));
              s.fails(
                  Failure.likeFiles(taken, () -> Files.createLink(taken, file)),
                  () -> {
                    s.fs().link(file, taken);
                    return null;
                  });
            }),
        error(
            "missing existing file: like Files.createLink (NIO names the new link first)",
            s -> {
              Path missing = s.path("missing");
              Path link = s.path("hard");
              s.fails(
                  Failure.likeFiles(link, () -> Files.createLink(link, missing)),
                  () -> {
                    s.fs().link(missing, link);
                    return null;
                  });
            }),
        error(
            "missing parent of the link: like Files.createLink",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              Path link = s.path("missing/hard");
              s.fails(
                  Failure.likeFiles(link, () -> Files.createLink(link, file)),
                  () -> {
                    s.fs().link(file, link);
                    return null;
                  });
            }),
        error(
            "a directory: like Files.createLink (EPERM on Linux)",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("d"));
              Path link = s.path("hard");
              s.fails(
                  Failure.likeFiles(link, () -> Files.createLink(link, dir)),
                  () -> {
                    s.fs().link(dir, link);
                    return null;
                  });
            }));
  }
}
