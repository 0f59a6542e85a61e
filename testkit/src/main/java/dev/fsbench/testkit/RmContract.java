package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.acted;
import static dev.fsbench.testkit.PermissionCases.RO_MODE_555;
import static dev.fsbench.testkit.PermissionCases.denied;
import static dev.fsbench.testkit.PermissionCases.inReadOnlyDir;
import static dev.fsbench.testkit.PermissionCases.partial;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.testkit.NonUtf8Names.Pair;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * rm: files, links (never followed, in or out of the tree) and, recursively, whole trees; force for
 * missing paths.
 */
@FamilyEntry(Op.RM)
final class RmContract extends FamilyContract {

  @Override
  Op op() {
    return Op.RM;
  }

  @Override
  String signature() {
    return "Path path, RmOptions options";
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of(
        (fs, a) -> rm(fs, (Path) a[0], (RmOptions) a[1]),
        Fixtures.treeOf4Files(s.path("tree")),
        RmOptions.RECURSIVE_FORCE);
  }

  /** A tree whose links point outside it (to a file and to a non-empty directory) and inside it. */
  static void treeWithLinksOut(Sandbox s) throws Exception {
    Fixtures.treeOf4Files(s.path("outside"));
    Fixtures.fileOf4KiB(s.path("outside-file"));
    Fixtures.treeOf4Files(s.path("tree"));
    Fixtures.symlink(s.path("tree/d0/out-dir"), "../../outside");
    Fixtures.symlink(s.path("tree/out-file"), s.path("outside-file").toString());
    Fixtures.symlink(s.path("tree/in-dir"), "d0");
  }

