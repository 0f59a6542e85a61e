package dev.fsbench.commonsio;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.RmOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The declared deviation of this backend (README, DESIGN.md's safety section), shown without a
 * race: Commons IO's own walks ({@code DeletingPathVisitor}, {@code CopyDirectoryVisitor}, over
 * {@code Files.walkFileTree}) read a directory's attributes, then open it and address its entries
 * by path, so a directory swapped for a link to a victim in between is followed. The backend runs
 * Commons IO as it is, since that is what it measures; these tests make the swap at exactly that
 * moment, through a filesystem that is the default one with a hook before each provider call
 * ({@link RecordingFileSystem#beforeEachCall}), and check what the library then does to the victim.
 * If a Commons IO release stops following the link, they fail, and the declaration must go.
 */
class SwappedDirectoryTest {
  @TempDir Path dir;

  private RecordingFileSystem fs;
  private FsBackend commonsIo;
  private Path victim;

  @BeforeEach
  void wrapTheDefaultFilesystem() throws IOException {
    fs = RecordingFileSystem.wrap(FileSystems.getDefault()); // never closed: it is the default one
    commonsIo = new CommonsIoBackend(BackendConfig.builder().fileSystem(fs).build());
    victim = Files.createDirectory(dir.resolve("victim"));
    for (int i = 0; i < 3; i++) {
      Files.writeString(victim.resolve("g" + i), "victim's");
    }
  }

  @AfterEach
  void close() throws IOException {
    commonsIo.close();
  }

  /** {@code tree/d/g0..g2} holding "tree's", beside {@code tree/f}. */
  private Path tree(String name) throws IOException {
    Path tree = Files.createDirectories(dir.resolve(name + "/d"));
    for (int i = 0; i < 3; i++) {
      Files.writeString(tree.resolve("g" + i), "tree's");
    }
    Files.writeString(tree.resolveSibling("f"), "tree's");
    return tree.getParent();
  }

  /**
   * Swaps {@code directory} for a link to the victim the first time {@code call} reaches a path in
   * {@code in} (or {@code in} itself).
   */
  private void swapOnce(String call, Path in, Path directory) {
    AtomicBoolean done = new AtomicBoolean();
    fs.beforeEachCall(
        (c, path) -> {
          boolean there = path.equals(in) || in.equals(path.getParent());
          if (c.startsWith(call) && there && done.compareAndSet(false, true)) {
            try {
              Files.move(directory, dir.resolve("aside"));
              Files.createSymbolicLink(directory, victim);
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          }
        });
  }

  @Test
  void rmDeletesTheVictimsFilesThroughADirectorySwappedBeforeItsOpen() throws IOException {
    Path tree = tree("tree");
    swapOnce("newDirectoryStream", tree.resolve("d"), tree.resolve("d"));
    try {
      commonsIo.rm(fs.getPath(tree.toString()), RmOptions.RECURSIVE_FORCE);
    } catch (IOException e) {
      // what Commons IO reports afterwards does not matter here; what it deleted does
    }
    assertEquals(Map.of(), manifest(victim), "Commons IO deleted the victim's files");
  }

  @Test
  void cpCopiesTheVictimThroughASourceDirectorySwappedBeforeItsOpen() throws IOException {
    Path source = tree("source");
    Path target = dir.resolve("target");
    swapOnce("newDirectoryStream", source.resolve("d"), source.resolve("d"));
    commonsIo.cp(fs.getPath(source.toString()), fs.getPath(target.toString()), CpOptions.DEFAULT);
    assertEquals(
        Map.of("g0", "victim's", "g1", "victim's", "g2", "victim's"),
        manifest(target.resolve("d")),
        "Commons IO copied the victim's files as the source's");
  }

  @Test
  void cpWritesIntoTheVictimThroughATargetDirectorySwappedAfterItsCreation() throws IOException {
    Path source = tree("source");
    Path target = dir.resolve("target");
    swapOnce("copy (source)", source.resolve("d"), target.resolve("d"));
    try {
      commonsIo.cp(fs.getPath(source.toString()), fs.getPath(target.toString()), CpOptions.DEFAULT);
    } catch (IOException e) {
      // setting the copy's permission bits may fail after the swap; the files are written by then
    }
    assertEquals(
        Map.of("g0", "tree's", "g1", "tree's", "g2", "tree's"),
        manifest(victim),
        "Commons IO overwrote the victim's files with the source's");
  }

  /** The regular files directly in {@code d} and their content (links not followed). */
  private static Map<String, String> manifest(Path d) throws IOException {
    Map<String, String> out = new TreeMap<>();
    try (Stream<Path> entries = Files.list(d)) {
      for (Path p : (Iterable<Path>) entries::iterator) {
        if (Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
          out.put(p.getFileName().toString(), Files.readString(p));
        }
      }
    }
    return out;
  }
}
