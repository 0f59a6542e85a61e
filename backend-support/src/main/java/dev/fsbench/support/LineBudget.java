package dev.fsbench.support;

import dev.fsbench.spi.ReadLimit;
import java.io.BufferedReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The bound of {@code FsBackend.lines} for a backend that reads lines with a JDK or library line
 * reader ({@code BufferedReader.readLine}, commons-io's {@code LineIterator}, Guava's {@code
 * LineProcessor}): the byte stream under the reader, counting what it hands over.
 *
 * <p>Why a stream and not the reader: every such reader builds a line until its terminator, so a
 * source without one ({@code /dev/zero}, a FIFO whose writer never sends a newline, a 4 GiB line)
 * grows one {@code StringBuilder} until the heap is gone. Counted under the reader, the line is
 * refused once the bytes read since the last line ended pass {@link #bytes()}, and so are the kept
 * lines together once {@link #keep()} was called.
 *
 * <p>Why a quarter of {@link ReadLimit#bytes()}: readFile holds bytes, a line reader chars. One
 * character outside Latin-1 makes a {@code StringBuilder} two bytes a character for the whole line,
 * and its growth holds the old array and the new one, twice as long, for a moment: a line of {@code
 * n} bytes can take {@code 6n} bytes of heap at its peak. A quarter keeps that peak within one and
 * a half of readFile's limit, which its own doubling buffer reaches too. The reader reads ahead (8
 * KiB for the JDK's decoder), so the count of a line includes up to that much of the next one: a
 * line within that distance of the limit may be refused, never one past it accepted.
 *
 * <p>{@link #readLines} is the range read as a JVM programmer writes it, a {@code BufferedReader}
 * over an {@code InputStreamReader} (which decodes malformed UTF-8 as U+FFFD), with the count under
 * it.
 */
public final class LineBudget extends FilterInputStream {
  private final Path path;
  private final long limit;
  private long sinceLineEnded;
  private long kept = -1;

  private static final long BYTES = ReadLimit.bytes() / 4;

  /** The longest line, and the most bytes of kept lines together, {@code lines} holds. */
  public static long bytes() {
    return BYTES;
  }

  /** Counts {@code in}, the content of {@code path}, against {@link #bytes()}. */
  public LineBudget(InputStream in, Path path) {
    this(in, path, BYTES);
  }

  LineBudget(InputStream in, Path path, long limit) {
    super(in);
    this.path = path;
    this.limit = limit;
  }

  /**
   * Refuses a range that cannot be read: a negative {@code from} or {@code count}, with {@link
   * IllegalArgumentException}.
   */
  public static void checkRange(long from, int count) {
    if (from < 0 || count < 0) {
      throw new IllegalArgumentException(
          "lines from " + from + ", count " + count + ": both must be at least 0");
    }
  }

  /**
   * The lines {@code [from, from + count)} of {@code in}, the content of {@code path}, read with
   * {@code BufferedReader.readLine} and counted; closes {@code in}. With {@code count} 0 nothing is
   * read: the file was opened, which is all a range of no lines asks.
   */
  public static List<String> readLines(InputStream in, Path path, long from, int count)
      throws IOException {
    LineBudget budget = new LineBudget(in, path);
    try (BufferedReader reader =
        new BufferedReader(new InputStreamReader(budget, StandardCharsets.UTF_8))) {
      if (count == 0) {
        return new ArrayList<>();
      }
      for (long skipped = 0; skipped < from; skipped++) {
        if (reader.readLine() == null) {
          return new ArrayList<>();
        }
        budget.lineEnded();
      }
      budget.keep();
      List<String> lines = new ArrayList<>(Math.min(count, 1024));
      while (lines.size() < count) {
        String line = reader.readLine();
        if (line == null) {
          break;
        }
        lines.add(line);
        budget.lineEnded();
      }
      return lines;
    }
  }

  /** The reader has handed over a line: the next one starts its count afresh. */
  public void lineEnded() {
    sinceLineEnded = 0;
  }

  /** The lines from here on are kept: their bytes together are counted too. */
  public void keep() {
    kept = 0;
  }

  @Override
  public int read() throws IOException {
    int b = super.read();
    if (b >= 0) {
      count(1);
    }
    return b;
  }

  @Override
  public int read(byte[] buffer, int offset, int length) throws IOException {
    int n = super.read(buffer, offset, length);
    if (n > 0) {
      count(n);
    }
    return n;
  }

  @Override
  public long skip(long n) throws IOException {
    long skipped = super.skip(n);
    count(skipped);
    return skipped;
  }

  private void count(long n) throws FileSystemException {
    sinceLineEnded += n;
    if (kept >= 0) {
      kept += n;
    }
    if (sinceLineEnded > limit || kept > limit) {
      throw tooLong(path, limit);
    }
  }

  /**
   * lines of {@code path}, one of whose lines, or whose kept lines together, pass {@link #bytes()}:
   * refused with a {@link FileSystemException} naming the path, the same from every backend.
   */
  public static FileSystemException tooLong(Path path) {
    return tooLong(path, BYTES);
  }

  private static FileSystemException tooLong(Path path, long limit) {
    return new FileSystemException(
        path.toString(),
        null,
        "a line, or the lines asked for together, longer than "
            + limit
            + " bytes, the most lines holds in this JVM (a quarter of readFile's limit)");
  }
}
