package dev.fsbench.harness.workload.tree;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * What the tests of {@code --tree} need to tell that a source tree was only read: its manifest's
 * hash, and every entry's modification and access times, with access times set where reading cannot
 * move them.
 *
 * <p>Under {@code relatime} (the Linux default) a read updates an access time only when it is not
 * later than the modification or change time, or a day old; {@link #accessTimesInTheFuture} puts
 * every access time an hour ahead, so that on such a mount (and on {@code noatime}) any change of
 * one afterwards is a write. Under {@code strictatime} every read moves it, so the tests check
 * access times only where {@link #readsKeepAccessTimes} says the mount allows it.
 */
public final class SourceTrees {
  private SourceTrees() {}

  /** SHA-256 of the tree's manifest (names, kinds, sizes, permission bits, link targets). */
  public static String manifestSha256(Path root) throws IOException {
    return TreeManifest.read(root).sha256();
  }

  /**
   * Sets every regular file's and directory's access time an hour ahead; links and special files
   * keep theirs (NIO sets times through an open descriptor, and opening a FIFO blocks).
   */
  public static void accessTimesInTheFuture(Path root) throws IOException {
    FileTime later = FileTime.from(Instant.now().plusSeconds(3600));
    try (Stream<Path> all = Files.walk(root)) {
      for (Path p : (Iterable<Path>) all::iterator) {
        if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)
            || Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
          Files.getFileAttributeView(p, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
              .setTimes(null, later, null);
        }
      }
    }
  }

  /**
   * Every regular file's and directory's modification time, and its access time where {@code
   * withAccess}, by relative path.
   */
  public static Map<String, List<FileTime>> times(Path root, boolean withAccess)
      throws IOException {
    Map<String, List<FileTime>> out = new LinkedHashMap<>();
    try (Stream<Path> all = Files.walk(root)) {
      for (Path p : (Iterable<Path>) all::iterator) {
        if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)
            && !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
          continue;
        }
        FileTime modified = Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS);
        FileTime accessed =
            (FileTime) Files.getAttribute(p, "lastAccessTime", LinkOption.NOFOLLOW_LINKS);
        out.put(
            root.relativize(p).toString(),
            withAccess ? List.of(modified, accessed) : List.of(modified));
      }
    }
    return out;
  }

  /**
   * Whether reading under {@code path} leaves access times that lie ahead alone: its mount is not
   * {@code strictatime} (from /proc/mounts; unknown counts as not).
   */
  public static boolean readsKeepAccessTimes(Path path) throws IOException {
    Path real = path.toRealPath();
    Path mounts = Path.of("/proc/mounts");
    if (!Files.isReadable(mounts)) {
      return false;
    }
    String best = null;
    String options = null;
    for (String line : Files.readAllLines(mounts)) {
      String[] f = line.split(" ");
      if (f.length >= 4
          && real.startsWith(f[1])
          && (best == null || f[1].length() > best.length())) {
        best = f[1];
        options = f[3];
      }
    }
    return options != null && !List.of(options.split(",")).contains("strictatime");
  }

  /** Makes a FIFO with {@code mkfifo}; aborts the test where there is none. */
  public static void mkfifo(Path at) throws IOException, InterruptedException {
    Process p;
    try {
      p = new ProcessBuilder("mkfifo", at.toString()).redirectErrorStream(true).start();
    } catch (IOException e) {
      Assumptions.abort("mkfifo is not on the PATH (Debian's coreutils has it): " + e);
      return;
    }
    if (p.waitFor() != 0) {
      throw new IOException("mkfifo " + at + ": " + new String(p.getInputStream().readAllBytes()));
    }
  }
}
