package dev.fsbench.harness.workload.tree;

import dev.fsbench.harness.model.TreeShape;
import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.ScanEntry;
import dev.fsbench.support.RelativePaths;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The tree of the tree scenarios: {@code source/d{i/25}/nested/f{i}.js}, one 4 KiB payload each,
 * plus the empty directory {@code source/empty}.
 *
 * <pre>
 * tree-4      source/d0/nested/f0.js .. f3.js, source/empty                      4 files,       3 directories
 * tree-1000   source/d0 .. d39, each with nested/ holding 25 files, source/empty  1,000 files,   81 directories
 * tree-156k   source/d0 .. d6249, likewise                                       156,250 files, 12,501 directories
 * </pre>
 *
 * The large tree is the same generator at the seed's scale (its cross-check tree had 156,248 files
 * in 19,531 directories): one shape at every scale, so that a difference between scales is the
 * number of entries and nothing else. Its fixture is about 640 MiB of payload, seconds to build and
 * to remove; it is opt-in for that reason.
 */
public final class TreeFixture {
  private TreeFixture() {}

  /** Files per {@code d<k>} directory. */
  static final int FILES_PER_DIRECTORY = 25;

  /** Files of the opt-in large tree. */
  static final int LARGE_FILES = 156_250;

  /** The name of the tree's root directory. */
  public static final String ROOT = "source";

  /** One entry of a tree: its path relative to the root, {@code '/'}-separated, and its kind. */
  public record Entry(String path, FileKind kind) {
    static final Comparator<Entry> ORDER =
        Comparator.comparing(Entry::path, ScanEntry::compareCodePoints);

    public String name() {
      return path.substring(path.lastIndexOf('/') + 1);
    }

    public int depth() {
      return (int) path.chars().filter(c -> c == '/').count() + 1;
    }
  }

  /**
   * Creates the tree of {@code files} files at {@code root}, which must not exist yet (its parent
   * must).
   */
  static void create(Path root, int files, byte[] payload) throws IOException {
    Files.createDirectory(root);
    Path nested = null;
    for (int i = 0; i < files; i++) {
      if (i % FILES_PER_DIRECTORY == 0) {
        nested = root.resolve("d" + i / FILES_PER_DIRECTORY);
        Files.createDirectory(nested);
        nested = Files.createDirectory(nested.resolve("nested"));
      }
      Fixtures.write(nested.resolve("f" + i + ".js"), payload);
    }
    Files.createDirectory(root.resolve("empty"));
  }

  /** Every entry below the root of a tree of {@code files} files, sorted by code point. */
  static List<Entry> manifest(int files) {
    List<Entry> entries = new ArrayList<>();
    for (int i = 0; i < files; i++) {
      String dir = "d" + i / FILES_PER_DIRECTORY;
      if (i % FILES_PER_DIRECTORY == 0) {
        entries.add(new Entry(dir, FileKind.DIRECTORY));
        entries.add(new Entry(dir + "/nested", FileKind.DIRECTORY));
      }
      entries.add(new Entry(dir + "/nested/f" + i + ".js", FileKind.FILE));
    }
    entries.add(new Entry("empty", FileKind.DIRECTORY));
    entries.sort(Entry.ORDER);
    return entries;
  }

  /** The shape of the tree of {@code files} files, for run.json. */
  static TreeShape shape(int files) {
    return TreeManifest.synthetic(files).shape("synthetic", false);
  }

  /** The number of directories below the root: two per {@code d<k>} and {@code empty}. */
  static int directories(int files) {
    return 2 * ((files + FILES_PER_DIRECTORY - 1) / FILES_PER_DIRECTORY) + 1;
  }

  /** Every entry below {@code root} (not followed through links), sorted by code point. */
  public static List<Entry> walk(Path root) throws IOException {
    List<Entry> entries = new ArrayList<>();
    Files.walkFileTree(
        root,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
            if (!dir.equals(root)) {
              entries.add(new Entry(RelativePaths.of(root, dir), FileKind.DIRECTORY));
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
            entries.add(new Entry(RelativePaths.of(root, file), FileKind.of(attrs)));
            return FileVisitResult.CONTINUE;
          }
        });
    entries.sort(Entry.ORDER);
    return entries;
  }
}
