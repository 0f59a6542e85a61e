package dev.fsbench.nativefs;

import static dev.fsbench.nativefs.LinuxErrno.EACCES;
import static dev.fsbench.nativefs.LinuxErrno.EEXIST;
import static dev.fsbench.nativefs.LinuxErrno.EINVAL;
import static dev.fsbench.nativefs.LinuxErrno.ELOOP;
import static dev.fsbench.nativefs.LinuxErrno.ENOENT;
import static dev.fsbench.nativefs.LinuxErrno.ENOTDIR;
import static dev.fsbench.nativefs.LinuxErrno.ENOTEMPTY;
import static dev.fsbench.nativefs.LinuxErrno.EXDEV;

import dev.fsbench.spi.FsErrors;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.NotLinkException;

/**
 * Turns a library result into the exception {@code java.nio.file.Files} throws for the same
 * failure, naming the same paths. NIO is the oracle: its own translation (the JDK's {@code
 * UnixException}) maps EACCES, ENOENT and EEXIST to their named exceptions, adds a sentence to
 * ELOOP's reason, and gives everything else a {@link FileSystemException} with {@code strerror}'s
 * text. A few calls differ because the {@code Files} method behind them does:
 *
 * <ul>
 *   <li>listing a non-directory (readdir, glob, scan): {@link NotDirectoryException};
 *   <li>a file used as a directory where NIO's equivalent is a lookup (access, stat, lstat, the
 *       source of copyFile): as this JDK's lookups report it, {@link NoSuchFileException} from JDK
 *       25 on ({@link FsErrors#notADirectoryOnLookup});
 *   <li>readlink of a non-link (EINVAL): {@link NotLinkException};
 *   <li>removing a non-empty directory (ENOTEMPTY, or EEXIST which POSIX allows rmdir to return):
 *       {@link DirectoryNotEmptyException};
 *   <li>rename across filesystems (EXDEV): {@link AtomicMoveNotSupportedException}, as an atomic
 *       move reports it;
 *   <li>a cycle met by a scan that follows links (ELOOP naming the link that leads back): {@link
 *       FileSystemLoopException}, as NIO's walkers report it; a loop of links on the way to the
 *       root is the system's ELOOP, NIO's {@link FileSystemException} ({@link Failures#tree}).
 * </ul>
 *
 * Which path an exception names is the caller's choice (NIO names the link first for a hard link,
 * the source and target for a rename, only the failing one for a copy), so it passes {@code file}
 * and {@code other} in.
 */
final class NativeErrors {
  private NativeErrors() {}

  /**
   * NIO appends this to strerror(ELOOP), because a loop and an unreadable link attribute share the
   * errno.
   */
  static final String ELOOP_SUFFIX = " or unable to access attributes of symbolic link";

  /** The errno of a positive result, without {@link Abi#FSB_SECOND}. */
  static int errno(int result) {
    return result & ~Abi.FSB_SECOND;
  }

  /** Whether a failed two-path call failed on its second path. */
  static boolean concernsSecond(int result) {
    return result > 0 && (result & Abi.FSB_SECOND) != 0;
  }

  /**
   * The exception for a non-zero {@code result} of {@code call}. {@code other} may be null. {@link
   * Abi#FSB_E_INVAL_PATTERN} is not translated here: it is an {@link IllegalArgumentException} that
   * glob raises.
   */
  static IOException of(Op call, int result, String file, String other) {
    if (result == Abi.FSB_E_PANIC) {
      return new IOException(
          "native panic in " + Abi.symbol(call) + (file == null ? "" : " (" + file + ")"));
    }
    if (result <= 0) {
      return new IOException(
          "unexpected result " + result + " from " + Abi.symbol(call) + " (" + file + ")");
    }
    int errno = errno(result);
    switch (errno) {
      case ENOTDIR:
        if (Abi.lists(call)) {
          return new NotDirectoryException(file);
        }
        if (Abi.looksUp(call) && !concernsSecond(result)) {
          return FsErrors.notADirectoryOnLookup(file, other);
        }
        break;
      case EINVAL:
        if (call == Op.READLINK) {
          return new NotLinkException(file, other, null);
        }
        break;
      case EEXIST:
        if (call == Op.RMDIR || call == Op.RM) {
          return new DirectoryNotEmptyException(file);
        }
        break;
      case ENOTEMPTY:
        if (call != Op.RENAME) {
          return new DirectoryNotEmptyException(file);
        }
        break;
      case ELOOP:
        if (call == Op.SCAN) {
          // The library's cycle check (a followed link back to a directory above it), which NIO's
          // walkers report so.
          return new FileSystemLoopException(file);
        }
        break;
      case EXDEV:
        if (call == Op.RENAME) {
          return new AtomicMoveNotSupportedException(file, other, LinuxErrno.reason(EXDEV));
        }
        break;
      default:
        break;
    }
    return translate(errno, file, other);
  }

  /** NIO's general translation of an errno. */
  static IOException translate(int errno, String file, String other) {
    switch (errno) {
      case EACCES:
        return new AccessDeniedException(file, other, null);
      case ENOENT:
        return new NoSuchFileException(file, other, null);
      case EEXIST:
        return new FileAlreadyExistsException(file, other, null);
      case ELOOP:
        return new FileSystemException(file, other, LinuxErrno.reason(ELOOP) + ELOOP_SUFFIX);
      default:
        return new FileSystemException(file, other, LinuxErrno.reason(errno));
    }
  }
}
