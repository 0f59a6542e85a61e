package dev.fsbench.commonsio;

import dev.fsbench.spi.FsErrors;
import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import org.apache.commons.io.FileExistsException;
import org.apache.commons.io.FileUtils;
import org.apache.commons.io.file.PathUtils;

/**
 * rename: {@code FileUtils.moveFile}, or {@code FileUtils.moveDirectory} for a directory; default
 * filesystem only.
 *
 * <p>Both try {@code File.renameTo} (rename(2)) and, when it fails, copy and delete. Their
 * semantics differ from rename(2) in four ways this class adapts to:
 *
 * <ul>
 *   <li>They refuse an existing target ({@code FileExistsException}); rename(2) replaces a file, or
 *       an empty directory with a directory. On that exception the target is checked as rename(2)
 *       would check it, removed with {@code FileUtils.delete}, and the move retried. <b>Replacing
 *       is therefore not atomic</b>: between the two calls the target name is missing. Commons IO
 *       offers no atomic replace.
 *   <li>Their copy fallback creates missing parents of the target, so renaming into a missing
 *       directory would succeed. The target's parent is checked first (one stat).
 *   <li>When rename(2) fails they copy and delete instead, and undo the copy if the source cannot
 *       be deleted: a rename denied for lack of write permission on a directory comes back as
 *       "Failed to delete original file". That is reported as rename(2)'s {@code
 *       AccessDeniedException}, found by asking whether both directories are writable. And before a
 *       replaced target is removed, the same question is asked first, so that a denied rename
 *       leaves the target where it was.
 *   <li>{@code moveFile} refuses a directory and a link to one with an {@code
 *       IllegalArgumentException}, before touching anything; that is taken as the sign to call
 *       {@code moveDirectory} (which renames a link as a link).
 * </ul>
 *
 * Anything but a regular file, a directory or a link (a FIFO, a socket) is refused by both movers;
 * that is reported as a {@code FileSystemException} naming both paths, where rename(2) would have
 * moved it.
 *
 * <p>Failures are reported as NIO reports rename(2)'s errno on Linux: the source as the file, the
 * target as the other path. A file rename, the benchmarked case, costs Commons IO's own two stats
 * plus the parent check, then rename(2).
 */
final class Moving {
  private Moving() {}

  static void rename(Path source, Path target) throws IOException {
    requireTargetParent(source, target);
    File from = source.toFile();
    File to = target.toFile();
    try {
      move(source, target, from, to);
    } catch (FileExistsException targetExists) {
      if (replaceable(source, target, targetExists)) {
        // rename(2) needs both directories writable; find out before the target is gone, not after
        requireWritableParents(source, target, targetExists);
        FileUtils.delete(to);
        move(source, target, from, to);
      }
    }
  }

  private static void move(Path source, Path target, File from, File to) throws IOException {
    try {
      try {
        FileUtils.moveFile(from, to);
      } catch (IllegalArgumentException directory) {
        FileUtils.moveDirectory(from, to);
      }
    } catch (FileNotFoundException e) {
      // java.io.File's exists() said false: ENOENT, or ENOTDIR below a file, for rename(2) too
      if (Parents.fileInTheWay(source)) {
        throw Failures.named(source, target, FsErrors.NOT_A_DIRECTORY, e);
      }
      throw missing(source, target, e);
    } catch (IllegalArgumentException e) {
      throw Failures.named(source, target, "Not a regular file or directory", e);
    } catch (FileExistsException e) {
      throw e;
    } catch (AccessDeniedException e) {
      // from the copy fallback, naming one path; rename(2)'s EACCES names both
      throw denied(source, target, e);
    } catch (FileSystemException e) {
      throw e;
    } catch (IOException e) {
      // "Cannot move directory ... to a subdirectory of itself", "Failed to delete original file
      // ... after copy"
      // (the copy fallback, taken because rename(2) failed, undone because the source could not be
      // removed)
      requireWritableParents(source, target, e);
      String reason =
          movedIntoItself(source, target) ? "Invalid argument" : String.valueOf(e.getMessage());
      throw Failures.named(source, target, reason, e);
    }
  }

  /**
   * Whether rename(2) would replace the existing {@code target} with {@code source}; throws what it
   * would say otherwise. False when both name the same file: rename(2) then does nothing and
   * succeeds.
   */
  private static boolean replaceable(Path source, Path target, FileExistsException cause)
      throws IOException {
    BasicFileAttributes from = lstat(source);
    BasicFileAttributes to = lstat(target);
    if (from.fileKey() != null && Objects.equals(from.fileKey(), to.fileKey())) {
      return false;
    }
    if (from.isDirectory()) {
      if (!to.isDirectory()) {
        throw Failures.named(source, target, "Not a directory", cause);
      }
      if (!PathUtils.isEmptyDirectory(target)) {
        throw Failures.named(source, target, "Directory not empty", cause);
      }
    } else if (to.isDirectory()) {
      throw Failures.named(source, target, "Is a directory", cause);
    }
    return true;
  }

  /**
   * The parent check (see the class comment), failing as rename(2) fails, naming both paths: ENOENT
   * for a missing parent, ENOTDIR for a file in its place.
   */
  private static void requireTargetParent(Path source, Path target) throws IOException {
    Path parent = target.toAbsolutePath().getParent();
    if (parent == null || Files.isDirectory(parent)) {
      return;
    }
    if (Parents.fileInTheWay(target)) {
      throw Failures.named(source, target, FsErrors.NOT_A_DIRECTORY, null);
    }
    throw missing(source, target, null);
  }

  /** rename(2)'s EACCES, when a directory it would change is not writable. */
  private static void requireWritableParents(Path source, Path target, IOException cause)
      throws AccessDeniedException {
    for (Path path : new Path[] {source, target}) {
      Path parent = path.toAbsolutePath().getParent();
      if (parent != null && !Files.isWritable(parent)) {
        throw denied(source, target, cause);
      }
    }
  }

  private static AccessDeniedException denied(Path source, Path target, Throwable cause) {
    AccessDeniedException e = new AccessDeniedException(source.toString(), target.toString(), null);
    e.initCause(cause);
    return e;
  }

  /** rename(2)'s ENOENT as NIO reports it: the source first, the target as the other path. */
  private static NoSuchFileException missing(Path source, Path target, Throwable cause) {
    NoSuchFileException e = new NoSuchFileException(source.toString(), target.toString(), null);
    if (cause != null) {
      e.initCause(cause);
    }
    return e;
  }

  private static BasicFileAttributes lstat(Path path) throws IOException {
    return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
  }

  private static boolean movedIntoItself(Path source, Path target) {
    Path from = source.toAbsolutePath().normalize();
    Path to = target.toAbsolutePath().normalize();
    return to.startsWith(from) && !to.equals(from);
  }
}
