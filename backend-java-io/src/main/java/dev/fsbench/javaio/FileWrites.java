package dev.fsbench.javaio;

import dev.fsbench.spi.FsBackend;
import java.io.File;
import java.io.FileNotFoundException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;

/**
 * writeFile and appendFile through {@code new FileOutputStream(file, append)}, truncate through
 * {@code new RandomAccessFile(file, "rw").setLength(length)}.
 *
 * <p>A stream that cannot be opened is a {@link FileNotFoundException} with the system's reason in
 * words only; NIO's own call for the same path is then made (on the error path only) and what it
 * throws is thrown: a missing parent, a file in the way, a directory, a denial, each as NIO names
 * it. Should that call succeed (the cause gone meanwhile), it has done what was asked. A write that
 * fails once the stream is open (a full disk, a file-size limit) names the path ({@link
 * Failures#named}).
 *
 * <p>truncate: {@code RandomAccessFile}'s {@code "rw"} mode creates a missing file, which
 * truncate(2) never does, so {@code File.exists()} is asked first (one stat) and a path that is not
 * there goes to NIO's truncate, which reports it. {@code "rw"} also opens for reading: a file the
 * caller may write but not read fails there, and NIO's truncate, which opens for writing only, then
 * does it. {@code setLength} extends with zeros, as truncate(2) does.
 */
final class FileWrites {
  private FileWrites() {}

  static void write(Path path, byte[] data, boolean append, FsBackend nio) throws IOException {
    FileOutputStream out;
    try {
      out = new FileOutputStream(path.toFile(), append);
    } catch (FileNotFoundException open) {
      if (append) {
        nio.appendFile(path, data);
      } else {
        nio.writeFile(path, data);
      }
      return;
    }
    try (out) {
      out.write(data);
    } catch (IOException e) {
      throw Failures.named(path, e);
    }
  }

  static void truncate(Path path, long length, FsBackend nio) throws IOException {
    File file = path.toFile();
    if (!file.exists()) {
      nio.truncate(path, length);
      return;
    }
    RandomAccessFile open;
    try {
      open = new RandomAccessFile(file, "rw");
    } catch (FileNotFoundException e) {
      nio.truncate(path, length);
      return;
    }
    try (open) {
      open.setLength(length);
    } catch (IOException e) {
      throw Failures.named(path, e);
    }
  }
}
