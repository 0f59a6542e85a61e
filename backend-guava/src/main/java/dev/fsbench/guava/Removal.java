package dev.fsbench.guava;

import com.google.common.io.MoreFiles;
import dev.fsbench.spi.FsErrors;
import dev.fsbench.spi.RmOptions;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * rm: {@code MoreFiles.deleteRecursively(path)}, with no {@code RecursiveDeleteOption}, as a user
 * calls it.
 *
 * <p>What Guava does: it opens the path's parent ({@code Files.newDirectoryStream}; the working
 * directory {@code .} for a one-name relative path) and, where that stream is a {@link
 * java.nio.file.SecureDirectoryStream} (the default filesystem on Linux, Jimfs), works relative to
 * open directories from there: an entry is stat'ed without following links, a directory opened
 * relative to its parent with {@code NOFOLLOW_LINKS}, entries deleted relative to it. A directory
 * swapped for a link mid-walk is therefore never followed (the open refuses the link). Where the
 * stream is not secure (the zip filesystem) it refuses with {@code
 * InsecureRecursiveDeleteException} naming the path, before deleting anything, unless {@code
 * ALLOW_INSECURE} is passed, which the backend does not; that exception is passed on as it is.
 * Guava recurses per level and collects failures instead of stopping: after the walk it throws a
 * {@code FileSystemException} "failed to delete one or more files" carrying them as suppressed
 * exceptions (or means to throw the {@link NoSuchFileException} of a missing path, below).
 *
 * <p>What the adapter translates, on the error path only:
 *
 * <ul>
 *   <li>the path missing: {@code NoSuchFileException} naming the path as given; nothing with {@code
 *       force}. Guava means to throw that {@code NoSuchFileException} itself when its one failure
 *       names {@code parent.resolve(name)}, but the JDK's and Jimfs's {@code SecureDirectoryStream}
 *       name an entry by the name it was given, so Guava throws "failed to delete" holding a {@code
 *       NoSuchFileException} that names {@code name} alone; the adapter recognizes that one failure
 *       when the path is not there after it (an entry that vanished from a tree still there is a
 *       failure);
 *   <li>the parent missing or not a directory (Guava's open of the parent fails naming the parent):
 *       what {@code Files.delete} says of the path, {@code NoSuchFileException} or "Not a
 *       directory" naming it (with {@code force}, a missing parent is nothing, as for {@code
 *       Files.deleteIfExists});
 *   <li>any other failure to open the parent (a loop of links, a name too long): the same exception
 *       naming the path, as {@code Files.delete} names it;
 *   <li>the collected failures: the first of them, the error NIO's walk stops at (each names its
 *       entry's whole path; Guava does not remove a directory below which something failed, so even
 *       an entry that vanished meanwhile is reported);
 *   <li>a {@link StackOverflowError} from Guava's recursion in a tree deeper than the thread's
 *       stack: a {@code FileSystemException} naming the path (what was removed below stays
 *       removed).
 * </ul>
 *
 * <p>A path whose last name is {@code .} or {@code ..} is refused first ({@link
 * FsErrors#dotOrDotDot}): Guava would open that name relative to its parent and remove the
 * directory it stands for. Without {@code recursive}, Guava has no call: one lstat, a directory is
 * "Is a directory", anything else {@code Files.delete}.
 */
final class Removal {
  private Removal() {}

  static void rm(Path path, RmOptions options) throws IOException {
    if (FsErrors.endsInDotOrDotDot(path)) {
      throw FsErrors.dotOrDotDot(path);
    }
    if (!options.recursive()) {
      deleteOne(path, options.force());
      return;
    }
    try {
      MoreFiles.deleteRecursively(path);
    } catch (NoSuchFileException e) {
      if (!options.force()) {
        throw missing(path, e);
      }
    } catch (NotDirectoryException e) {
      if (!isParent(path, e)) {
        throw e;
      }
      throw Failures.withCause(FsErrors.notADirectory(path), e);
    } catch (FileSystemException e) {
      if (isParent(path, e)) {
        throw FsErrors.naming(e, path);
      }
      IOException first = firstCollected(e);
      if (first instanceof NoSuchFileException
          && e.getSuppressed().length == 1
          && Files.notExists(path, LinkOption.NOFOLLOW_LINKS)) {
        // the path was missing: what Guava means to throw, had the name matched
        if (!options.force()) {
          throw missing(path, (NoSuchFileException) first);
        }
        return;
      }
      throw named(path, first);
    } catch (StackOverflowError e) {
      throw Failures.withCause(
          new FileSystemException(
              path.toString(),
              null,
              "deeper than MoreFiles.deleteRecursively's recursion can go on this thread's stack"),
          e);
    }
  }

  /** The path missing, or its parent missing: named as the caller gave it. */
  private static NoSuchFileException missing(Path path, NoSuchFileException e) {
    return Failures.withCause(new NoSuchFileException(path.toString()), e);
  }

  private static boolean isParent(Path path, FileSystemException e) {
    Path parent = path.getParent();
    return parent != null && parent.toString().equals(e.getFile());
  }

  /** Guava's "failed to delete one or more files": the first failure it collected. */
  private static IOException firstCollected(FileSystemException e) {
    for (Throwable suppressed : e.getSuppressed()) {
      if (suppressed instanceof IOException) {
        return (IOException) suppressed;
      }
    }
    return e;
  }

  /**
   * {@code e} naming the whole path of the entry it is about. Relative to an open directory, the
   * JDK names an entry by the name it was given, and Guava gives the name alone: "f0", not which
   * directory's. Guava leaves in place every directory below which something failed, so the entry
   * is still in what is left of the tree: the first of that name in a walk of the remainder (in
   * listing order, as Guava walked), else the argument itself. Read-only, on the error path.
   */
  static IOException named(Path root, IOException e) {
    if (!(e instanceof FileSystemException)) {
      return e;
    }
    if (((FileSystemException) e).getFile() == null) {
      // the JDK's SecureDirectoryStream reports a directory not empty (an entry added meanwhile)
      // naming nothing: the tree it is in is the most that can be said
      return FsErrors.naming(e, root);
    }
    Path name = root.getFileSystem().getPath(((FileSystemException) e).getFile());
    if (name.getNameCount() != 1 || name.isAbsolute()) {
      return e;
    }
    Path found = Remainder.find(root, name);
    return FsErrors.naming(e, found != null ? found : root);
  }

  /** rm without recursive: a file or link, never a directory. */
  private static void deleteOne(Path path, boolean force) throws IOException {
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException lookup) {
      // JDK 25's lookup calls a file used as a directory missing, its delete "Not a directory":
      // the delete's word is rm's (JDK-8356678)
      if (force) {
        Files.deleteIfExists(path);
      } else {
        Files.delete(path);
      }
      return;
    }
    if (attributes.isDirectory()) {
      throw FsErrors.isADirectory(path);
    }
    Files.delete(path);
  }
}
