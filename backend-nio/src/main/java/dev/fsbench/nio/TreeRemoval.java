package dev.fsbench.nio;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * rm -r as a {@link Files#walkFileTree} visitor: files and links are deleted as they are visited,
 * each directory after its contents. The walk is started without {@code FOLLOW_LINKS}, so a link
 * (to a directory inside or outside the tree) reaches {@link #visitFile} and only the link is
 * deleted. The first failure stops the removal and is thrown as NIO threw it; what was removed
 * before it stays removed, as with {@code rm -r}.
 *
 * <p>Counts what it removed, for tests and for a reader of a failed removal.
 */
final class TreeRemoval extends SimpleFileVisitor<Path> {
  private long files;
  private long directories;

  static TreeRemoval removeTree(Path directory) throws IOException {
    TreeRemoval removal = new TreeRemoval();
    Files.walkFileTree(directory, removal);
    return removal;
  }

  @Override
  public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
    Files.delete(file);
    files++;
    return FileVisitResult.CONTINUE;
  }

  @Override
  public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
    if (exc != null) {
      throw exc;
    }
    Files.delete(dir);
    directories++;
    return FileVisitResult.CONTINUE;
  }

  /** Files and links removed. */
  long files() {
    return files;
  }

  /** Directories removed, the root included. */
  long directories() {
    return directories;
  }
}
