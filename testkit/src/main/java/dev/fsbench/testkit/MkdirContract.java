package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.acted;
import static dev.fsbench.testkit.PermissionCases.inReadOnlyDir;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.MkdirOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.NonUtf8Names.Pair;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** mkdir: one directory, or with recursive its missing parents too; the mode less the umask. */
@FamilyEntry(Op.MKDIR)
final class MkdirContract extends FamilyContract {

  @Override
  Op op() {
    return Op.MKDIR;
  }

  @Override
  String signature() {
    return "Path path, MkdirOptions options";
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of(
        (fs, a) -> mkdir(fs, (Path) a[0], (MkdirOptions) a[1]),
        s.path("new"),
        MkdirOptions.DEFAULT);
  }

  private static boolean isDirectory(Path path) {
    return Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS);
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        result(
            "new directory: exists, empty",
            s -> {
              mkdir(s.fs(), s.path("new"), MkdirOptions.DEFAULT);
              assertTrue(isDirectory(s.path("new")));
              assertTrue(Oracle.manifest(s.path("new")).isEmpty());
            }),
        result(
            "default mode: 0777 less the umask (only the default filesystem has a umask)",
            s -> {
              mkdir(s.fs(), s.path("new"), MkdirOptions.DEFAULT);
              assertTrue(isDirectory(s.path("new")));
              if (env.isDefaultFileSystem()) {
                Checks.assertPermissions(0777 & ~env.umask(), s.path("new"));
              }
            }),
        result(
            "recursive new-0/a/b: every level created",
            s -> {
              mkdir(s.fs(), s.path("new-0/a/b"), MkdirOptions.RECURSIVE);
              assertTrue(
                  isDirectory(s.path("new-0"))
                      && isDirectory(s.path("new-0/a"))
                      && isDirectory(s.path("new-0/a/b")));
            }),
        result(
            "recursive on an existing directory: success, contents kept",
            s -> {
              Path dir = Fixtures.treeOf4Files(s.path("tree"));
              var before = Oracle.manifest(dir);
              mkdir(s.fs(), dir, MkdirOptions.RECURSIVE);
              org.junit.jupiter.api.Assertions.assertEquals(before, Oracle.manifest(dir));
            }),
        result(
                "mode 0750: 0750 less the umask",
                s -> {
                  mkdir(s.fs(), s.path("new"), MkdirOptions.DEFAULT.withMode(0750));
                  Checks.assertPermissions(0750 & ~env.umask(), s.path("new"));
                })
            .needing(Capability.POSIX_PERMISSIONS),
        result(
                "recursive with mode 0750: every created level gets it",
                s -> {
                  mkdir(s.fs(), s.path("a/b"), MkdirOptions.RECURSIVE.withMode(0750));
                  Checks.assertPermissions(0750 & ~env.umask(), s.path("a"));
                  Checks.assertPermissions(0750 & ~env.umask(), s.path("a/b"));
                })
            .needing(Capability.POSIX_PERMISSIONS),
        error(
            "existing directory: FileAlreadyExistsException",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("d"));
              s.fails(
                  Failure.of(FileAlreadyExistsException.class, dir),
                  () -> mkdir(s.fs(), dir, MkdirOptions.DEFAULT));
            }),
        error(
            "existing file, recursive: FileAlreadyExistsException",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              s.fails(
                  Failure.of(FileAlreadyExistsException.class, file),
                  () -> mkdir(s.fs(), file, MkdirOptions.RECURSIVE));
            }),
        error(
            "missing parent: NoSuchFileException",
            s -> {
              Path path = s.path("missing/new");
              s.fails(
                  Failure.of(NoSuchFileException.class, path),
                  () -> mkdir(s.fs(), path, MkdirOptions.DEFAULT));
            }),
        error(
            "a file used as a directory: like Files on this JDK",
            s -> {
              Path below = Fixtures.fileOf4KiB(s.path("f")).resolve("x");
              s.fails(
                  Failure.likeFiles(below, () -> Files.createDirectory(below)),
                  () -> mkdir(s.fs(), below, MkdirOptions.DEFAULT));
            }),
        error(
            "recursive, three levels below a file used as a directory: like"
                + " Files.createDirectories on this JDK",
            s -> {
              // JDK 17 names f/x/y (its lookup of the parent says "Not a directory"), JDK 25 f/x
              Path deep = Fixtures.fileOf4KiB(s.path("f")).resolve("x/y/z");
              s.fails(
                  Failure.likeFiles(deep, () -> Files.createDirectories(deep)),
                  () -> mkdir(s.fs(), deep, MkdirOptions.RECURSIVE));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
        "creates caf\\xe9 beside its twin",
        s -> {
          Pair p = Pair.files(s, false);
          if (acted(p.latin(), () -> mkdir(s.fs(), p.latin(), MkdirOptions.DEFAULT))) {
            assertTrue(
                Files.isDirectory(p.latin(), LinkOption.NOFOLLOW_LINKS), "caf\\xe9 is a directory");
          }
          p.twinFileUntouched();
        });
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        inReadOnlyDir(
            op(),
            "in a 0555 directory",
            (fs, d) -> mkdir(fs, d.resolve("ro/new"), MkdirOptions.DEFAULT),
            "ro/new"));
  }

  /** mkdir through {@code fs}, sync or async by its mode. */
  static void mkdir(Calls fs, Path path, MkdirOptions options) throws IOException {
    fs.run(b -> b.mkdir(path, options), b -> b.mkdirAsync(path, options));
  }
}
