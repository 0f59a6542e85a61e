package dev.fsbench.javaio;

import dev.fsbench.spi.FsBackend;
import java.io.File;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AccessMode;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * exists, access and realpath: what {@link File} answers about a path.
 *
 * <p>{@code File.exists()}, {@code canRead()}, {@code canWrite()} and {@code canExecute()} are a
 * {@code stat} and {@code access(2)} calls that say true or false, nothing about why. access needs
 * the why (a missing path, a file in the way, a loop of links, a denial), so where java.io says
 * false NIO's {@code checkAccess} of the same path and mode is asked, on the error path only, and
 * what it throws is thrown; should it pass (the cause gone meanwhile), the contract's plain form is
 * ({@code NoSuchFileException} or {@code AccessDeniedException} naming the path).
 *
 * <p>{@code File.getCanonicalFile()} does not fail for a missing path: it resolves the part that
 * exists and appends the rest. So the canonical file is checked with {@code exists()} (one more
 * stat); where it does not exist, NIO's {@code toRealPath} says why (or, the path there after all,
 * resolves it). A canonical path holding U+FFFD (a link leading to a name that is not valid UTF-8)
 * would name another file, and is NIO's too.
 */
final class Lookups {
  private Lookups() {}

  static void access(Path path, AccessMode[] modes, FsBackend nio) throws IOException {
    File file = path.toFile();
    if (!file.exists()) {
      nio.access(path);
      throw new NoSuchFileException(path.toString());
    }
    for (AccessMode mode : modes) {
      if (!allowed(file, mode)) {
        nio.access(path, mode);
        throw new AccessDeniedException(path.toString());
      }
    }
  }

  private static boolean allowed(File file, AccessMode mode) {
    switch (mode) {
      case READ:
        return file.canRead();
      case WRITE:
        return file.canWrite();
      default:
        return file.canExecute();
    }
  }

  static Path realpath(Path path, FsBackend nio) throws IOException {
    File canonical;
    try {
      canonical = path.toFile().getCanonicalFile();
    } catch (IOException bare) {
      return nio.realpath(path); // a bare IOException with the reason alone (a loop, a long name)
    }
    String spelled = canonical.getPath();
    if (FileNames.mayBeLost(spelled) || !canonical.exists()) {
      return nio.realpath(path);
    }
    return path.getFileSystem().getPath(spelled);
  }
}
