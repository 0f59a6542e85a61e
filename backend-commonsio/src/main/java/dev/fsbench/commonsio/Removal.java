package dev.fsbench.commonsio;

import dev.fsbench.spi.FsErrors;
import dev.fsbench.spi.RmOptions;
import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import org.apache.commons.io.FileUtils;
import org.apache.commons.io.file.Counters.PathCounters;
import org.apache.commons.io.file.PathUtils;

/**
 * rm, unlink and rmdir through Commons IO's deleting calls, read through their counters.
 *
 * <p>Commons IO's deletes do not fail on a missing path: {@code PathUtils.deleteFile} and {@code
 * PathUtils.delete} return {@link PathCounters} that simply count nothing. The counters are
 * therefore the oracle for "it was not there" (no extra stat): nothing counted and not {@code
 * force} is a {@code NoSuchFileException}. Two more quirks are translated: {@code
 * PathUtils.deleteFile} refuses a directory with a {@code NoSuchFileException}, which the contract
 * spells "Is a directory"; and {@code DeletingPathVisitor} leaves a directory in place without a
 * word when it is not empty by the time the walk leaves it (an entry added meanwhile), which the
 * contract spells {@code DirectoryNotEmptyException}. Links are never followed: Commons IO deletes
 * them as links. A path whose last name is {@code .} or {@code ..} is refused before Commons IO
 * sees it ({@link FsErrors#dotOrDotDot}).
 */
final class Removal {
  private Removal() {}

  /**
   * rm: {@code PathUtils.delete} (a {@code DeletingPathVisitor} walk for a directory), or a single
   * file.
   */
  static void rm(Path path, RmOptions options) throws IOException {
    if (FsErrors.endsInDotOrDotDot(path)) {
      // PathUtils.delete(dir/..) walks and deletes dir's parent; GNU rm refuses the name, and so
      // does the contract
      throw FsErrors.dotOrDotDot(path);
    }
    if (!options.recursive()) {
      deleteFile(path, options.force());
      return;
    }
    PathCounters counted = PathUtils.delete(path);
    if (counted.getFileCounter().get() == 0 && counted.getDirectoryCounter().get() == 0) {
      if (!options.force()) {
        throw new NoSuchFileException(path.toString());
      }
      return;
    }
    if (counted.getDirectoryCounter().get() > 0 && Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
      throw new DirectoryNotEmptyException(path.toString());
    }
  }

  /** unlink, and rm without recursive: {@code PathUtils.deleteFile}. */
  static void deleteFile(Path path, boolean force) throws IOException {
    PathCounters counted;
    try {
      counted = PathUtils.deleteFile(path);
    } catch (NoSuchFileException e) {
      // Commons IO's answer to a directory, and also what a file vanishing mid-call gives
      if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
        throw Failures.isADirectory(path, e);
      }
      if (force) {
        return;
      }
      throw e;
    }
    if (counted.getFileCounter().get() == 0 && !force) {
      throw new NoSuchFileException(path.toString());
    }
  }

  /**
   * rmdir: {@code FileUtils.delete}, which is {@code Files.delete} of the {@code File}'s path:
   * rmdir(2) semantics for a directory (a non-empty one is {@code DirectoryNotEmptyException}). It
   * would just as happily unlink a file, so a non-directory is refused first, with one lstat.
   */
  static void rmdir(Path path) throws IOException {
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException missing) {
      // JDK 25's lookup reports a file used as a directory as missing, its delete still as "Not a
      // directory" (JDK-8356678): the delete's word is rmdir's. It succeeds only if the path
      // appeared since the lookup.
      FileUtils.delete(path.toFile());
      return;
    }
    if (!attributes.isDirectory()) {
      throw Failures.notADirectory(path, null);
    }
    FileUtils.delete(path.toFile());
  }
}
