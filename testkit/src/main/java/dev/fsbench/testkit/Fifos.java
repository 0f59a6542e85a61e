package dev.fsbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.opentest4j.AssertionFailedError;

/**
 * FIFOs for the cases that pass one where a directory (or a tree of regular files) is expected:
 * opening a FIFO for reading blocks until a writer comes, so a backend that opens it hangs instead
 * of failing.
 *
 * <p>{@link #withoutBlocking} is a hang guard, not a timing: the call must return or throw within
 * {@value #GUARD_SECONDS} s, generous for a call that should take microseconds, so that a backend
 * blocked in {@code open(2)} fails its case instead of stalling the build. When the guard fires,
 * the FIFO is opened read-write (which never blocks on Linux and counts as a writer), so a thread
 * stuck in opening it for reading is released.
 */
final class Fifos {
  private Fifos() {}

  static final long GUARD_SECONDS = 10;

  @FunctionalInterface
  interface Call<T> {
    T run() throws Throwable;
  }

  /**
   * Makes a FIFO at {@code at} with {@code mkfifo}; aborts the case where there is none (another
   * filesystem, no tool).
   */
  static Path make(Sandbox s, Path at) throws Exception {
    Assumptions.assumeTrue(
        s.env().isDefaultFileSystem(), "FIFOs exist only on the default filesystem");
    Files.createDirectories(at.getParent());
    Process mkfifo;
    try {
      mkfifo = new ProcessBuilder("mkfifo", at.toString()).redirectErrorStream(true).start();
    } catch (IOException e) {
      Assumptions.abort("no mkfifo: " + e.getMessage());
      throw e;
    }
    if (!mkfifo.waitFor(30, TimeUnit.SECONDS)) {
      mkfifo.destroyForcibly();
      throw new AssertionError("mkfifo did not finish");
    }
    assertEquals(0, mkfifo.exitValue(), () -> "mkfifo " + at);
    BasicFileAttributes attributes =
        Files.readAttributes(at, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    Assertions.assertTrue(attributes.isOther(), "kit self-check: " + at + " is a FIFO");
    return at;
  }

  /** Runs {@code call} under the hang guard; what it returns or throws passes through. */
  static <T> T withoutBlocking(Path fifo, Call<T> call) {
    try {
      return Assertions.assertTimeoutPreemptively(
          Duration.ofSeconds(GUARD_SECONDS),
          call::run,
          () ->
              "blocked for "
                  + GUARD_SECONDS
                  + " s on the FIFO "
                  + fifo
                  + " (hang guard: it must fail at once)");
    } catch (AssertionFailedError e) {
      if (e.getMessage() != null && e.getMessage().contains("hang guard")) {
        release(fifo);
      }
      throw e;
    }
  }

  private static void release(Path fifo) {
    try (FileChannel unjam =
        FileChannel.open(fifo, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      // opened read-write: a reader blocked in open(2) sees a writer and returns
    } catch (IOException ignored) {
      // gone already: nothing is blocked on it
    }
  }

  /** Whether {@code path} is a FIFO (the "unix" view's type bits), links not followed. */
  static boolean isFifo(Path path) throws IOException {
    int mode = (Integer) Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS);
    return (mode & 0170000) == 0010000;
  }
}
