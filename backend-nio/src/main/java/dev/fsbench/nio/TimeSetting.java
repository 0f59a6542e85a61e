package dev.fsbench.nio;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;

/**
 * utimes: {@link BasicFileAttributeView#setTimes} on the path, links followed, to the nanosecond,
 * without waiting forever on a FIFO.
 *
 * <pre>{@code
 * TimeSetting.set(fifo, atime, mtime);   // returns; Files' setTimes alone waits for a writer
 * }</pre>
 *
 * <p>The JDK's {@code setTimes} opens the file ({@code open(O_RDONLY)}) and sets the times on the
 * descriptor ({@code futimens}, nanoseconds), on JDK 17 and 25 alike; it falls back to a call by
 * path ({@code utimensat}, or {@code lutimes} on JDK 17) only when that open fails with ELOOP or
 * ENXIO. Opening a FIFO for reading waits until a writer comes, so utimes of a FIFO blocked
 * forever. A view asked for with {@code NOFOLLOW_LINKS} does not help: measured with strace, it
 * opens with {@code O_RDONLY|O_NOFOLLOW} (JDK 17 after an {@code lstat}) and waits the same way; it
 * takes the path call only for a link, and JDK 17's {@code lutimes} would cut the times to
 * microseconds. The JDK has no {@code utimensat} by path of its own and no {@code O_NONBLOCK}.
 *
 * <p>So one {@code stat} first (links followed, as utimes follows them). A FIFO is then opened for
 * reading and writing ({@code O_RDWR}, which on Linux never waits: the opener is its own writer)
 * and held while {@code setTimes} runs, whose own open then finds a writer and returns at once;
 * nothing is read or written. Every other file takes {@code setTimes} as before, nanoseconds kept
 * on both JDKs. A stat that fails leaves the failure to {@code setTimes}, so that the exception is
 * NIO's own (JDK 25's lookups call a file used as a directory missing, its {@code setTimes} says
 * "Not a directory").
 *
 * <p>What it costs: the stat, on every call (one more system call than NIO's three). What is left:
 * a FIFO the caller may read but not write cannot be held, and is refused with the {@code
 * AccessDeniedException} of that open; while it is held (microseconds) a process waiting to open
 * the FIFO is let through, and one that writes then finds no reader once it is closed; a path
 * swapped for a FIFO between the stat and {@code setTimes} still waits. Written for this backend.
 */
final class TimeSetting {
  private TimeSetting() {}

  /** {@code S_IFMT} and {@code S_IFIFO} of {@code st_mode}. */
  private static final int TYPE_MASK = 0170000;

  private static final int FIFO = 0010000;

  static void set(Path path, FileTime atime, FileTime mtime) throws IOException {
    FileChannel writer =
        isFifo(path)
            ? FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)
            : null;
    try {
      Files.getFileAttributeView(path, BasicFileAttributeView.class).setTimes(mtime, atime, null);
    } finally {
      if (writer != null) {
        writer.close();
      }
    }
  }

  /** Whether {@code path} is a FIFO, links followed; false if it cannot be read. */
  private static boolean isFifo(Path path) {
    try {
      if (!Files.readAttributes(path, BasicFileAttributes.class).isOther()) {
        return false;
      }
      if (!path.getFileSystem().supportedFileAttributeViews().contains("unix")) {
        return false;
      }
      return ((Integer) Files.getAttribute(path, "unix:mode") & TYPE_MASK) == FIFO;
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return false;
    }
  }
}
