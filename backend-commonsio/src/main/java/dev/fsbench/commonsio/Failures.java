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
   * say "Cannot create directory": looks at the first missing component and what is above it, and
   * names what {@code Files.createDirectories} would name. Read-only: it never creates anything.
   * Null when {@code path} is a directory after all (made meanwhile by someone else), which is
   * success.
   */
  static IOException probe(Path path, IOException commonsIo) {
    Path absolute = path.toAbsolutePath();
    if (Files.exists(absolute, LinkOption.NOFOLLOW_LINKS)) {
      return Files.isDirectory(absolute)
          ? null
          : withCause(new FileAlreadyExistsException(path.toString()), commonsIo);
    }
    Path missing = absolute;
    Path existing = absolute.getParent();
    while (existing != null && !Files.exists(existing)) {
      missing = existing;
      existing = existing.getParent();
    }
    if (existing == null) {
      return withCause(new NoSuchFileException(missing.toString()), commonsIo);
    }
    if (!Files.isDirectory(existing)) {
      return notADirectory(missing, commonsIo);
    }
    if (!Files.isWritable(existing)) {
      return withCause(new AccessDeniedException(missing.toString()), commonsIo);
    }
    return named(path, null, String.valueOf(commonsIo.getMessage()), commonsIo);
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
