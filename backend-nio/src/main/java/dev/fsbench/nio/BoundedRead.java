package dev.fsbench.nio;

import dev.fsbench.spi.ReadLimit;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * readFile's read: {@code Files.readAllBytes} with the SPI's bound ({@link ReadLimit}), which fails
 * as a {@link java.nio.file.FileSystemException} naming the path.
 *
 * <p>{@code Files.readAllBytes} sizes its array by the file's size and then reads on to the end; a
 * source whose size says 0 and that never ends ({@code /dev/zero}, a growing pipe) makes it grow
 * the array until it throws {@code OutOfMemoryError("Required array size too large")} at 2 GiB,
 * after gigabytes of copying, or exhausts the heap first (a 1 GiB heap runs out on the way). This
 * does the same reads (the size first, then to the end, doubling the array when it fills) and
 * refuses, before it holds more, a file whose size passes {@link ReadLimit#bytes()} and a source
 * whose content does. For a regular file of known size it costs what {@code readAllBytes} costs:
 * one array of the size and one read past its end that finds EOF. Written for this backend.
 */
final class BoundedRead {
  private BoundedRead() {}

  /** The most one read asks for once the content is past the size the file said. */
  private static final int CHUNK = 1 << 20;

  static byte[] readAllBytes(Path path) throws IOException {
    long limit = ReadLimit.bytes();
    try (SeekableByteChannel channel = Files.newByteChannel(path)) {
      long size = channel.size();
      if (size > limit) {
        throw ReadLimit.exceeded(path);
      }
      byte[] buf = new byte[size > 0 ? (int) size : (int) Math.min(8192, limit)];
      int n = 0;
      boolean grown = false;
      while (true) {
        // Up to the size the file said: one read, as readAllBytes does. Past it, at most CHUNK a
        // read: a heap buffer is read through a temporary direct buffer of the request's size, and
        // a request of a gigabyte is slow.
        int request = grown ? Math.min(buf.length - n, CHUNK) : buf.length - n;
        int read = channel.read(ByteBuffer.wrap(buf, n, request));
        if (read < 0) {
          return n == buf.length ? buf : Arrays.copyOf(buf, n);
        }
        n += read;
        if (n == buf.length) {
          ByteBuffer probe = ByteBuffer.allocate(1);
          int more = channel.read(probe);
          if (more < 0) {
            return buf;
          }
          if (more == 0) {
            continue;
          }
          if (buf.length >= limit) {
            throw ReadLimit.exceeded(path);
          }
          buf = Arrays.copyOf(buf, (int) Math.min(limit, buf.length + Math.max(buf.length, 8192L)));
          grown = true;
          buf[n++] = probe.get(0);
        }
      }
    }
  }
}
