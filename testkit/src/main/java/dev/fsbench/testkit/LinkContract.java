package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.OTHER;
import static dev.fsbench.testkit.NonUtf8Names.acted;
import static dev.fsbench.testkit.NonUtf8Names.ino;
import static dev.fsbench.testkit.PermissionCases.READ_ONLY_DIR;
import static dev.fsbench.testkit.PermissionCases.RO_MODE_555;
import static dev.fsbench.testkit.PermissionCases.denied;
import static dev.fsbench.testkit.PermissionCases.ordinary;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.NonUtf8Names.Pair;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * link: a hard link shares the inode (same file, link count 2, writes visible through both names).
 */
@FamilyEntry(Op.LINK)
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
        (fs, a) -> link(fs, (Path) a[0], (Path) a[1]),
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
              link(s.fs(), file, link);
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
              link(s.fs(), file, link);
              assertTrue(Files.isSameFile(file, link));
            }),
        error(
            "link path exists: like Files.createLink (FileAlreadyExistsException naming both)",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              Path taken = Fixtures.fileWith(s.path("taken"), Fixtures.patterned(3));
              s.fails(
                  Failure.likeFiles(taken, () -> Files.createLink(taken, file)),
                  () -> link(s.fs(), file, taken));
            }),
        error(
            "missing existing file: like Files.createLink (NIO names the new link first)",
            s -> {
              Path missing = s.path("missing");
              Path link = s.path("hard");
              s.fails(
                  Failure.likeFiles(link, () -> Files.createLink(link, missing)),
                  () -> link(s.fs(), missing, link));
            }),
        error(
            "missing parent of the link: like Files.createLink",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              Path link = s.path("missing/hard");
              s.fails(
                  Failure.likeFiles(link, () -> Files.createLink(link, file)),
                  () -> link(s.fs(), file, link));
            }),
        error(
            "a directory: like Files.createLink (EPERM on Linux)",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("d"));
              Path link = s.path("hard");
              s.fails(
                  Failure.likeFiles(link, () -> Files.createLink(link, dir)),
                  () -> link(s.fs(), dir, link));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
            "links to caf\\xe9, and creates caf\\xe9 as a link, never its twin",
            s -> {
              Pair p = Pair.files(s, true);
              Path hard = s.path("hard");
              if (acted(p.latin(), () -> link(s.fs(), p.latin(), hard))) {
                assertEquals(ino(p.latin()), ino(hard), "the link's inode is caf\\xe9's");
              }
              Pair q = Pair.files(s, "second", false);
              Path existing = Fixtures.fileWith(s.path("existing"), OTHER);
              if (acted(q.latin(), () -> link(s.fs(), existing, q.latin()))) {
                assertEquals(ino(existing), ino(q.latin()), "caf\\xe9 is the new link");
              }
              p.twinFileUntouched();
              q.twinFileUntouched();
            })
        .needing(Capability.HARD_LINKS);
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        ordinary(
            op(),
            "in a 0555 directory",
            READ_ONLY_DIR,
            RO_MODE_555,
            (fs, d) -> link(fs, d.resolve("g"), d.resolve("ro/l")),
            d -> denied(d, "ro/l").other(d.resolve("g")),
            false));
  }

  /** link through {@code fs}, sync or async by its mode. */
  static void link(Calls fs, Path existing, Path link) throws IOException {
    fs.run(b -> b.link(existing, link), b -> b.linkAsync(existing, link));
  }
}
