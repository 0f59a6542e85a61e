package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.LATIN;
import static dev.fsbench.testkit.NonUtf8Names.acted;
import static dev.fsbench.testkit.PermissionCases.belowLockedSubdirectory;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ScanEntry;
import dev.fsbench.spi.ScanOptions;
import dev.fsbench.support.RelativePaths;
import dev.fsbench.testkit.NonUtf8Names.Pair;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * scan: every field of every entry, in order. The expected entries are read with {@code
 * Files.walkFileTree} (the paths also checked against a literal list in the expected order, so the
 * oracle cannot drift), every time and mode having been set by the case.
 */
@FamilyEntry(Op.SCAN)
final class ScanContract extends FamilyContract {

  @Override
  Op op() {
    return Op.SCAN;
  }

  @Override
  String signature() {
    return "Path root, ScanOptions options";
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of(
        (fs, a) -> scan(fs, (Path) a[0], (ScanOptions) a[1]),
        Fixtures.treeOf4Files(s.path("tree")),
        ScanOptions.DEFAULT);
  }

  /** Known times on every entry, known bits on files and directories. */
  static void settle(Path root, boolean posix) throws IOException {
    Files.walkFileTree(
        root,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            if (posix && attrs.isRegularFile()) {
              Fixtures.setPermissions(file, 0640);
            }
            Fixtures.setTimes(file, Fixtures.ATIME, Fixtures.MTIME, LinkOption.NOFOLLOW_LINKS);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
            if (posix && !dir.equals(root)) {
              Fixtures.setPermissions(dir, 0750);
            }
            Fixtures.setTimes(dir, Fixtures.ATIME, Fixtures.MTIME);
            return FileVisitResult.CONTINUE;
          }
        });
  }

  /**
   * The expected scan, read with Files.walkFileTree, in walk order (the caller states the order it
   * expects).
   */
  static List<ScanEntry> oracle(Path root, boolean followLinks, boolean includeDirectories)
      throws IOException {
    List<ScanEntry> out = new ArrayList<>();
    Set<FileVisitOption> options =
        followLinks ? EnumSet.of(FileVisitOption.FOLLOW_LINKS) : Set.of();
    Files.walkFileTree(
        root,
        options,
        Integer.MAX_VALUE,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs)
              throws IOException {
            if (!dir.equals(root) && includeDirectories) {
              out.add(entry(dir, attrs));
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            out.add(entry(file, attrs));
            return FileVisitResult.CONTINUE;
          }

          private ScanEntry entry(Path path, BasicFileAttributes attrs) throws IOException {
            String relative = RelativePaths.of(root, path);
            LinkOption[] how = attrs.isSymbolicLink() ? Oracle.NOFOLLOW : new LinkOption[0];
            return new ScanEntry(
                relative,
                path.getFileName().toString(),
                Oracle.kind(path, how),
                attrs.size(),
                Oracle.mode(path, how),
                Oracle.nanos(attrs.lastModifiedTime()),
                relative.split("/").length);
          }
        });
    return out;
  }

  /**
   * Asserts the scan equals the oracle's entries, and that their paths come in exactly {@code
   * order}.
   */
  private static void assertScan(
      List<ScanEntry> expected, List<String> order, List<ScanEntry> actual) {
    assertEquals(
        order,
        actual.stream().map(ScanEntry::path).collect(Collectors.toList()),
        "paths, in order");
    List<ScanEntry> sorted = new ArrayList<>(expected);
    sorted.sort((a, b) -> Integer.compare(order.indexOf(a.path()), order.indexOf(b.path())));
    assertEquals(sorted, actual, "every field");
  }

  static final List<String> TREE_ORDER =
      List.of(
          "d0",
          "d0/nested",
          "d0/nested/f0.js",
          "d0/nested/f1.js",
          "d0/nested/f2.js",
          "d0/nested/f3.js",
          "empty");

  /** treeOf4Files plus links: to a file, to a directory, dangling. */
  static Path treeWithLinks(Path at) throws IOException {
    Fixtures.treeOf4Files(at);
    Fixtures.symlink(at.resolve("to-f0"), "d0/nested/f0.js");
    Fixtures.symlink(at.resolve("d0/to-nested"), "nested");
    Fixtures.symlink(at.resolve("dangling"), "nowhere");
    return at;
  }

  @Override
  List<Case> cases(Env env) {
    boolean posix = env.has(Capability.POSIX_PERMISSIONS);
    return List.of(
        result(
            "tree of 4 files: every field, sorted",
            s -> {
              Path tree = Fixtures.treeOf4Files(s.path("tree"));
              settle(tree, posix);
              List<ScanEntry> actual = scan(s.fs(), tree, ScanOptions.DEFAULT);
              assertScan(oracle(tree, false, true), TREE_ORDER, actual);
              for (ScanEntry e : actual) {
                assertEquals(
                    Oracle.nanos(Fixtures.MTIME), e.mtimeNanos(), "known mtime of " + e.path());
                if (posix) {
                  assertEquals(
                      e.kind() == FileKind.FILE ? 0100640 : 040750,
                      e.mode(),
                      "known mode of " + e.path());
                }
              }
            }),
        result(
            "without directories: files only, same fields",
            s -> {
              Path tree = Fixtures.treeOf4Files(s.path("tree"));
              settle(tree, posix);
              assertScan(
                  oracle(tree, false, false),
                  List.of(
                      "d0/nested/f0.js", "d0/nested/f1.js", "d0/nested/f2.js", "d0/nested/f3.js"),
                  scan(s.fs(), tree, ScanOptions.DEFAULT.withIncludeDirectories(false)));
            }),
        result(
                "links not followed: SYMLINK entries with the link's own fields",
                s -> {
                  Path tree = treeWithLinks(s.path("tree"));
                  settle(tree, posix);
                  assertScan(
                      oracle(tree, false, true),
                      List.of(
                          "d0",
                          "d0/nested",
                          "d0/nested/f0.js",
                          "d0/nested/f1.js",
                          "d0/nested/f2.js",
                          "d0/nested/f3.js",
                          "d0/to-nested",
                          "dangling",
                          "empty",
                          "to-f0"),
                      scan(s.fs(), tree, ScanOptions.DEFAULT));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        result(
                "links followed: targets' fields, linked directories entered, dangling links as links",
                s -> {
                  Path tree = treeWithLinks(s.path("tree"));
                  settle(tree, posix);
                  assertScan(
                      oracle(tree, true, true),
                      List.of(
                          "d0",
                          "d0/nested",
                          "d0/nested/f0.js",
                          "d0/nested/f1.js",
                          "d0/nested/f2.js",
                          "d0/nested/f3.js",
                          "d0/to-nested",
                          "d0/to-nested/f0.js",
                          "d0/to-nested/f1.js",
                          "d0/to-nested/f2.js",
                          "d0/to-nested/f3.js",
                          "dangling",
                          "empty",
                          "to-f0"),
                      scan(s.fs(), tree, ScanOptions.DEFAULT.withFollowLinks(true)));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        result(
                "concurrency 4: same entries",
                s -> {
                  Path tree = treeWithLinks(s.path("tree"));
                  settle(tree, posix);
                  assertScan(
                      oracle(tree, false, true),
                      List.of(
                          "d0",
                          "d0/nested",
                          "d0/nested/f0.js",
                          "d0/nested/f1.js",
                          "d0/nested/f2.js",
                          "d0/nested/f3.js",
                          "d0/to-nested",
                          "dangling",
                          "empty",
                          "to-f0"),
                      scan(s.fs(), tree, ScanOptions.DEFAULT.withConcurrency(4)));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        result(
            "order is by code point (UTF-8 bytes), not by UTF-16 unit",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("names"));
              for (String name : List.of("🙂", "ｚ", "é", "a", "B")) {
                Fixtures.fileOf4KiB(dir.resolve(name));
              }
              settle(dir, posix);
              assertScan(
                  oracle(dir, false, true),
                  List.of("B", "a", "é", "ｚ", "🙂"),
                  scan(s.fs(), dir, ScanOptions.DEFAULT));
            }),
        result(
            "empty directory: no entries",
            s ->
                assertEquals(
                    List.of(), scan(s.fs(), Fixtures.emptyDir(s.path("d")), ScanOptions.DEFAULT))),
        error(
            "missing root: NoSuchFileException",
            s -> {
              Path missing = s.path("missing");
              s.fails(
                  Failure.of(NoSuchFileException.class, missing),
                  () -> scan(s.fs(), missing, ScanOptions.DEFAULT));
            }),
        error(
            "root is a FIFO: NotDirectoryException, without blocking",
            s -> {
              Path fifo = Fifos.make(s, s.path("fifo"));
              s.fails(
                  Failure.of(NotDirectoryException.class, fifo),
                  () -> Fifos.withoutBlocking(fifo, () -> scan(s.fs(), fifo, ScanOptions.DEFAULT)));
            }),
        result(
            "a FIFO in the tree: listed as other, never opened",
            s -> {
              Path root = Fixtures.emptyDir(s.path("tree"));
              Path fifo = Fifos.make(s, root.resolve("fifo"));
              java.util.List<dev.fsbench.spi.ScanEntry> entries =
                  Fifos.withoutBlocking(fifo, () -> scan(s.fs(), root, ScanOptions.DEFAULT));
              assertEquals(
                  java.util.List.of("fifo"),
                  entries.stream()
                      .map(dev.fsbench.spi.ScanEntry::path)
                      .collect(java.util.stream.Collectors.toList()));
              assertEquals(dev.fsbench.spi.FileKind.OTHER, entries.get(0).kind());
            }),
        error(
            "root is a file: NotDirectoryException",
            s -> {
              Path file = Fixtures.fileOf4KiB(s.path("f"));
              s.fails(
                  Failure.of(NotDirectoryException.class, file),
                  () -> scan(s.fs(), file, ScanOptions.DEFAULT));
            }),
        error(
                "following a link cycle: FileSystemLoopException naming the link",
                s -> {
                  Path tree = Fixtures.treeOf4Files(s.path("tree"));
                  Path loop = Fixtures.symlink(tree.resolve("d0/loop"), "..");
                  s.fails(
                      Failure.of(FileSystemLoopException.class, loop),
                      () -> scan(s.fs(), tree, ScanOptions.DEFAULT.withFollowLinks(true)));
                })
            .needing(Capability.SYMBOLIC_LINKS));
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
        "walks the directory caf\\xe9, not its twin",
        s -> {
          Pair p = Pair.directories(s, true);
          List<ScanEntry>[] entries = new List[1];
          if (acted(p.latin(), () -> entries[0] = scan(s.fs(), p.latin(), ScanOptions.DEFAULT))) {
            assertEquals(
                List.of("a"),
                entries[0].stream().map(ScanEntry::path).collect(Collectors.toList()));
            assertEquals(LATIN.length, entries[0].get(0).size());
          }
          p.twinDirectoryUntouched();
        });
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        belowLockedSubdirectory(
            op(), "a 000 subdirectory", (fs, d) -> scan(fs, d.resolve("t"), ScanOptions.DEFAULT)));
  }

  /** scan through {@code fs}, sync or async by its mode. */
  static List<ScanEntry> scan(Calls fs, Path root, ScanOptions options) throws IOException {
    return fs.call(b -> b.scan(root, options), b -> b.scanAsync(root, options));
  }
}
