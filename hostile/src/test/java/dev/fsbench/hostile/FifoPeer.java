package dev.fsbench.hostile;

import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The other end of a FIFO while a call under test uses it. Opening a FIFO blocks until both ends
 * are open, so a read of one needs a writer and a write needs a reader; the peer opens its end on a
 * thread of its own. When the call never opened the FIFO (it refused it), {@link #finish()} opens
 * the opposite end itself so that the peer's own open returns, and nothing stays blocked.
 */
final class FifoPeer {
  /** Which end the peer holds. */
  enum Direction {
    /** Writes {@link #CONTENT} and closes: the call reads it and sees the end. */
    WRITER,
    /** Reads to the end: the call writes. */
    READER
  }

  static final byte[] CONTENT = "fed through the fifo\n".getBytes(StandardCharsets.US_ASCII);

  private final Path fifo;
  private final Direction direction;
  private final Thread thread;

  private FifoPeer(Path fifo, Direction direction) {
    this.fifo = fifo;
    this.direction = direction;
    this.thread = new Thread(this::run, "fifo-peer");
    this.thread.setDaemon(true);
  }

  static FifoPeer start(Path fifo, Direction direction) {
    FifoPeer peer = new FifoPeer(fifo, direction);
    peer.thread.start();
    return peer;
  }

  private void run() {
    try {
      if (direction == Direction.WRITER) {
        try (OutputStream out = new FileOutputStream(fifo.toFile())) {
          out.write(CONTENT);
        }
      } else {
        try (InputStream in = new FileInputStream(fifo.toFile())) {
          in.transferTo(OutputStream.nullOutputStream());
        }
      }
    } catch (IOException e) {
      // the call removed or replaced the FIFO: nothing left to feed
    }
  }

  /**
   * Opens {@code path} for reading and writing at once if it is a FIFO (on Linux that never
   * blocks), which completes any open of it blocked on the other end, and closes it again.
   */
  static void release(Path path) {
    try {
      Object mode = Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS);
      if (mode instanceof Integer && ((Integer) mode & 0170000) == 0010000) {
        new RandomAccessFile(path.toFile(), "rw").close();
      }
    } catch (IOException | UnsupportedOperationException e) {
      // not there, or not a FIFO: nothing to release
    }
  }

  /** Waits for the peer; releases it first if the call never opened the FIFO. */
  void finish() throws InterruptedException {
    thread.join(TimeUnit.MILLISECONDS.toMillis(200));
    if (!thread.isAlive()) {
      return;
    }
    try {
      if (direction == Direction.WRITER) {
        try (InputStream in = new FileInputStream(fifo.toFile())) {
          in.transferTo(OutputStream.nullOutputStream());
        }
      } else {
        try (OutputStream out = new FileOutputStream(fifo.toFile())) {
          out.flush();
        }
      }
    } catch (IOException e) {
      // gone meanwhile
    }
    thread.join(TimeUnit.SECONDS.toMillis(5));
  }
}
