package dev.fsbench.nio;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The check before a directory argument is listed.
 *
 * <p>On Linux {@code Files.newDirectoryStream} opens its argument with a plain {@code
 * open(O_RDONLY)} before asking whether it is a directory, and opening a FIFO for reading blocks
 * until a writer comes: readdir, scan or glob of a FIFO would hang instead of throwing {@link
 * NotDirectoryException}. One stat of the argument (links followed, as the listing follows them)
 * first, and a non-directory is refused as {@code newDirectoryStream} refuses a regular file. A
 * missing or unreachable argument fails in that stat just as the open would have. Directories found
 * during a walk are already known to be directories from their own attributes, so only the argument
 * pays this stat; one swapped for a FIFO between its stat and its open can still block (a race this
 * check does not close). Written for this backend; the glob of the scanner backends (Ant, Plexus)
 * checks its working directory with it too, so that it fails as nio's does.
 */
public final class Directories {
  private Directories() {}

  /**
   * Throws {@link NotDirectoryException} naming {@code dir} unless it is a directory (links
   * followed).
   */
  public static void requireDirectory(Path dir) throws IOException {
    if (!Files.readAttributes(dir, BasicFileAttributes.class).isDirectory()) {
      throw new NotDirectoryException(dir.toString());
    }
  }
}
