package dev.fsbench.commonsio;

import dev.fsbench.support.RelativePaths;
import java.io.IOException;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.apache.commons.io.file.PathUtils;

/**
 * readdir: {@code PathUtils.visitFileTree} with a {@link ListingVisitor} (Commons IO's
 * accumulator), to depth 1 or the whole tree, and the accumulator's own {@code relativizeFiles} /
 * {@code relativizeDirectories}.
 *
 * <p>Cost, Commons IO's: the walk reads every entry's attributes (one lstat), and the accumulator
 * checks every file with {@code Files.exists} (one stat), also for a one-level listing, where NIO's
 * directory stream reads none.
 *
 * <p>The start is where a walk and {@code opendir(3)} disagree. A walk that never follows links
 * visits a link to a directory as a single entry, and a regular file likewise, without failing;
 * readdir opens the directory a link points to and refuses a file with {@code
 * NotDirectoryException}. Both cases are recognised after the walk (the visitor saw no directory at
 * the start, which costs nothing in the common case): a link to a directory is walked again from
 * its real path, anything else is refused.
 */
final class Listing {
  private Listing() {}

  static List<String> readdir(Path directory, boolean recursive) throws IOException {
    ListingVisitor visitor = walk(directory, recursive);
    Path base = directory;
    if (!visitor.startIsDirectory()) {
      base = linkedDirectory(directory);
      visitor = walk(base, recursive);
    }
    Path normalized = base.normalize(); // the accumulator normalizes what it records
    List<String> names = new ArrayList<>();
    for (Path relative : visitor.relativizeFiles(normalized, false, null)) {
      names.add(RelativePaths.slashed(relative));
    }
    for (Path relative : visitor.relativizeDirectories(normalized, false, null)) {
      if (!relative.toString().isEmpty()) { // the start itself
        names.add(RelativePaths.slashed(relative));
      }
    }
    return names;
  }

  private static ListingVisitor walk(Path start, boolean recursive) throws IOException {
    return PathUtils.visitFileTree(
        new ListingVisitor(start),
        start,
        EnumSet.noneOf(FileVisitOption.class),
        recursive ? Integer.MAX_VALUE : 1);
  }

  /**
   * The real path of the directory {@code start} links to, for a walk that met a non-directory at
   * its start. Fails as opening it as a directory fails: what a stat through the link throws (a
   * dangling link is missing, a loop is "Too many levels of symbolic links"), {@code
   * NotDirectoryException} for anything but a directory.
   */
  static Path linkedDirectory(Path start) throws IOException {
    if (!Files.readAttributes(start, BasicFileAttributes.class).isDirectory()) {
      throw new NotDirectoryException(start.toString());
    }
    return start.toRealPath();
  }
}
