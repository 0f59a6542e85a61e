package dev.fsbench.jnrposix;

import dev.fsbench.spi.FsErrors;
import dev.fsbench.spi.ReadLimit;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import jnr.constants.platform.OpenFlags;
import jnr.posix.FileStat;
import jnr.posix.POSIX;

/**
 * readFile, writeFile and appendFile as a jnr-posix user writes them: {@code POSIX.open}, {@code
 * read} or {@code write} until done, {@code close}. Arrays go to jnr-posix as heap {@code
 * ByteBuffer}s over the caller's array at the offset reached (jnr-ffi copies the region into C
 * memory for the call, in for a write, out for a read).
 *
 * <p>readFile sizes its array from {@code fstat}, as NIO's {@code readAllBytes} does, and stops at
 * that size (the snapshot NIO and the native library read too); a source whose size says nothing
 * (procfs, a device, a FIFO) is read into a buffer that doubles, and every size is held to the
 * SPI's {@link ReadLimit}: past it the read is refused naming the path, before the heap is gone. A
 * directory opens (O_RDONLY) and fails as NIO's read fails, "Is a directory". writeFile and
 * appendFile write until every byte is written (a short write continues where it stopped) and
 * report a failed {@code close}, where a delayed write error shows. An interrupted call (EINTR) is
 * made again.
 */
final class Content {
  private Content() {}

  private static final int O_CLOEXEC = OpenFlags.O_CLOEXEC.intValue();
  private static final int READ = OpenFlags.O_RDONLY.intValue() | O_CLOEXEC;
  private static final int WRITE =
      OpenFlags.O_WRONLY.intValue() | OpenFlags.O_CREAT.intValue() | O_CLOEXEC;
  private static final int TRUNCATE = WRITE | OpenFlags.O_TRUNC.intValue();
  private static final int APPEND = WRITE | OpenFlags.O_APPEND.intValue();

  /** The first buffer for a source of unknown size. */
  private static final int FIRST_CHUNK = 8192;

  static byte[] read(POSIX posix, String file, Path path) throws IOException {
    int fd = open(posix, file, READ, 0, path);
    IOException failure = null;
    try {
      FileStat st = stat(posix, fd, path);
      if (st.isDirectory()) {
        throw FsErrors.isADirectory(path);
      }
      long size = st.st_size();
      if (size > ReadLimit.bytes()) {
        throw ReadLimit.exceeded(path);
      }
      return size > 0 ? readKnown(posix, fd, (int) size, path) : readToEnd(posix, fd, path);
    } catch (IOException e) {
      failure = e;
      throw e;
    } finally {
      close(posix, fd, path, failure);
    }
  }

  /** {@code fstat}, whose failure jnr-posix may report through the handler or the errno. */
  private static FileStat stat(POSIX posix, int fd, Path path) throws IOException {
    FileStat st = posix.allocateStat();
    try {
      if (posix.fstat(fd, st) < 0) {
        throw Errors.of(posix, Call.CONTENT, posix.errno(), path);
      }
    } catch (PosixCallFailed e) {
      throw Errors.of(posix, Call.CONTENT, e.errno(), path);
    }
    return st;
  }

  /** Up to {@code size} bytes: fewer if the file shrank meanwhile. */
  private static byte[] readKnown(POSIX posix, int fd, int size, Path path) throws IOException {
    byte[] buf = new byte[size];
    int got = 0;
    while (got < size) {
      int n = readSome(posix, fd, buf, got, path);
      if (n == 0) {
        return Arrays.copyOf(buf, got);
      }
      got += n;
    }
    return buf;
  }

  /** To the end of the source, at most {@link ReadLimit#bytes()}. */
  private static byte[] readToEnd(POSIX posix, int fd, Path path) throws IOException {
    long limit = ReadLimit.bytes();
    byte[] buf = new byte[(int) Math.min(FIRST_CHUNK, limit)];
    int got = 0;
    while (true) {
      if (got == buf.length) {
        if (buf.length >= limit) {
          if (readSome(posix, fd, new byte[1], 0, path) == 0) {
            return buf;
          }
          throw ReadLimit.exceeded(path);
        }
        buf = Arrays.copyOf(buf, (int) Math.min(2L * buf.length, limit));
      }
      int n = readSome(posix, fd, buf, got, path);
      if (n == 0) {
        return got == buf.length ? buf : Arrays.copyOf(buf, got);
      }
      got += n;
    }
  }

  /** One {@code read} into {@code buf} from {@code offset} to its end; 0 at the end of file. */
  private static int readSome(POSIX posix, int fd, byte[] buf, int offset, Path path)
      throws IOException {
    int room = buf.length - offset;
    while (true) {
      int n = posix.read(fd, ByteBuffer.wrap(buf, offset, room), room);
      if (n >= 0) {
        return n;
      }
      int errno = posix.errno();
      if (errno != Errors.EINTR) {
        throw Errors.of(posix, Call.CONTENT, errno, path);
      }
    }
  }

  static void write(POSIX posix, String file, Path path, byte[] data, boolean append)
      throws IOException {
    int fd = open(posix, file, append ? APPEND : TRUNCATE, 0666, path);
    IOException failure = null;
    try {
      int done = 0;
      while (done < data.length) {
        int left = data.length - done;
        int n = posix.write(fd, ByteBuffer.wrap(data, done, left), left);
        if (n < 0) {
          int errno = posix.errno();
          if (errno != Errors.EINTR) {
            throw Errors.of(posix, Call.CONTENT, errno, path);
          }
        } else {
          done += n;
        }
      }
    } catch (IOException e) {
      failure = e;
      throw e;
    } finally {
      close(posix, fd, path, failure);
    }
  }

  private static int open(POSIX posix, String file, int flags, int mode, Path path)
      throws IOException {
    while (true) {
      int fd = posix.open(file, flags, mode);
      if (fd >= 0) {
        return fd;
      }
      int errno = posix.errno();
      if (errno != Errors.EINTR) {
        throw Errors.of(posix, Call.CONTENT, errno, path);
      }
    }
  }

  /**
   * Closes {@code fd}; a failed close is the call's failure unless one is already on its way
   * ({@code failure}), to which it is added. The descriptor is released either way (Linux frees it
   * even when close reports an error, so it is never closed twice).
   */
  private static void close(POSIX posix, int fd, Path path, IOException failure)
      throws IOException {
    if (posix.close(fd) == 0) {
      return;
    }
    IOException closing = Errors.of(posix, Call.CONTENT, posix.errno(), path);
    if (failure != null) {
      failure.addSuppressed(closing);
      return;
    }
    throw closing;
  }
}
