package dev.fsbench.jnrposix;

import dev.fsbench.spi.FsErrors;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotLinkException;
import java.nio.file.Path;
import jnr.constants.platform.Errno;
import jnr.posix.POSIX;

/**
 * Turns the errno of a failed jnr-posix call into the exception {@code java.nio.file.Files} throws
 * for the equivalent call, naming the same paths: NIO's own translation (the JDK's {@code
 * UnixException}) gives EACCES, ENOENT and EEXIST their named exceptions, adds a sentence to
 * ELOOP's reason and gives everything else a {@link FileSystemException} with {@code strerror}'s
 * text; a few calls differ because their {@code Files} method does ({@link Call}), and a lookup
 * that meets a file used as a directory is as this JDK reports it ({@link
 * FsErrors#notADirectoryOnLookup}).
 *
 * <p>Why not backend-native's {@code NativeErrors}, which does the same for the Rust library: it is
 * package-private there, keyed on that library's result encoding (errno plus a flag for the second
 * path, its own call list), and depending on backend-native would put the Rust library on this
 * backend's class path. What it would share is the switch below; the errno table it carries is not
 * needed here: the reason is libc's own {@code strerror}, which jnr-posix binds ({@code
 * POSIX.strerror}) and NIO reports, and the errno values are jnr-constants', the platform's.
 */
final class Errors {
  private Errors() {}

  /** NIO appends this to strerror(ELOOP): a loop and an unreadable link share the errno. */
  static final String ELOOP_SUFFIX = " or unable to access attributes of symbolic link";

  static final int ENOENT = Errno.ENOENT.intValue();
  static final int EACCES = Errno.EACCES.intValue();
  static final int EEXIST = Errno.EEXIST.intValue();
  static final int ENOTDIR = Errno.ENOTDIR.intValue();
  static final int EINVAL = Errno.EINVAL.intValue();
  static final int ENOTEMPTY = Errno.ENOTEMPTY.intValue();
  static final int ELOOP = Errno.ELOOP.intValue();
  static final int EXDEV = Errno.EXDEV.intValue();
  static final int EINTR = Errno.EINTR.intValue();

  /** The failure of a one-path call. */
  static IOException of(POSIX posix, Call call, int errno, Path file) {
    return of(posix, call, errno, file.toString(), null);
  }

  /** The failure of {@code call} with {@code errno}, naming {@code file} and {@code other}. */
  static IOException of(POSIX posix, Call call, int errno, String file, String other) {
    if (errno == ENOTDIR && call.looksUp()) {
      return FsErrors.notADirectoryOnLookup(file, other);
    }
    if (errno == EINVAL && call == Call.READLINK) {
      return new NotLinkException(file, other, null);
    }
    if ((errno == ENOTEMPTY || errno == EEXIST) && call == Call.RMDIR) {
      return new DirectoryNotEmptyException(file);
    }
    if (errno == EXDEV && call == Call.RENAME) {
      return new AtomicMoveNotSupportedException(file, other, posix.strerror(errno));
    }
    if (errno == EACCES) {
      return new AccessDeniedException(file, other, null);
    }
    if (errno == ENOENT) {
      return new NoSuchFileException(file, other, null);
    }
    if (errno == EEXIST) {
      return new FileAlreadyExistsException(file, other, null);
    }
    if (errno == ELOOP) {
      return new FileSystemException(file, other, posix.strerror(errno) + ELOOP_SUFFIX);
    }
    return new FileSystemException(file, other, posix.strerror(errno));
  }
}
