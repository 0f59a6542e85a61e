package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.acted;
import static dev.fsbench.testkit.PermissionCases.belowLockedSubdirectory;
import static dev.fsbench.testkit.PermissionCases.inLockedDir;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ReaddirOptions;
import dev.fsbench.testkit.NonUtf8Names.Pair;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * readdir: names of one directory, or every relative path below it; links listed, never followed.
 */
@FamilyEntry(Op.READDIR)
final class ReaddirContract extends FamilyContract {

  @Override
  Op op() {
    return Op.READDIR;
  }

  @Override
  String signature() {
    return "Path path, ReaddirOptions options";
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of(
        (fs, a) -> readdir(fs, (Path) a[0], (ReaddirOptions) a[1]),
        Fixtures.treeOf4Files(s.path("tree")),
        ReaddirOptions.RECURSIVE);
  }

  /** treeOf4Files plus a link to a directory, a link to a file, a dangling link and a dot file. */
  static Path treeWithLinks(Path at) throws Exception {
    Fixtures.treeOf4Files(at);
    Fixtures.symlink(at.resolve("d0/to-nested"), "nested");
    Fixtures.symlink(at.resolve("to-f0"), "d0/nested/f0.js");
    Fixtures.symlink(at.resolve("dangling"), "nowhere");
    Fixtures.fileOf4KiB(at.resolve(".dot"));
    return at;
  }

  static final Set<String> TREE_WITH_LINKS =
      union(Fixtures.TREE_OF_4_FILES, Set.of("d0/to-nested", "to-f0", "dangling", ".dot"));

  private static Set<String> union(Set<String> a, Set<String> b) {
    Set<String> out = new HashSet<>(a);
    out.addAll(b);
    return Set.copyOf(out);
  }

  @Override
  List<Case> cases(Env env) {
    ReaddirOptions one = ReaddirOptions.DEFAULT;
    ReaddirOptions all = ReaddirOptions.RECURSIVE;
    return List.of(
        result(
            "one directory: its names",
            s ->
                Checks.assertExactSet(
                    Set.of("d0", "empty"),
                    readdir(s.fs(), Fixtures.treeOf4Files(s.path("t")), one))),
        result(
            "empty directory: nothing",
            s ->
                Checks.assertExactSet(
                    Set.of(), readdir(s.fs(), Fixtures.emptyDir(s.path("d")), one))),
        result(
            "recursive tree of 4 files: every relative path",
            s ->
                Checks.assertExactSet(
                    Fixtures.TREE_OF_4_FILES,
                    readdir(s.fs(), Fixtures.treeOf4Files(s.path("t")), all))),
        result(
                "recursive with links: listed, not followed; dot files listed",
                s ->
                    Checks.assertExactSet(
                        TREE_WITH_LINKS, readdir(s.fs(), treeWithLinks(s.path("t")), all)))
            .needing(Capability.SYMBOLIC_LINKS),
        result(
                "recursive, concurrency 4: same set",
                s ->
                    Checks.assertExactSet(
                        TREE_WITH_LINKS,
                        readdir(s.fs(), treeWithLinks(s.path("t")), all.withConcurrency(4))))
            .needing(Capability.SYMBOLIC_LINKS),
        result(
                "root is a link to a directory: the target's entries",
                s -> {
                  Fixtures.treeOf4Files(s.path("t"));
                  Path link = Fixtures.symlink(s.path("l"), "t");
                  Checks.assertExactSet(Set.of("d0", "empty"), readdir(s.fs(), link, one));
                  Checks.assertExactSet(Fixtures.TREE_OF_4_FILES, readdir(s.fs(), link, all));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        result(
            "non-ASCII names round-trip",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("d"));
              for (String name : List.of("é", "文件", "🙂", "ｚ")) {
                Fixtures.fileOf4KiB(dir.resolve(name));
              }
              Checks.assertExactSet(Set.of("é", "文件", "🙂", "ｚ"), readdir(s.fs(), dir, one));
            }),
        result(
            "empty path is the working directory: its names",
            s -> {
              Path cwd = s.root().getFileSystem().getPath("");
              Set<String> expected = new HashSet<>();
              try (DirectoryStream<Path> entries = Files.newDirectoryStream(cwd)) {
                entries.forEach(e -> expected.add(e.getFileName().toString()));
              }
              Checks.assertExactSet(expected, readdir(s.fs(), cwd, one));
            }),
        error(
            "missing path: NoSuchFileException",
            s -> {
              Path missing = s.path("missing");
              s.fails(
                  Failure.of(NoSuchFileException.class, missing),
                  () -> readdir(s.fs(), missing, one));
            }),
        error(
            "missing path, recursive: NoSuchFileException",
            s -> {
              Path missing = s.path("missing");
              s.fails(
                  Failure.of(NoSuchFileException.class, missing),
                  () -> readdir(s.fs(), missing, all));
            }),
        error(
            "a file: NotDirectoryException",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              s.fails(
                  Failure.of(NotDirectoryException.class, file), () -> readdir(s.fs(), file, one));
            }),
        error(
            "a FIFO: NotDirectoryException, without blocking",
            s -> {
              Path fifo = Fifos.make(s, s.path("fifo"));
              s.fails(
                  Failure.of(NotDirectoryException.class, fifo),
                  () -> Fifos.withoutBlocking(fifo, () -> readdir(s.fs(), fifo, one)));
            }),
        error(
            "a FIFO, recursive: NotDirectoryException, without blocking",
            s -> {
              Path fifo = Fifos.make(s, s.path("fifo"));
              s.fails(
                  Failure.of(NotDirectoryException.class, fifo),
                  () -> Fifos.withoutBlocking(fifo, () -> readdir(s.fs(), fifo, all)));
            }),
        error(
            "a file, recursive: NotDirectoryException",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              s.fails(
                  Failure.of(NotDirectoryException.class, file), () -> readdir(s.fs(), file, all));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
        "lists the directory caf\\xe9, not its twin",
        s -> {
          Pair p = Pair.directories(s, true);
          List<String>[] names = new List[1];
          if (acted(
              p.latin(), () -> names[0] = readdir(s.fs(), p.latin(), ReaddirOptions.DEFAULT))) {
            assertEquals(List.of("a"), names[0]);
          }
          if (acted(
              p.latin(), () -> names[0] = readdir(s.fs(), p.latin(), ReaddirOptions.RECURSIVE))) {
            assertEquals(List.of("a"), names[0]);
          }
          p.twinDirectoryUntouched();
        });
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        inLockedDir(
            op(),
            "a 000 directory",
            (fs, d) -> readdir(fs, d.resolve("locked"), ReaddirOptions.DEFAULT),
            "locked"),
        belowLockedSubdirectory(
            op(),
            "recursive, a 000 subdirectory",
            (fs, d) -> readdir(fs, d.resolve("t"), ReaddirOptions.RECURSIVE)));
  }

  /** readdir through {@code fs}, sync or async by its mode. */
  static List<String> readdir(Calls fs, Path path, ReaddirOptions options) throws IOException {
    return fs.call(b -> b.readdir(path, options), b -> b.readdirAsync(path, options));
  }
}
