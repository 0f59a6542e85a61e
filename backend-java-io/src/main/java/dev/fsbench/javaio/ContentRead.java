package dev.fsbench.javaio;

import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.ReadLimit;
import dev.fsbench.support.LineBudget;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * readFile: {@code new FileInputStream(file).readAllBytes()}, within the SPI's {@link ReadLimit}.
 *
 * <p>{@code FileInputStream.readAllBytes()} sizes its array by the file's length and reads on to
 * the end, so a source whose length says 0 and that never ends ({@code /dev/zero}) would grow an
 * array until the heap is gone. So the length is asked first, with {@code File.length()} (one
 * {@code stat}, links followed; 0 for a path it cannot stat): a length above the limit is refused
 * before anything is opened; a length above zero is read by {@code readAllBytes()}; a length of
 * zero (an empty file, procfs, a device, a FIFO, a missing path) by a read loop that stops one byte
 * past the limit, and more than the limit is refused.
 *
 * <p>An open that fails is a {@link FileNotFoundException} whose message holds the system's reason
 * in words ("(No such file or directory)", "(Is a directory)"); the messages are not parsed: NIO's
 * readFile of the same path is made, on the error path only, and what it throws is thrown, or, the
 * cause gone meanwhile, what it read is returned. A read that fails midway names the path.
 *
 * <p>lines: {@code new BufferedReader(new InputStreamReader(new FileInputStream(file), UTF_8))},
 * {@code readLine} until the range ends, with {@link LineBudget} under it; an open that fails is
 * answered as readFile's.
 */
final class ContentRead {
  private ContentRead() {}

  static byte[] bytes(Path path, FsBackend nio) throws IOException {
    File file = path.toFile();
    long limit = ReadLimit.bytes();
    long length = file.length();
    if (length > limit) {
      throw ReadLimit.exceeded(path);
    }
    try (FileInputStream in = new FileInputStream(file)) {
      if (length > 0) {
        return in.readAllBytes();
      }
      return readToEnd(in, path, limit);
    } catch (FileNotFoundException open) {
      return nio.readFile(path);
    } catch (FileSystemException e) {
      throw e;
    } catch (IOException e) {
      throw Failures.named(path, e);
    }
  }

  static List<String> lines(Path path, long from, int count, FsBackend nio) throws IOException {
    LineBudget.checkRange(from, count);
    FileInputStream in;
    try {
      in = new FileInputStream(path.toFile());
    } catch (FileNotFoundException open) {
      return nio.lines(path, from, count);
    }
    try {
      return LineBudget.readLines(in, path, from, count);
    } catch (FileSystemException e) {
      throw e;
    } catch (IOException e) {
      throw Failures.named(path, e);
    }
  }

  /**
   * The read loop of code that does not trust a size: {@code read} into a buffer that doubles, up
   * to one byte past the limit. Not {@code readNBytes}: JDK 17's {@code FileInputStream} asks it
   * for its position first, which a FIFO refuses ("Illegal seek").
   */
  private static byte[] readToEnd(FileInputStream in, Path path, long limit) throws IOException {
    byte[] buf = new byte[(int) Math.min(8192, limit + 1)];
    int n = 0;
    while (true) {
      if (n == buf.length) {
        if (n > limit) {
          throw ReadLimit.exceeded(path);
        }
        buf = Arrays.copyOf(buf, (int) Math.min(limit + 1, 2L * buf.length));
      }
      int read = in.read(buf, n, buf.length - n);
      if (read < 0) {
        return n == buf.length ? buf : Arrays.copyOf(buf, n);
      }
      n += read;
    }
  }
}