  /** A tree, and a victim tree and file beside it that rm of {@code tree/..} would take with it. */
  private static void dotVictims(Sandbox s) throws Exception {
    Fixtures.treeOf4Files(s.path("tree"));
    Fixtures.treeOf4Files(s.path("victim"));
    Fixtures.fileOf4KiB(s.path("victim-file"));
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        result(
            "a file: gone",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              rm(s.fs(), file, RmOptions.DEFAULT);
              Checks.assertGone(file);
            }),
        result(
                "a link to a directory: the link gone, the directory intact",
                s -> {
                  Path dir = Fixtures.treeOf4Files(s.path("tree"));
                  Path link = Fixtures.symlink(s.path("l"), "tree");
                  rm(s.fs(), link, RmOptions.RECURSIVE_FORCE);
                  Checks.assertGone(link);
                  assertEquals(Fixtures.TREE_OF_4_FILES, Oracle.manifest(dir).keySet());
                })
            .needing(Capability.SYMBOLIC_LINKS),
        result(
            "recursive tree of 4 files: gone, siblings intact",
            s -> {
              Path tree = Fixtures.treeOf4Files(s.path("tree"));
              Fixtures.fileOf4KiB(s.path("sibling"));
              rm(s.fs(), tree, RmOptions.RECURSIVE_FORCE);
              Checks.assertGone(tree);
              assertEquals(
                  Map.of("sibling", Oracle.manifest(s.root()).get("sibling")),
                  Oracle.manifest(s.root()));
            }),
        result(
                "recursive with links out of the tree: only the tree goes",
                s -> {
                  treeWithLinksOut(s);
                  Map<String, String> outside = Oracle.manifest(s.path("outside"));
                  rm(s.fs(), s.path("tree"), RmOptions.RECURSIVE_FORCE);
                  Checks.assertGone(s.path("tree"));
                  assertEquals(
                      outside,
                      Oracle.manifest(s.path("outside")),
                      "the linked directory outside survives");
                  Checks.assertContent(Fixtures.BYTES_4KIB, s.path("outside-file"));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        result(
                "recursive, concurrency 4: same",
                s -> {
                  treeWithLinksOut(s);
                  rm(s.fs(), s.path("tree"), RmOptions.RECURSIVE_FORCE.withConcurrency(4));
                  Checks.assertGone(s.path("tree"));
                  assertEquals(
                      Fixtures.TREE_OF_4_FILES, Oracle.manifest(s.path("outside")).keySet());
                })
            .needing(Capability.SYMBOLIC_LINKS),
        result(
            "recursive without force on an existing tree: gone",
            s -> {
              Path tree = Fixtures.treeOf4Files(s.path("tree"));
              rm(s.fs(), tree, RmOptions.DEFAULT.withRecursive(true));
              Checks.assertGone(tree);
            }),
        result(
            "recursive on a file: gone",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              rm(s.fs(), file, RmOptions.RECURSIVE_FORCE);
              Checks.assertGone(file);
            }),
        result(
            "force on a missing path: no error, nothing changed",
            s -> {
              Fixtures.fileOf4KiB(s.path("keep"));
              Map<String, String> before = Oracle.manifest(s.root());
              rm(s.fs(), s.path("missing"), RmOptions.DEFAULT.withForce(true));
              assertEquals(before, Oracle.manifest(s.root()));
            }),
        error(
            "missing without force: NoSuchFileException",
            s -> {
              Path missing = s.path("missing");
              s.fails(
                  Failure.of(NoSuchFileException.class, missing),
                  () -> rm(s.fs(), missing, RmOptions.DEFAULT));
            }),
        error(
            "a directory without recursive: Is a directory, nothing removed",
            s -> {
              Path tree = Fixtures.treeOf4Files(s.path("tree"));
              s.fails(
                  Failure.isADirectory(tree),
                  () -> rm(s.fs(), tree, RmOptions.DEFAULT.withForce(true)));
            }),
        error(
            "an empty directory without recursive: Is a directory",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("d"));
              s.fails(Failure.isADirectory(dir), () -> rm(s.fs(), dir, RmOptions.DEFAULT));
            }),
        error(
            "a last name of '..' (tree/sub/..), recursive and force: refused, nothing removed",
            s -> {
              dotVictims(s);
              Path dotDot = s.path("tree").resolve("d0").resolve("..");
              s.fails(
                  Failure.of(FileSystemException.class, dotDot),
                  () -> rm(s.fs(), dotDot, RmOptions.RECURSIVE_FORCE));
            }),
        error(
            "a last name of '.' (tree/.), recursive and force: refused, nothing removed",
            s -> {
              dotVictims(s);
              Path dot = s.path("tree").resolve(".");
              s.fails(
                  Failure.of(FileSystemException.class, dot),
                  () -> rm(s.fs(), dot, RmOptions.RECURSIVE_FORCE));
            }),
        error(
            "a last name of '..' without recursive: refused, nothing removed",
            s -> {
              dotVictims(s);
              Path dotDot = s.path("tree").resolve("empty").resolve("..");
              s.fails(
                  Failure.of(FileSystemException.class, dotDot),
                  () -> rm(s.fs(), dotDot, RmOptions.DEFAULT));
            }),
        error(
            "a file used as a directory: like Files on this JDK",
            s -> {
              Path below = Fixtures.fileOf4KiB(s.path("f")).resolve("x");
              s.fails(
                  Failure.likeFiles(below, () -> java.nio.file.Files.delete(below)),
                  () -> rm(s.fs(), below, RmOptions.DEFAULT));
            }),
        error(
            "force, a file used as a directory: like Files.deleteIfExists on this JDK",
            s -> {
              // Linux: force forgives a missing path, not a file in the way (nor does GNU rm -f)
              Path below = Fixtures.fileOf4KiB(s.path("f")).resolve("x");
              s.endsLikeFiles(
                  below,
                  () -> java.nio.file.Files.deleteIfExists(below),
                  () -> rm(s.fs(), below, RmOptions.DEFAULT.withForce(true)));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
        "removes the file and the tree caf\\xe9, never its twin",
        s -> {
          Pair p = Pair.files(s, true);
          if (acted(p.latin(), () -> rm(s.fs(), p.latin(), RmOptions.DEFAULT))) {
            Checks.assertGone(p.latin());
          }
          p.twinFileUntouched();
          Pair q = Pair.directories(s, "second", true);
          if (acted(q.latin(), () -> rm(s.fs(), q.latin(), RmOptions.RECURSIVE_FORCE))) {
            Checks.assertGone(q.latin());
          }
          q.twinDirectoryUntouched();
        });
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        inReadOnlyDir(
            op(),
            "a file in a 0555 directory",
            (fs, d) -> rm(fs, d.resolve("ro/f"), RmOptions.DEFAULT),
            "ro/f"),
        partial(
            op(),
            "recursive, a tree in a 0555 directory: its contents go, then the tree is refused",
            d -> Fixtures.treeOf4Files(d.resolve("ro/tree")),
            RO_MODE_555,
            (fs, d) -> rm(fs, d.resolve("ro/tree"), RmOptions.RECURSIVE_FORCE),
            d -> denied(d, "ro/tree")));
  }

  /** rm through {@code fs}, sync or async by its mode. */
  static void rm(Calls fs, Path path, RmOptions options) throws IOException {
    fs.run(b -> b.rm(path, options), b -> b.rmAsync(path, options));
  }
}
