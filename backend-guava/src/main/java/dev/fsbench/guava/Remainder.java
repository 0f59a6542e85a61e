package dev.fsbench.guava;

import java.io.IOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;

/**
 * What is left of a tree a recursive delete could not finish, searched for an entry by its name
 * (for {@link Removal}'s error message). Depth first, in listing order, links never followed; each
 * directory is listed whole and closed before its subdirectories, and one that cannot be listed is
 * passed over. Written for this backend.
 */
final class Remainder {
  private Remainder() {}

  /** The first entry named {@code name} below {@code root}, or null. */
  static Path find(Path root, Path name) {
    Deque<Iterator<Path>> pending = new ArrayDeque<>();
    pending.push(entries(root).iterator());
    while (!pending.isEmpty()) {
      if (!pending.peek().hasNext()) {
        pending.pop();
        continue;
      }
      Path entry = pending.peek().next();
      if (name.equals(entry.getFileName())) {
        return entry;
      }
      if (Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
        pending.push(entries(entry).iterator());
      }
    }
    return null;
  }

  private static List<Path> entries(Path dir) {
    List<Path> entries = new ArrayList<>();
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
      stream.forEach(entries::add);
    } catch (IOException | DirectoryIteratorException unreadable) {
      // passed over: what was listed is searched, the rest cannot hold the name
    }
    return entries;
  }
}
