package dev.fsbench.spi;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/**
 * The named exceptions of the contract that {@code java.nio.file} has no class for. They carry the
 * reason string Linux's {@code strerror} gives, which is also what NIO puts in a {@link
 * FileSystemException} for the same errno, so a backend and NIO report the same condition the same
 * way.
 */
public final class FsErrors {
  private FsErrors() {}

  /** {@code strerror(EISDIR)}. */
  public static final String IS_A_DIRECTORY = "Is a directory";

  /** {@code strerror(ENOTDIR)}. */
  public static final String NOT_A_DIRECTORY = "Not a directory";

  /** A directory where a file is expected (EISDIR). */
  public static FileSystemException isADirectory(Path path) {
    return new FileSystemException(path.toString(), null, IS_A_DIRECTORY);
  }

  /**
   * A non-directory where a directory is expected (ENOTDIR), as NIO reports it outside directory
   * listing.
   */
  public static FileSystemException notADirectory(Path path) {
    return new FileSystemException(path.toString(), null, NOT_A_DIRECTORY);
  }

  /**
   * A regular file used as a directory (ENOTDIR) met by a lookup, as this JDK's {@code Files}
   * reports it: the form for a backend that translates errnos where NIO's equivalent call is, or
   * begins with, a lookup ({@code Files.readAttributes}, {@code checkAccess}, the source of {@code
   * Files.copy}, the ancestors {@code Files.createDirectories} probes). JDK 25 reports it as a
   * missing path, {@link java.nio.file.NoSuchFileException} (JDK-8356678); earlier JDKs as {@link
   * #notADirectory "Not a directory"}. Calls that are not lookups (open, mkdir, unlink, rename,
   * chmod, ...) say "Not a directory" on every JDK.
   */
  public static FileSystemException notADirectoryOnLookup(String file, String other) {
    return lookupsReportNotADirectoryAsMissing()
        ? new java.nio.file.NoSuchFileException(file, other, null)
        : new FileSystemException(file, other, NOT_A_DIRECTORY);
  }

  /**
   * Whether this JDK's lookups report a file used as a directory as a missing path (see {@link
   * #notADirectoryOnLookup}). Decided once per JVM, on first use, by asking {@code Files}.
   */
  public static boolean lookupsReportNotADirectoryAsMissing() {
    return NotADirectoryLookup.AS_MISSING;
  }

  /** GNU rm's reason for refusing a path whose last name is {@code .} or {@code ..}. */
  public static final String DOT_OR_DOT_DOT = "refusing to remove '.' or '..'";

  /**
   * Whether {@code path}'s last name is {@code .} or {@code ..} ({@code
   * Path.of("a/..").getFileName()} is {@code ..}): removing it would remove the directory it stands
   * for, which the caller did not name (rm of {@code dir/..} would remove {@code dir}'s parent, rm
   * of {@code .} the working directory). rm refuses such a path, as GNU rm does. The empty path
   * counts too: it stands for the working directory, {@code .} (rm -r of it emptied the working
   * directory, found by the hostile-input suite).
   */
  public static boolean endsInDotOrDotDot(Path path) {
    if (path.toString().isEmpty()) {
      return true;
    }
    Path name = path.getFileName();
    if (name == null) {
      return false;
    }
    String s = name.toString();
    return s.equals(".") || s.equals("..");
  }

  /**
   * rm of a path whose last name is {@code .} or {@code ..}: refused before anything is removed.
   */
  public static FileSystemException dotOrDotDot(Path path) {
    return new FileSystemException(path.toString(), null, DOT_OR_DOT_DOT);
  }

  /**
   * A device, FIFO or socket met by a tree copy: refused, never opened (opening a FIFO for reading
   * blocks until a writer comes, and {@code Files.copy} would open it).
   */
  public static FileSystemException specialFile(Path path) {
    return new FileSystemException(
        path.toString(), null, "cannot copy a special file (device, FIFO or socket)");
  }

  /** Copying or moving a directory into itself: refused before anything is written. */
  public static FileSystemException intoItself(Path source, Path target) {
    return new FileSystemException(
        source.toString(), target.toString(), "cannot copy a directory into itself");
  }

  /**
   * The failure {@code e} naming {@code path} instead of the name it names: a call relative to an
   * open directory ({@link java.nio.file.SecureDirectoryStream}) reports only the entry's name, and
   * the contract names the whole path. The class and the reason are kept; anything that is not one
   * of NIO's named exceptions is returned as it is.
   */
  public static IOException naming(IOException e, Path path) {
    if (!(e instanceof FileSystemException)) {
      return e;
    }
    String file = path.toString();
    String other = ((FileSystemException) e).getOtherFile();
    String reason = ((FileSystemException) e).getReason();
    FileSystemException named;
    if (e.getClass() == AccessDeniedException.class) {
      named = new AccessDeniedException(file, other, reason);
    } else if (e.getClass() == NoSuchFileException.class) {
      named = new NoSuchFileException(file, other, reason);
    } else if (e.getClass() == FileAlreadyExistsException.class) {
      named = new FileAlreadyExistsException(file, other, reason);
    } else if (e.getClass() == DirectoryNotEmptyException.class) {
      named = new DirectoryNotEmptyException(file);
    } else if (e.getClass() == NotDirectoryException.class) {
      named = new NotDirectoryException(file);
    } else if (e.getClass() == FileSystemException.class) {
      named = new FileSystemException(file, other, reason);
    } else {
      return e;
    }
    named.initCause(e);
    return named;
  }
}
