package dev.fsbench.examples.channel;

import dev.fsbench.support.ForwardingFsBackend;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.FsErrors;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ReadLimit;
import dev.fsbench.spi.Route;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Objects;

/**
 * readFile and writeFile of its own, through a {@link FileChannel} and a direct buffer that each
 * thread keeps; the other 24 families forwarded to nio, and {@link #route} says so.
 *
 * <p>Why it is worth measuring: {@code Files.readAllBytes} reads into a heap array, which the JDK
 * fills through a temporary direct buffer as large as the request (8 MiB for an 8 MiB file, kept
 * per thread), and {@code Files.write} goes through an {@code OutputStream}, 8 KiB a call. This
 * backend moves both in {@value #BUFFER_BYTES}-byte chunks through one direct buffer per thread.
 *
 * <pre>{@code
 * try (FsBackend fs = Backends.create("example-channel", BackendConfig.DEFAULT)) {
 *   fs.writeFile(dir.resolve("f"), "hello");
 *   fs.route(Op.READ_FILE); // own: FileChannel.read into a 64 KiB direct buffer per thread
 *   fs.route(Op.STAT); // nio fallback: Files.readAttributes of the 13 unix attributes ...
 * }
 * }</pre>
 */
final class ChannelBackend extends ForwardingFsBackend {
  static final String ID = "example-channel";

  /** The chunk every read and write moves; the size of each thread's buffer. */
  static final int BUFFER_BYTES = 64 * 1024;

  /** Per thread, since the async forms run on several threads at once. */
  private static final ThreadLocal<ByteBuffer> BUFFER =
      ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(BUFFER_BYTES));

  private static final Route READ_ROUTE =
      Route.own("FileChannel.read into a " + BUFFER_BYTES / 1024 + " KiB direct buffer per thread");
  private static final Route WRITE_ROUTE =
      Route.own(
          "FileChannel.write(CREATE, TRUNCATE_EXISTING) from a "
              + BUFFER_BYTES / 1024
              + " KiB direct buffer per thread");

  ChannelBackend(FsBackend nio) {
    super(nio);
  }

  @Override
  public String id() {
    return ID;
  }

  @Override
  public Route route(Op op) {
    switch (op) {
      case READ_FILE:
        return READ_ROUTE;
      case WRITE_FILE:
        return WRITE_ROUTE;
      default:
        return Route.nioFallback(delegate().route(op).via());
    }
  }

  @Override
  public byte[] readFile(Path path) throws IOException {
    check(path, "path");
    try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
      long size = channel.size(); // 0 for /dev/zero and /proc files: read on until the end anyway
      if (size > ReadLimit.bytes()) {
        throw ReadLimit.exceeded(path); // the SPI's rule: refused before the content is held
      }
      byte[] content = new byte[(int) size];
      int length = 0;
      ByteBuffer buffer = BUFFER.get();
      while (true) {
        buffer.clear();
        int read = channel.read(buffer);
        if (read < 0) {
          break;
        }
        if ((long) length + read > content.length) {
          content = grown(content, length + (long) read, path);
        }
        buffer.flip().get(content, length, read);
        length += read;
      }
      return length == content.length ? content : Arrays.copyOf(content, length);
    } catch (IOException e) {
      throw asContract(path, e);
    }
  }

  @Override
  public void writeFile(Path path, byte[] data) throws IOException {
    check(path, "path");
    Objects.requireNonNull(data, "data");
    try (FileChannel channel =
        FileChannel.open(
            path,
            StandardOpenOption.WRITE,
            StandardOpenOption.CREATE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
      ByteBuffer buffer = BUFFER.get();
      for (int written = 0; written < data.length; ) {
        int chunk = Math.min(BUFFER_BYTES, data.length - written);
        buffer.clear();
        buffer.put(data, written, chunk).flip();
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
        written += chunk;
      }
    } catch (IOException e) {
      throw asContract(path, e);
    }
  }

  /** Doubles {@code content} until it holds {@code needed} bytes, up to the largest array. */
  private static byte[] grown(byte[] content, long needed, Path path) throws FileSystemException {
    if (needed > ReadLimit.bytes()) {
      throw ReadLimit.exceeded(path); // a source that grows past it (/dev/zero)
    }
    long doubled = Math.max(needed, Math.max(8192, 2L * content.length));
    return Arrays.copyOf(content, (int) Math.min(ReadLimit.bytes(), doubled));
  }

  /**
   * What {@code FileChannel} throws is already NIO's form (it is NIO), except for a directory: the
   * default filesystem opens one for reading and then fails the read with a bare {@link
   * IOException} naming no path, and Jimfs says "not a regular file". The contract wants "Is a
   * directory" naming the path, and every failure to name its path.
   */
  private static IOException asContract(Path path, IOException e) {
    boolean plain = e.getClass() == IOException.class || e.getClass() == FileSystemException.class;
    if (plain && Files.isDirectory(path)) {
      FileSystemException named = FsErrors.isADirectory(path);
      named.initCause(e);
      return named;
    }
    if (e.getClass() == IOException.class) {
      FileSystemException named = new FileSystemException(path.toString(), null, e.getMessage());
      named.initCause(e);
      return named;
    }
    return e;
  }
}
