package dev.fsbench.nio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.support.TreeRemoval;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * cp -r while a directory of the target, or of the source, is swapped again and again for a
 * symbolic link to a victim directory: the copy may fail, but it must never write into the victim
 * (target side) nor copy anything of the victim (source side). With the path walk ({@link
 * TreeCopy}'s visitor) 1,679 entries were written into a victim in 1,000 such races; {@link
 * SecureTreeCopy} works by directory handles.
 */
class CpSwapRaceTest {
  private static final int TRIES = 200;

  private Path dir;
  private Path victim;
  private Map<String, String> victimBefore;

  @BeforeEach
  void makeDirs() throws IOException {
    Path shm = Path.of("/dev/shm");
    dir =
        Files.isDirectory(shm) && Files.isWritable(shm)
            ? Files.createTempDirectory(shm, "fsbench-cp-race-")
            : Files.createTempDirectory("fsbench-cp-race-");
    victim = Files.createDirectory(dir.resolve("victim"));
    fill(victim, "victim's"); // the names of the swapped directory's own entries
    victimBefore = manifest(victim);
  }

  @AfterEach
  void removeDirs() throws IOException {
    TreeRemoval.cleanUp(dir);
  }

  /** {@code source<t>/}: 10 files, and {@code d/} as {@link #fill} makes it. */
  private Path source(int t) throws IOException {
    Path source = Files.createDirectory(dir.resolve("source" + t));
    for (int i = 0; i < 10; i++) {
      Files.writeString(source.resolve("f" + i), "source");
    }
    fill(Files.createDirectory(source.resolve("d")), "source");
    return source;
  }

  /**
   * 30 files, a link and {@code sub/} with 10 more files, each file holding {@code content} and the
   * link pointing to a name that says the same: the victim has the names of the swapped directory,
   * so that a path walk that follows the swapped-in link finds what it looks for there, reads it
   * and overwrites it.
   */
  private static void fill(Path d, String content) throws IOException {
    for (int i = 0; i < 30; i++) {
      Files.writeString(d.resolve("g" + i), content);
    }
    Files.createSymbolicLink(d.resolve("link"), d.getFileSystem().getPath(content));
    Path sub = Files.createDirectory(d.resolve("sub"));
    for (int i = 0; i < 10; i++) {
      Files.writeString(sub.resolve("h" + i), content);
    }
  }

  @Test
  void aTargetDirectorySwappedForALinkIsNeverWrittenThrough() throws Exception {
    long swaps = 0;
    try (NioBackend nio = new NioBackend(BackendConfig.DEFAULT)) {
      for (int t = 0; t < TRIES; t++) {
        Path source = source(t);
        Path target = dir.resolve("target" + t);
        try (LinkSwapper swapper =
            LinkSwapper.start(target.resolve("d"), dir.resolve("aside" + t), victim)) {
          try {
            nio.cp(source, target, CpOptions.DEFAULT);
          } catch (IOException e) {
            // a race lost by the copy may fail it; writing through the link may not
          }
          swaps += swapper.swaps();
        }
        assertEquals(victimBefore, manifest(victim), "try " + t + ": the victim changed");
        TreeRemoval.cleanUp(target);
        TreeRemoval.cleanUp(dir.resolve("aside" + t));
        TreeRemoval.cleanUp(source);
      }
    }
    assertTrue(swaps > 0, "the swapper never got to swap");
  }

  @Test
  void aSourceDirectorySwappedForALinkIsNeverReadThrough() throws Exception {
    long swaps = 0;
    try (NioBackend nio = new NioBackend(BackendConfig.DEFAULT)) {
      for (int t = 0; t < TRIES; t++) {
        Path source = source(t);
        Path target = dir.resolve("target" + t);
        try (LinkSwapper swapper =
            LinkSwapper.start(source.resolve("d"), dir.resolve("aside" + t), victim)) {
          try {
            nio.cp(source, target, CpOptions.DEFAULT);
          } catch (IOException e) {
            // a race lost by the copy may fail it; reading through the link may not
          }
          swaps += swapper.swaps();
        }
        Map<String, String> copied = manifest(target);
        assertTrue(
            copied.values().stream().noneMatch(v -> v.contains("victim's")),
            "try " + t + ": the victim was copied: " + copied);
        assertEquals(victimBefore, manifest(victim), "try " + t + ": the victim changed");
        TreeRemoval.cleanUp(target);
        TreeRemoval.cleanUp(dir.resolve("aside" + t));
        TreeRemoval.cleanUp(source);
      }
    }
    assertTrue(swaps > 0, "the swapper never got to swap");
  }

  /** Every entry below {@code root} (links not followed): its content, "dir" or its link. */
  private static Map<String, String> manifest(Path root) throws IOException {
    Map<String, String> out = new TreeMap<>();
    if (!Files.exists(root)) {
      return out;
    }
    try (Stream<Path> all = Files.walk(root)) {
      for (Path p : (Iterable<Path>) all::iterator) {
        String kind =
            Files.isSymbolicLink(p) ? "link" : Files.isDirectory(p) ? "dir" : Files.readString(p);
        out.put(root.relativize(p).toString(), kind);
      }
    }
    return out;
  }
}
