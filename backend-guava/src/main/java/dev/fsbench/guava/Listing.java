package dev.fsbench.guava;

import com.google.common.collect.ImmutableList;
import com.google.common.io.MoreFiles;
import dev.fsbench.support.RelativePaths;
import java.io.IOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.Files;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * readdir: {@code MoreFiles.listFiles} for one directory; recursively, {@code
 * MoreFiles.fileTraverser()} from the argument's entries.
 *
 * <p>The traverser's children of a path are {@code listFiles} of it when {@code
 * Files.isDirectory(path, NOFOLLOW_LINKS)}, and none otherwise: links are listed, never followed,
 * and the walk is iterative (a deep tree cannot overflow the stack; each directory's stream is
 * closed once listed). It starts from the argument's entries, {@code listFiles(root)}, rather than
 * from the argument itself, which it would not open when it is a link: the contract lists the
 * target of a link given as the argument, as {@code opendir} does. A failure inside the walk comes
 * out of the iteration as Guava's unchecked {@link DirectoryIteratorException}, whose cause is
 * NIO's exception, naming the directory; that is what is thrown.
 *
 * <p>Added before Guava runs: one stat of the argument (links followed). {@code
 * Files.newDirectoryStream} opens its argument with a plain {@code open(O_RDONLY)} before it learns
 * the kind, and opening a FIFO blocks until a writer comes, so a non-directory is refused first
 * with {@link NotDirectoryException}, as the listing refuses a regular file.
 */
final class Listing {
  private Listing() {}

  static List<String> readdir(Path root, boolean recursive) throws IOException {
    if (!Files.readAttributes(root, BasicFileAttributes.class).isDirectory()) {
      throw new NotDirectoryException(root.toString());
    }
    ImmutableList<Path> entries = MoreFiles.listFiles(root);
    List<String> names = new ArrayList<>(entries.size());
    if (!recursive) {
      for (Path entry : entries) {
        names.add(entry.getFileName().toString());
      }
      return names;
    }
    try {
      for (Path entry : MoreFiles.fileTraverser().depthFirstPreOrder(entries)) {
        names.add(RelativePaths.of(root, entry));
      }
    } catch (DirectoryIteratorException e) {
      throw e.getCause();
    }
    return names;
  }
}
