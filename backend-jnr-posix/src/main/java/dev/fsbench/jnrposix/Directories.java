package dev.fsbench.jnrposix;

import dev.fsbench.spi.FsErrors;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import jnr.posix.FileStat;
import jnr.posix.POSIX;

/**
 * mkdir through {@code POSIX.mkdir}, which reports a failure through the backend's handler ({@link
 * FailingHandler}: a {@link PosixCallFailed} with the errno), and rmdir through {@code
 * POSIX.rmdir}, likewise.
 *
 * <p>jnr-posix has no {@code mkdir -p}; a jnr-posix user writes the loop, and this one is {@code
 * Files.createDirectories}' own algorithm with jnr-posix's calls, so that it makes the same
 * syscalls and fails naming what NIO names (the kit compares them): the leaf first (done if it is
 * made, or exists as a directory); else up the absolute path with {@code POSIX.access(F_OK)} to the
 * first ancestor that exists (an ancestor below a regular file counts as missing where this JDK's
 * lookups say so, JDK 25, and is "Not a directory" where they do not, JDK 17); then {@code
 * POSIX.mkdir} of each level down to the leaf, a level that exists meanwhile being fine if it is a
 * directory.
 */
final class Directories {
  private Directories() {}

  static void mkdir(POSIX posix, String file, Path path, int mode) throws IOException {
    try {
      posix.mkdir(file, mode);
    } catch (PosixCallFailed e) {
      throw Errors.of(posix, Call.MKDIR, e.errno(), path);
    }
  }

  /**
   * {@code mkdir -p} of {@code path}, whose absolute form's string jnr-posix can carry (the caller
   * checks it: the ancestors are named by their strings).
   */
  static void mkdirs(POSIX posix, String file, Path path, int mode) throws IOException {
    try {
      createAndCheckIsDirectory(posix, file, path, mode);
      return;
    } catch (FileAlreadyExistsException e) {
      throw e;
    } catch (IOException e) {
      // a parent may be missing, or another reason: the search below finds out, as NIO's does
    }
    Path absolute = path.toAbsolutePath();
    Path parent = absolute.getParent();
    while (parent != null) {
      if (posix.access(parent.toString(), 0) == 0) {
        break;
      }
      int errno = posix.errno();
      boolean missing =
          errno == Errors.ENOENT
              || (errno == Errors.ENOTDIR && FsErrors.lookupsReportNotADirectoryAsMissing());
      if (!missing) {
        throw Errors.of(posix, Call.ACCESS, errno, parent);
      }
      parent = parent.getParent();
    }
    if (parent == null) {
      throw new FileSystemException(
          absolute.toString(), null, "Unable to determine if root directory exists");
    }
    Path child = parent;
    for (Path level : parent.relativize(absolute)) {
      child = child.resolve(level);
      createAndCheckIsDirectory(posix, child.toString(), child, mode);
    }
  }

  /** {@code mkdir}; an existing directory (links followed) is fine, anything else existing not. */
  private static void createAndCheckIsDirectory(POSIX posix, String file, Path path, int mode)
      throws IOException {
    try {
      posix.mkdir(file, mode);
    } catch (PosixCallFailed e) {
      IOException failure = Errors.of(posix, Call.MKDIR, e.errno(), path);
      if (failure instanceof FileAlreadyExistsException) {
        FileStat st = posix.allocateStat();
        if (posix.stat(file, st) == 0 && st.isDirectory()) {
          return;
        }
      }
      throw failure;
    }
  }

  static void rmdir(POSIX posix, String file, Path path) throws IOException {
    try {
      posix.rmdir(file);
    } catch (PosixCallFailed e) {
      throw Errors.of(posix, Call.RMDIR, e.errno(), path);
    }
  }
}
