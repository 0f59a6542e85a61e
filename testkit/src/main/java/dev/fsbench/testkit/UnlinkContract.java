package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.acted;
import static dev.fsbench.testkit.PermissionCases.inReadOnlyDir;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.NonUtf8Names.Pair;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** unlink: a file or a link (never its target); any directory, even empty, is "Is a directory". */
@FamilyEntry(Op.UNLINK)
final class UnlinkContract extends FamilyContract {

  @Override
  Op op() {
    return Op.UNLINK;
  }

  @Override
  String signature() {
    return "Path path";
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of((fs, a) -> unlink(fs, (Path) a[0]), Fixtures.fileOf4KiB(s.path("f")));
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        result(
            "a file: gone, siblings kept",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              Fixtures.fileOf4KiB(s.path("g"));
              unlink(s.fs(), file);
              Checks.assertGone(file);
              Checks.assertContent(Fixtures.BYTES_4KIB, s.path("g"));
            }),
        result(
                "a link: gone, its target kept",
                s -> {
                  Path file = Fixtures.fileOf4KiB(s.path("f"));
                  Path link = Fixtures.symlink(s.path("l"), "f");
                  unlink(s.fs(), link);
                  Checks.assertGone(link);
                  Checks.assertContent(Fixtures.BYTES_4KIB, file);
                })
            .needing(Capability.SYMBOLIC_LINKS),
        result(
                "a link to a directory: the link gone",
                s -> {
                  Fixtures.treeOf4Files(s.path("tree"));
                  Path link = Fixtures.symlink(s.path("l"), "tree");
                  unlink(s.fs(), link);
                  Checks.assertGone(link);
                  org.junit.jupiter.api.Assertions.assertEquals(
                      Fixtures.TREE_OF_4_FILES, Oracle.manifest(s.path("tree")).keySet());
                })
            .needing(Capability.SYMBOLIC_LINKS),
        result(
                "a dangling link: gone",
                s -> {
                  Path link = Fixtures.symlink(s.path("l"), "missing");
                  unlink(s.fs(), link);
                  Checks.assertGone(link);
                })
            .needing(Capability.SYMBOLIC_LINKS),
        error(
            "missing path: NoSuchFileException",
            s -> {
              Path missing = s.path("missing");
              s.fails(
                  Failure.of(NoSuchFileException.class, missing), () -> unlink(s.fs(), missing));
            }),
        error(
            "an empty directory: Is a directory, kept",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("d"));
              s.fails(Failure.isADirectory(dir), () -> unlink(s.fs(), dir));
            }),
        error(
            "a file used as a directory: like Files on this JDK",
            s -> {
              Path below = Fixtures.fileOf4KiB(s.path("f")).resolve("x");
              s.fails(
                  Failure.likeFiles(below, () -> java.nio.file.Files.delete(below)),
                  () -> unlink(s.fs(), below));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
        "removes caf\\xe9, not its twin",
        s -> {
          Pair p = Pair.files(s, true);
          if (acted(p.latin(), () -> unlink(s.fs(), p.latin()))) {
            Checks.assertGone(p.latin());
          }
          p.twinFileUntouched();
        });
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        inReadOnlyDir(
            op(), "a file in a 0555 directory", (fs, d) -> unlink(fs, d.resolve("ro/f")), "ro/f"));
  }

  /** unlink through {@code fs}, sync or async by its mode. */
  static void unlink(Calls fs, Path path) throws IOException {
    fs.run(b -> b.unlink(path), b -> b.unlinkAsync(path));
  }
}
