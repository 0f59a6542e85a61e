package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.LATIN;
import static dev.fsbench.testkit.NonUtf8Names.OTHER;
import static dev.fsbench.testkit.NonUtf8Names.acted;
import static dev.fsbench.testkit.PermissionCases.READ_ONLY_DIR;
import static dev.fsbench.testkit.PermissionCases.RO_MODE_555;
import static dev.fsbench.testkit.PermissionCases.TREE;
import static dev.fsbench.testkit.PermissionCases.TREE_D0_MODE_000;
import static dev.fsbench.testkit.PermissionCases.denied;
import static dev.fsbench.testkit.PermissionCases.ordinary;
import static dev.fsbench.testkit.PermissionCases.partial;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.NonUtf8Names.Pair;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * cp: a file, a link or a whole tree; manifests (path, kind, bits, content or link target) compared
 * with the source's, links copied as links, permission bits kept, timestamps on request, existing
 * files per {@code overwrite}, and the refusal to copy a directory into itself before anything is
 * written.
 */
@FamilyEntry(Op.CP)
final class CpContract extends FamilyContract {

  @Override
  Op op() {
    return Op.CP;
  }

  @Override
  String signature() {
    return "Path source, Path target, CpOptions options";
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of(
        (fs, a) -> cp(fs, (Path) a[0], (Path) a[1], (CpOptions) a[2]),
        Fixtures.treeOf4Files(s.path("source")),
        s.path("copy"),
        CpOptions.DEFAULT);
  }

  /**
   * A tree with every kind cp must handle: files of varied bits, nested and empty directories,
   * three kinds of link.
   */
  static Path treeWithLinksAndModes(Path at, boolean posix) throws Exception {
    Fixtures.treeOf4Files(at);
    Fixtures.fileWith(at.resolve("d0/nested/odd"), Fixtures.patterned(5000));
    Fixtures.symlink(at.resolve("to-file"), "d0/nested/f0.js");
    Fixtures.symlink(at.resolve("to-dir"), "d0");
    Fixtures.symlink(at.resolve("dangling"), "nowhere");
    if (posix) {
      Fixtures.setPermissions(at.resolve("d0/nested/f1.js"), 0600);
      Fixtures.setPermissions(at.resolve("d0/nested/odd"), 0751);
      Fixtures.setPermissions(at.resolve("d0/nested"), 0750);
      Fixtures.setPermissions(at.resolve("empty"), 0705);
    }
    return at;
  }

