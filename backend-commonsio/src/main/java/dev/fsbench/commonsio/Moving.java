package dev.fsbench.commonsio;

import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import org.apache.commons.io.FileExistsException;
import org.apache.commons.io.FileUtils;
import org.apache.commons.io.file.PathUtils;

/**
 * rename: {@code FileUtils.moveFile}, or {@code FileUtils.moveDirectory} for a directory; default filesystem only.
 *
 * <p>Both try {@code File.renameTo} (rename(2)) and, when it fails, copy and delete. Their semantics differ from
 * rename(2) in three ways this class adapts to:
 *
 * <ul>
 *   <li>They refuse an existing target ({@code FileExistsException}); rename(2) replaces a file, or an empty directory
 *       with a directory. On that exception the target is checked as rename(2) would check it, removed with {@code
 *       FileUtils.delete}, and the move retried. <b>Replacing is therefore not atomic</b>: between the two calls the
 *       target name is missing. Commons IO offers no atomic replace.
 *   <li>Their copy fallback creates missing parents of the target, so renaming into a missing directory would succeed.
 *       The target's parent is checked first (one stat); missing is {@code NoSuchFileException}.
 *   <li>{@code moveFile} refuses a directory and a link to one with an {@code IllegalArgumentException}, before touching
 *       anything; that is taken as the sign to call {@code moveDirectory} (which renames a link as a link).
 * </ul>
 *
 * A file rename, the benchmarked case, costs Commons IO's own two stats plus the parent check, then rename(2).
 */
final class Moving {
  private Moving() {}

  static void rename(Path source, Path target) throws IOException {
    Parents.requireDirectory(target);
    File from = source.toFile();
    File to = target.toFile();
    try {
      move(source, target, from, to);
    } catch (FileExistsException targetExists) {
      if (replaceable(source, target, targetExists)) {
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
      throw Failures.noSuchFile(source, e);
    } catch (IllegalArgumentException e) {
      throw Failures.twoPaths(source, target, "Not a regular file or directory", e);
    } catch (FileExistsException | FileSystemException e) {
      throw e;
    } catch (IOException e) {
      // "Cannot move directory ... to a subdirectory of itself", "Failed to delete original file ..."
      String reason = movedIntoItself(source, target) ? "Invalid argument" : String.valueOf(e.getMessage());
      throw Failures.twoPaths(source, target, reason, e);
    }
  }

  /**
   * Whether rename(2) would replace the existing {@code target} with {@code source}; throws what it would say
   * otherwise. False when both name the same file: rename(2) then does nothing and succeeds.
   */
  private static boolean replaceable(Path source, Path target, FileExistsException cause) throws IOException {
    BasicFileAttributes from = lstat(source);
    BasicFileAttributes to = lstat(target);
    if (from.fileKey() != null && Objects.equals(from.fileKey(), to.fileKey())) {
      return false;
    }
    if (from.isDirectory()) {
      if (!to.isDirectory()) {
        throw Failures.twoPaths(source, target, "Not a directory", cause);
      }
      if (!PathUtils.isEmptyDirectory(target)) {
        DirectoryNotEmptyException notEmpty = new DirectoryNotEmptyException(target.toString());
        notEmpty.initCause(cause);
        throw notEmpty;
      }
    } else if (to.isDirectory()) {
      throw Failures.twoPaths(source, target, "Is a directory", cause);
    }
    return true;
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
