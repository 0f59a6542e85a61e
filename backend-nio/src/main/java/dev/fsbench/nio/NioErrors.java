package dev.fsbench.nio;

import dev.fsbench.spi.FsErrors;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where what {@code Files} throws is not yet the contract's form. Only failures pass through here,
 * so the checks below (an extra attribute read) never cost a successful call anything.
 */
final class NioErrors {
  private NioErrors() {}

  /**
   * A directory where a file was expected. Linux reports EISDIR, but {@code Files.readAllBytes}
   * turns it into a bare {@link IOException} without a path, and Jimfs says "not a regular file";
   * the contract names the path with the reason "Is a directory". Anything more specific than a
   * plain failure (missing, access denied, ...) is kept.
   */
  static IOException fileExpected(Path path, IOException e) {
    boolean plain = e.getClass() == IOException.class || e.getClass() == FileSystemException.class;
    if (plain && Files.isDirectory(path)) {
      FileSystemException named = FsErrors.isADirectory(path);
      named.initCause(e);
      return named;
    }
    return named(e, path, null);
  }

  /**
   * Every failure names its path: a provider that throws a bare {@link IOException} (Jimfs moving a
   * directory into itself, for one) gets it wrapped in a {@link FileSystemException} with the same
   * message.
   */
  static IOException named(IOException e, Path path, Path other) {
    if (e.getClass() != IOException.class) {
      return e;
    }
    FileSystemException named =
        new FileSystemException(
            path.toString(), other == null ? null : other.toString(), e.getMessage());
    named.initCause(e);
    return named;
  }
}