  @Override
  List<Case> cases(Env env) {
    boolean posix = env.has(Capability.POSIX_PERMISSIONS);
    return List.of(
        result(
            "tree of 4 files to a new path: same manifest and bytes",
            s -> {
              Path source = Fixtures.treeOf4Files(s.path("source"));
              cp(s.fs(), source, s.path("copy"), CpOptions.DEFAULT);
              assertEquals(Oracle.manifest(source), Oracle.manifest(s.path("copy")));
              assertEquals(Fixtures.TREE_OF_4_FILES, Oracle.manifest(s.path("copy")).keySet());
            }),
        result(
                "links copied as links, bits kept: same manifest",
                s -> {
                  Path source = treeWithLinksAndModes(s.path("source"), posix);
                  cp(s.fs(), source, s.path("copy"), CpOptions.DEFAULT);
                  assertEquals(Oracle.manifest(source), Oracle.manifest(s.path("copy")));
                  assertTrue(
                      Files.isSymbolicLink(s.path("copy/to-dir")),
                      "a link to a directory stays a link");
                  assertEquals(
                      s.path("copy/d0/nested/f0.js").toRealPath(),
                      s.path("copy/to-file").toRealPath(),
                      "a relative link resolves inside the copy");
                })
            .needing(Capability.SYMBOLIC_LINKS),
        result(
                "concurrency 4: same manifest",
                s -> {
                  Path source = treeWithLinksAndModes(s.path("source"), posix);
                  cp(s.fs(), source, s.path("copy"), CpOptions.DEFAULT.withConcurrency(4));
                  assertEquals(Oracle.manifest(source), Oracle.manifest(s.path("copy")));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        result(
            "missing parents of the target are created",
            s -> {
              Path source = Fixtures.treeOf4Files(s.path("source"));
              cp(s.fs(), source, s.path("a/b/copy"), CpOptions.DEFAULT);
              assertEquals(Oracle.manifest(source), Oracle.manifest(s.path("a/b/copy")));
            }),
        result(
            "preserveTimestamps: every file's and directory's times within 1 ms",
            s -> {
              Path source = Fixtures.treeOf4Files(s.path("source"));
              Map<String, String> entries = Oracle.manifest(source);
              for (String entry : entries.keySet()) {
                Fixtures.setTimes(source.resolve(entry), Fixtures.ATIME, Fixtures.MTIME);
              }
              cp(s.fs(), source, s.path("copy"), CpOptions.DEFAULT.withPreserveTimestamps(true));
              for (String entry : entries.keySet()) {
                Path copy = s.path("copy").resolve(entry);
                Checks.assertWithinOneMilli(
                    Oracle.nanos(Fixtures.MTIME), Oracle.mtimeNanos(copy), "mtime of " + entry);
                Checks.assertWithinOneMilli(
                    Oracle.nanos(Fixtures.ATIME), Oracle.atimeNanos(copy), "atime of " + entry);
              }
              assertEquals(Oracle.manifest(source), Oracle.manifest(s.path("copy")));
            }),
        result(
            "overwrite: replaces existing files, merges existing directories",
            s -> {
              Path source = Fixtures.treeOf4Files(s.path("source"));
              Path target = s.path("copy");
              Fixtures.fileWith(target.resolve("d0/nested/f0.js"), Fixtures.patterned(10));
              Fixtures.fileWith(target.resolve("extra"), Fixtures.patterned(20));
              cp(s.fs(), source, target, CpOptions.DEFAULT.withOverwrite(true));
              Map<String, String> expected = new TreeMap<>(Oracle.manifest(source));
              expected.put("extra", Oracle.manifest(target).get("extra"));
              assertEquals(expected, Oracle.manifest(target));
              Checks.assertContent(Fixtures.BYTES_4KIB, target.resolve("d0/nested/f0.js"));
            }),
        result(
            "a single file: copied with its bits",
            s -> {
              Path file = Fixtures.fileWith(s.path("f"), Fixtures.patterned(3000));
              if (posix) {
                Fixtures.setPermissions(file, 0741);
              }
              cp(s.fs(), file, s.path("copy"), CpOptions.DEFAULT);
              Checks.assertContent(Fixtures.patterned(3000), s.path("copy"));
              Checks.assertPermissions(Oracle.permissions(file), s.path("copy"));
            }),
        result(
                "a link: copied as a link with the same target",
                s -> {
                  Path link = Fixtures.symlink(s.path("l"), "some/where");
                  cp(s.fs(), link, s.path("copy"), CpOptions.DEFAULT);
                  assertEquals(
                      Files.readSymbolicLink(link), Files.readSymbolicLink(s.path("copy")));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        result(
            "a tree holding a FIFO: refused naming it, or the FIFO recreated; never blocks",
            s -> {
              Path source = Fixtures.treeOf4Files(s.path("source"));
              Path fifo = Fifos.make(s, source.resolve("d0/fifo"));
              Path target = s.path("copy");
              Throwable thrown =
                  Fifos.withoutBlocking(
                      fifo,
                      () -> {
                        try {
                          cp(s.fs(), source, target, CpOptions.DEFAULT);
                          return null;
                        } catch (IOException e) {
                          return e;
                        }
                      });
              if (thrown == null) {
                assertTrue(
                    Fifos.isFifo(target.resolve("d0/fifo")), "the copy of the FIFO is a FIFO");
              } else {
                assertTrue(
                    thrown instanceof FileSystemException
                        && fifo.toString().equals(((FileSystemException) thrown).getFile()),
                    () ->
                        "expected a FileSystemException naming "
                            + fifo
                            + ", got "
                            + Failure.describe(thrown));
              }
            }),
        result(
            "a FIFO as the source: refused naming it, or recreated; never blocks",
            s -> {
              Path fifo = Fifos.make(s, s.path("fifo"));
              Path target = s.path("copy");
              Throwable thrown =
                  Fifos.withoutBlocking(
                      fifo,
                      () -> {
                        try {
                          cp(s.fs(), fifo, target, CpOptions.DEFAULT);
                          return null;
                        } catch (IOException e) {
                          return e;
                        }
                      });
              if (thrown == null) {
                assertTrue(Fifos.isFifo(target), "the copy of the FIFO is a FIFO");
              } else {
                assertTrue(
                    thrown instanceof FileSystemException
                        && fifo.toString().equals(((FileSystemException) thrown).getFile()),
                    () ->
                        "expected a FileSystemException naming "
                            + fifo
                            + ", got "
                            + Failure.describe(thrown));
              }
            }),
        error(
            "missing source: NoSuchFileException",
            s -> {
              Path missing = s.path("missing");
              s.fails(
                  Failure.of(NoSuchFileException.class, missing),
                  () -> cp(s.fs(), missing, s.path("copy"), CpOptions.DEFAULT));
            }),
        error(
            "into itself: refused naming both paths, nothing written",
            s -> {
              Path source = Fixtures.treeOf4Files(s.path("source"));
              Path target = s.path("source/d0/inside");
              s.fails(
                  Failure.of(FileSystemException.class, source).other(target),
                  () -> cp(s.fs(), source, target, CpOptions.DEFAULT));
            }),
        error(
            "onto itself: refused as into itself",
            s -> {
              Path source = Fixtures.treeOf4Files(s.path("source"));
              s.fails(
                  Failure.of(FileSystemException.class, source).other(source),
                  () -> cp(s.fs(), source, source, CpOptions.DEFAULT));
            }),
        error(
            "into itself through '..': refused",
            s -> {
              Path source = Fixtures.treeOf4Files(s.path("source"));
              Path target = s.path("source/d0/../empty/x");
              s.fails(
                  Failure.of(FileSystemException.class, source).other(target),
                  () -> cp(s.fs(), source, target, CpOptions.DEFAULT));
            }),
        error(
            "existing file without overwrite: FileAlreadyExistsException naming it, content kept",
            s -> {
              Path source = Fixtures.treeOf4Files(s.path("source"));
              Path existing =
                  Fixtures.fileWith(s.path("copy/d0/nested/f2.js"), Fixtures.patterned(10));
              s.failsPartway(
                  Failure.of(FileAlreadyExistsException.class, existing),
                  () -> cp(s.fs(), source, s.path("copy"), CpOptions.DEFAULT.withOverwrite(false)));
              Checks.assertContent(Fixtures.patterned(10), existing);
            }),
        error(
            "a directory onto an existing file: FileAlreadyExistsException",
            s -> {
              Path source = Fixtures.treeOf4Files(s.path("source"));
              Path file = Fixtures.fileOf4KiB(s.path("file"));
              s.fails(
                  Failure.of(FileAlreadyExistsException.class, file),
                  () -> cp(s.fs(), source, file, CpOptions.DEFAULT));
              assertTrue(Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
        "copies the tree caf\\xe9, and copies to a missing caf\\xe9, never into its twin",
        s -> {
          Pair p = Pair.directories(s, true);
          Path out = s.path("out");
          if (acted(p.latin(), () -> cp(s.fs(), p.latin(), out, CpOptions.DEFAULT))) {
            try (Stream<Path> entries = Files.list(out)) {
              assertEquals(
                  List.of(out.resolve("a")),
                  entries.collect(Collectors.toList()),
                  "the copy's entries");
            }
            Checks.assertContent(LATIN, out.resolve("a"));
          }
          Pair q = Pair.directories(s, "second", false);
          Path source = Fixtures.fileWith(s.path("tree/c"), OTHER).getParent();
          if (acted(q.latin(), () -> cp(s.fs(), source, q.latin(), CpOptions.DEFAULT))) {
            Checks.assertContent(OTHER, q.latin().resolve("c"));
          }
          p.twinDirectoryUntouched();
          q.twinDirectoryUntouched();
        });
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        ordinary(
            op(),
            "a tree into a 0555 directory",
            d -> {
              READ_ONLY_DIR.in(d);
              TREE.in(d);
            },
            RO_MODE_555,
            (fs, d) -> cp(fs, d.resolve("t"), d.resolve("ro/copy"), CpOptions.DEFAULT),
            d -> denied(d, "ro/copy"),
            false),
        partial(
            op(),
            "a tree with a 000 subdirectory: refused at it",
            TREE,
            TREE_D0_MODE_000,
            (fs, d) -> cp(fs, d.resolve("t"), d.resolve("copy"), CpOptions.DEFAULT),
            d -> denied(d, "t/d0")));
  }

  /** cp through {@code fs}, sync or async by its mode. */
  static void cp(Calls fs, Path source, Path target, CpOptions options) throws IOException {
    fs.run(b -> b.cp(source, target, options), b -> b.cpAsync(source, target, options));
  }
}
