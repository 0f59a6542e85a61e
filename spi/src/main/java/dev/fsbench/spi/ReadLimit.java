package dev.fsbench.spi;

import java.nio.file.FileSystemException;
import java.nio.file.Path;

/**
 * The most bytes {@link FsBackend#readFile} returns in this JVM, and how every backend refuses
 * more: the smaller of the largest array the JVM makes ({@code Integer.MAX_VALUE - 8}) and a
 * quarter of the heap's maximum ({@link Runtime#maxMemory()}, {@code -Xmx}), 256 MiB with a 1 GiB
 * heap.
 *
 * <pre>{@code
 * if (size > ReadLimit.bytes()) {
 *   throw ReadLimit.exceeded(path);   // FileSystemException naming path
 * }
 * }</pre>
 *
 * <p>Why a quarter: a source whose size is unknown ({@code /dev/zero}, a pipe, a procfs file) is
 * read into a buffer that doubles, so one read can hold about twice the limit for a moment (the old
 * buffer, the new one, the copy cut to the length), and the heap must still have room for the
 * caller. {@code Files.readAllBytes} has no such rule: it grows towards 2 GiB and ends in {@code
 * OutOfMemoryError}, for every thread of the JVM once the heap is gone, which the hostile-input
 * suite found in every backend.
 */
public final class ReadLimit {
  private ReadLimit() {}

  /** The largest array the JVM makes, as {@code Files.readAllBytes} knows it. */
  public static final long LARGEST_ARRAY = Integer.MAX_VALUE - 8;

  private static final long BYTES = of(Runtime.getRuntime().maxMemory());

  /** This JVM's limit, fixed when the class is first used. */
  public static long bytes() {
    return BYTES;
  }

  /** The limit of a JVM whose heap may grow to {@code maxMemory} bytes. */
  static long of(long maxMemory) {
    return Math.min(LARGEST_ARRAY, maxMemory / 4);
  }

  /**
   * readFile of {@code path}, whose content is larger than {@link #bytes()}: refused with a {@link
   * FileSystemException} naming the path, before the content is held.
   */
  public static FileSystemException exceeded(Path path) {
    return new FileSystemException(
        path.toString(),
        null,
        "content larger than "
            + BYTES
            + " bytes, the most readFile holds in this JVM (a quarter of the maximum heap, at"
            + " most the largest array)");
  }
}
