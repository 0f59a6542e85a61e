package dev.fsbench.guava;

import dev.fsbench.spi.FsErrors;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What Guava's calls throw, in the contract's form. Guava's file calls are {@code java.nio.file}
 * underneath, so their exceptions are NIO's already; what remains is to name the path where NIO
 * throws a bare {@link IOException}, and to spell a directory read or written as a file the
 * contract's way. Only failures pass through here.
 */
final class Failures {
  private Failures() {}

  /**
   * A directory where a file was expected: Linux's read of a directory is a bare {@code
   * IOException("Is a directory")}, Jimfs's open a {@code FileSystemException} "not a regular
   * file"; the contract wants "Is a directory" naming the path. One stat, on the error path.
   */
  static IOException fileExpected(Path path, IOException e) {
    if ((e.getClass() == IOException.class || e.getClass() == FileSystemException.class)
        && Files.isDirectory(path)) {
      return withCause(FsErrors.isADirectory(path), e);
    }
    return named(path, e);
  }

  /** {@code e}, or a {@code FileSystemException} naming {@code path} where {@code e} names none. */
  static IOException named(Path path, IOException e) {
    if (e.getClass() != IOException.class) {
      return e;
    }
    return withCause(new FileSystemException(path.toString(), null, e.getMessage()), e);
  }

  static <T extends Throwable> T withCause(T e, Throwable cause) {
    e.initCause(cause);
    return e;
  }
}
