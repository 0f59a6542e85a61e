package dev.fsbench.commonsio;

import dev.fsbench.spi.FsErrors;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Turns what Commons IO throws into what {@code java.nio.file} throws for the same condition (the
 * SPI's error contract).
 *
 * <p>Commons IO reports most conditions in its own words: {@code FileNotFoundException("Source
 * '...' does not exist")}, {@code IllegalArgumentException("Parameter 'srcFile' is not a file:
 * ...")}, {@code FileExistsException}, {@code IOException("Cannot create directory '...'")}. None
 * of them is a {@link FileSystemException}, so none names the path in a way a caller can read back,
 * and several lose the errno. The callers here know which path each check was about, so they build
 * the NIO exception themselves; where the reason is lost (a {@code java.io.File} call that only
 * returned {@code false}) {@link #probe} finds it by looking at the filesystem afterwards, never by
 * retrying the operation through NIO.
 */
final class Failures {
  private Failures() {}

  /** {@code NoSuchFileException} naming {@code path}, with Commons IO's exception as the cause. */
  static NoSuchFileException noSuchFile(Path path, Throwable cause) {
    return withCause(new NoSuchFileException(path.toString()), cause);
  }

  /**
   * {@code FileSystemException} naming {@code file} (and {@code other} when not null) with the
   * system's reason.
   */
  static FileSystemException named(Path file, Path other, String reason, Throwable cause) {
    return withCause(
        new FileSystemException(file.toString(), other == null ? null : other.toString(), reason),
        cause);
  }

  /** "Is a directory" naming {@code path}. */
  static FileSystemException isADirectory(Path path, Throwable cause) {
    return withCause(FsErrors.isADirectory(path), cause);
  }

  /** "Not a directory" naming {@code path}. */
  static FileSystemException notADirectory(Path path, Throwable cause) {
    return withCause(FsErrors.notADirectory(path), cause);
  }

  /**
   * A directory read or written as a file: Linux's NIO throws a bare {@code IOException("Is a
   * directory")} naming nothing (reading, inside {@code FileUtils.readFileToByteArray}), Jimfs a
   * {@code FileSystemException} "not a regular file"; the contract wants "Is a directory" naming
   * the path. Anything more specific (missing, access denied) is kept. Only a failure pays for the
   * extra stat.
   */
  static IOException fileExpected(Path path, IOException e) {
    boolean plain = e.getClass() == IOException.class || e.getClass() == FileSystemException.class;
    if (plain && Files.isDirectory(path)) {
      return isADirectory(path, e);
    }
    return e;
  }

  /**
   * Why creating {@code path} (or one of its missing parents) failed, when Commons IO could only
   * say "Cannot create directory": names what {@code Files.createDirectories} would name, by its
   * own search. From the parent up, the first ancestor its lookup ({@code checkAccess}) finds is
   * where creation starts, and the child below it is what fails; a lookup failing otherwise than
   * "missing" is the failure itself. That lookup is this JDK's: below a file, JDK 17 says "Not a
   * directory" for the deepest ancestor, JDK 25 calls it missing and the search goes on up to the
   * file (JDK-8356678). Read-only: it never creates anything. Null when {@code path} is a directory
   * after all (made meanwhile by someone else), which is success.
   */
  static IOException probe(Path path, IOException commonsIo) {
    Path absolute = path.toAbsolutePath();
    if (Files.exists(absolute, LinkOption.NOFOLLOW_LINKS)) {
      return Files.isDirectory(absolute)
          ? null
          : withCause(new FileAlreadyExistsException(path.toString()), commonsIo);
    }
    Path child = absolute;
    Path existing = absolute.getParent();
    while (existing != null) {
      try {
        existing.getFileSystem().provider().checkAccess(existing);
        break;
      } catch (NoSuchFileException missing) {
        child = existing;
        existing = existing.getParent();
      } catch (IOException lookup) {
        lookup.addSuppressed(commonsIo);
        return lookup;
      }
    }
    if (existing == null) {
      return withCause(new NoSuchFileException(child.toString()), commonsIo);
    }
    if (!Files.isDirectory(existing)) {
      return notADirectory(child, commonsIo);
    }
    if (!Files.isWritable(existing)) {
      return withCause(new AccessDeniedException(child.toString()), commonsIo);
    }
    return named(path, null, String.valueOf(commonsIo.getMessage()), commonsIo);
  }

  /**
   * Commons IO's "Source '...' does not exist" ({@code java.io.File.exists()}, false for any
   * failure) as {@code Files.copy} reports its lookup of the source: that same lookup, asked on the
   * error path. A missing path is {@code NoSuchFileException}, a file used as a directory what this
   * JDK's lookups say; a source found after all (made meanwhile) is reported missing as Commons IO
   * saw it.
   */
  static IOException sourceLookup(Path source, IOException commonsIo) {
    try {
      Files.readAttributes(source, BasicFileAttributes.class);
    } catch (IOException lookup) {
      lookup.addSuppressed(commonsIo);
      return lookup;
    }
    return noSuchFile(source, commonsIo);
  }

  /**
   * The same exception naming {@code given} instead of {@code resolved}: the backend sometimes
   * hands Commons IO a resolved path (to steer it around a bug) and must still report the path the
   * caller gave.
   */
  static IOException renamed(IOException e, Path resolved, Path given) {
    if (resolved.equals(given)
        || !(e instanceof FileSystemException)
        || !resolved.toString().equals(((FileSystemException) e).getFile())) {
      return e;
    }
    FileSystemException fse = (FileSystemException) e;
    String file = given.toString();
    String other = fse.getOtherFile();
    FileSystemException copy;
    if (e instanceof NoSuchFileException) {
      copy = new NoSuchFileException(file, other, fse.getReason());
    } else if (e instanceof AccessDeniedException) {
      copy = new AccessDeniedException(file, other, fse.getReason());
    } else if (e instanceof FileAlreadyExistsException) {
      copy = new FileAlreadyExistsException(file, other, fse.getReason());
    } else if (e instanceof DirectoryNotEmptyException) {
      copy = new DirectoryNotEmptyException(file);
    } else if (e instanceof NotDirectoryException) {
      copy = new NotDirectoryException(file);
    } else if (e.getClass() == FileSystemException.class) {
      copy = new FileSystemException(file, other, fse.getReason());
    } else {
      return e;
    }
    return withCause(copy, e);
  }

  private static <T extends Throwable> T withCause(T e, Throwable cause) {
    if (cause != null) {
      e.initCause(cause);
    }
    return e;
  }
}
