package dev.fsbench.guava;

import com.google.common.base.Optional;
import com.google.common.io.ByteSource;
import com.google.common.io.ByteStreams;
import com.google.common.io.LineProcessor;
import com.google.common.io.MoreFiles;
import com.google.common.primitives.Bytes;
import dev.fsbench.spi.ReadLimit;
import dev.fsbench.support.LineBudget;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * readFile: {@code MoreFiles.asByteSource(path).read()}, and {@code asCharSource(UTF_8).read()} for
 * the text form, within the SPI's {@link ReadLimit}.
 *
 * <p>Both read to the end whatever the size says ({@code PathByteSource.read} sizes its array by
 * the channel's size and then reads on), so a source that never ends ({@code /dev/zero}) would grow
 * an array until the heap is gone. Guava has the two calls the bound needs: {@code
 * ByteSource.sizeIfKnown()} (one stat, links followed; absent for a directory or an unreadable
 * path) and {@code ByteSource.slice(0, n)}, a view that ends after {@code n} bytes. So:
 *
 * <ul>
 *   <li>a known size above the limit is refused before anything is read;
 *   <li>a known size above zero is read by {@code read()}, as a Guava user reads a file;
 *   <li>a size of zero or none (an empty file, procfs, a device, a FIFO, a directory, a path that
 *       cannot be looked at) is read through {@code slice(0, limit + 1)}, in small chunks ({@link
 *       #bounded}), and more than the limit is refused; a path that cannot be read fails there, as
 *       the open fails.
 * </ul>
 *
 * <p>What it costs: that stat on every read (Guava's own {@code ByteSource.read()} asks for it too
 * when the size is not given). What is left: a regular file that grows past the limit while it is
 * read is read to its end, as {@code read()} does.
 */
final class ContentRead {
  private ContentRead() {}

  static byte[] bytes(Path path) throws IOException {
    try {
      ByteSource source = MoreFiles.asByteSource(path);
      return knownSize(source, path) ? source.read() : bounded(source, path);
    } catch (IOException e) {
      throw Failures.fileExpected(path, e);
    }
  }

  static String text(Path path) throws IOException {
    try {
      ByteSource source = MoreFiles.asByteSource(path);
      return knownSize(source, path)
          ? source.asCharSource(StandardCharsets.UTF_8).read()
          : new String(bounded(source, path), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw Failures.fileExpected(path, e);
    }
  }

  /**
   * lines: {@code asCharSource(UTF_8).readLines(LineProcessor)}, the processor stopping Guava's
   * line reader after the range, over the path's bytes counted by {@link LineBudget} (Guava's
   * reader, as every line reader, builds a line until its end).
   */
  static List<String> lines(Path path, long from, int count) throws IOException {
    LineBudget.checkRange(from, count);
    ByteSource file = MoreFiles.asByteSource(path);
    LineBudget[] budget = new LineBudget[1];
    ByteSource counted =
        new ByteSource() {
          @Override
          public InputStream openStream() throws IOException {
            budget[0] = new LineBudget(file.openStream(), path);
            if (from == 0) {
              budget[0].keep();
            }
            return budget[0];
          }
        };
    try {
      if (count == 0) {
        file.openStream().close(); // opened, as every backend opens it, and nothing read
        return new ArrayList<>();
      }
      return counted
          .asCharSource(StandardCharsets.UTF_8)
          .readLines(
              new LineProcessor<List<String>>() {
                private final List<String> lines = new ArrayList<>(Math.min(count, 1024));
                private long line;

                @Override
                public boolean processLine(String text) {
                  budget[0].lineEnded();
                  if (line++ >= from) {
                    lines.add(text);
                  } else if (line == from) {
                    budget[0].keep();
                  }
                  return lines.size() < count;
                }

                @Override
                public List<String> getResult() {
                  return lines;
                }
              });
    } catch (IOException e) {
      throw Failures.fileExpected(path, e);
    }
  }

  /**
   * Whether {@code source} says a size above zero; throws {@link ReadLimit#exceeded} for one above
   * the limit.
   */
  private static boolean knownSize(ByteSource source, Path path) throws IOException {
    Optional<Long> size = source.sizeIfKnown();
    if (!size.isPresent()) {
      return false;
    }
    if (size.get() > ReadLimit.bytes()) {
      throw ReadLimit.exceeded(path);
    }
    return size.get() > 0;
  }

  /**
   * At most {@code limit + 1} bytes of {@code source}, read through {@code slice} in chunks of
   * {@link #CHUNK} and joined once the end came within the limit. Guava's own read of the slice
   * ({@code ByteStreams.toByteArray}) grows its buffers by doubling and then copies them into one
   * array: about three times the limit at its peak, in arrays of a quarter of the heap and more,
   * and a 1 GiB test JVM (the kit's) once ran out of heap there on {@code /dev/zero}, with room
   * enough in all but contiguous regions. Here a source past the limit only ever makes small
   * arrays, and content within it costs itself and one copy.
   */
  private static byte[] bounded(ByteSource source, Path path) throws IOException {
    long limit = ReadLimit.bytes();
    List<byte[]> chunks = new ArrayList<>();
    long total = 0;
    try (InputStream in = source.slice(0, limit + 1).openStream()) {
      int read;
      do {
        byte[] chunk = new byte[CHUNK];
        read = ByteStreams.read(in, chunk, 0, CHUNK);
        chunks.add(read == CHUNK ? chunk : Arrays.copyOf(chunk, read));
        total += read;
        if (total > limit) {
          throw ReadLimit.exceeded(path);
        }
      } while (read == CHUNK);
    }
    return Bytes.concat(chunks.toArray(new byte[0][]));
  }

  /** Below G1's humongous size for any heap (half a region, at least 512 KiB). */
  private static final int CHUNK = 256 * 1024;
}
