package dev.fsbench.commonsio;

import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.ReadLimit;
import dev.fsbench.support.LineBudget;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.io.FileUtils;
import org.apache.commons.io.IOUtils;
import org.apache.commons.io.LineIterator;
import org.apache.commons.io.file.PathUtils;
import org.apache.commons.io.input.BoundedInputStream;
import org.apache.commons.io.output.UnsynchronizedByteArrayOutputStream;

/**
 * readFile: {@code FileUtils.readFileToByteArray} and {@code FileUtils.readFileToString}, within
 * the SPI's {@link ReadLimit}; default filesystem only.
 *
 * <p>Both read to the end whatever the size says ({@code readFileToByteArray} is {@code
 * Files.readAllBytes}, {@code readFileToString} a {@code StringBuilder} that grows), so a source
 * that never ends ({@code /dev/zero}) grows one array or string until the heap is gone, for every
 * thread of the JVM. So the adapter reads the attributes first, with Commons IO's {@code
 * PathUtils.readBasicFileAttributes} (one {@code stat}, links followed as the read follows them):
 *
 * <ul>
 *   <li>a regular file of a known size is read by {@code readFileToByteArray} or {@code
 *       readFileToString} as before, once its size is within the limit; past it, refused;
 *   <li>a source whose size says nothing (0: an empty file, procfs, a device, a FIFO) is read
 *       through Commons IO's {@code BoundedInputStream}, one byte past the limit at most, by {@code
 *       IOUtils.toByteArray}; more than the limit is refused;
 *   <li>a path whose attributes cannot be read, or a directory, goes to {@code
 *       readFileToByteArray}, which fails as it always did ({@link Failures#fileExpected}).
 * </ul>
 *
 * <p>lines: {@code IOUtils.lineIterator} over {@code FileUtils.openInputStream} (default filesystem
 * only), stopped after the range, with {@link LineBudget} under it, since {@code LineIterator}
 * builds a line until its end as {@code BufferedReader} does. An open that fails is a {@code
 * FileNotFoundException} whose message holds the reason in words: NIO's lines of the same path is
 * made then, and what it throws is thrown. {@code LineIterator} reports a failed read as an {@code
 * IllegalStateException}; the {@code IOException} inside it is what the caller gets.
 *
 * <p>What it costs: that stat, on every read. What is left: a regular file that grows past the
 * limit while it is read, or is swapped for an endless source between the stat and the open, is
 * read by Commons IO to its end; the {@code OutOfMemoryError} that can end that is reported as a
 * {@code FileSystemException} naming the path, once the memory is let go.
 */
final class ContentRead {
  private ContentRead() {}

  static byte[] bytes(Path path) throws IOException {
    try {
      if (boundedOnly(path)) {
        return bounded(path);
      }
      return FileUtils.readFileToByteArray(path.toFile());
    } catch (IOException e) {
      throw Failures.fileExpected(path, e);
    } catch (OutOfMemoryError e) {
      throw outOfMemory(path, e);
    }
  }

  static String text(Path path) throws IOException {
    try {
      if (boundedOnly(path)) {
        return new String(bounded(path), StandardCharsets.UTF_8);
      }
      return FileUtils.readFileToString(path.toFile(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw Failures.fileExpected(path, e);
    } catch (OutOfMemoryError e) {
      throw outOfMemory(path, e);
    }
  }

  static List<String> lines(Path path, long from, int count, FsBackend nio) throws IOException {
    LineBudget.checkRange(from, count);
    InputStream in;
    try {
      in = FileUtils.openInputStream(path.toFile());
    } catch (FileNotFoundException open) {
      return nio.lines(path, from, count); // its words only; NIO's exception names the cause
    }
    LineBudget budget = new LineBudget(in, path);
    if (count == 0) {
      budget.close(); // opened, as every backend opens it, and nothing read
      return new ArrayList<>();
    }
    try (LineIterator it = IOUtils.lineIterator(budget, StandardCharsets.UTF_8)) {
      for (long skipped = 0; skipped < from && it.hasNext(); skipped++) {
        it.next();
        budget.lineEnded();
      }
      budget.keep();
      List<String> lines = new ArrayList<>(Math.min(count, 1024));
      while (lines.size() < count && it.hasNext()) {
        lines.add(it.next());
        budget.lineEnded();
      }
      return lines;
    } catch (IllegalStateException e) {
      if (e.getCause() instanceof IOException) {
        throw Failures.fileExpected(path, (IOException) e.getCause());
      }
      throw e;
    } catch (IOException e) {
      throw Failures.fileExpected(path, e);
    }
  }

  /**
   * Whether {@code path} must be read through the bound: a source whose size says nothing. Throws
   * {@link ReadLimit#exceeded} for a regular file larger than the limit.
   */
  private static boolean boundedOnly(Path path) throws IOException {
    BasicFileAttributes a;
    try {
      a = PathUtils.readBasicFileAttributes(path);
    } catch (IOException e) {
      // the read itself reports it, as NIO's does: a stat's error can differ from the open's (JDK
      // 25 stats a file used as a directory as missing, and opens it as "Not a directory")
      return false;
    }
    if (a == null || a.isDirectory()) {
      return false;
    }
    if (a.size() > ReadLimit.bytes()) {
      throw ReadLimit.exceeded(path);
    }
    return !a.isRegularFile() || a.size() == 0;
  }

  /**
   * What {@code IOUtils.toByteArray} does (its copy into an {@code
   * UnsynchronizedByteArrayOutputStream}, then one array of the content), with the size checked
   * between the two: past the limit the content is refused before the array is made. Its chunks
   * double, so they hold up to about twice the content, and the array a third time; with a 1 GiB
   * heap and a limit of 256 MiB, that third array ran the heap out in the kit's {@code /dev/zero}
   * case (2 of 942 cases, in one run of two).
   */
  private static byte[] bounded(Path path) throws IOException {
    long limit = ReadLimit.bytes();
    try (InputStream in = BoundedInputStream.builder().setPath(path).setMaxCount(limit + 1).get();
        UnsynchronizedByteArrayOutputStream out =
            UnsynchronizedByteArrayOutputStream.builder().get()) {
      IOUtils.copyLarge(in, out);
      if (out.size() > limit) {
        throw ReadLimit.exceeded(path);
      }
      return out.toByteArray();
    }
  }

  private static IOException outOfMemory(Path path, OutOfMemoryError e) {
    return Failures.named(
        path, null, "the JVM ran out of memory reading it (" + e.getMessage() + ")", e);
  }
}
