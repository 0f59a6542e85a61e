package dev.fsbench.nio;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Recursive readdir: every entry below a directory as a '/'-joined relative path, links listed and
 * never followed.
 *
 * <p>One attribute read per entry (to learn whether it is a directory to descend into) and one
 * directory stream per directory, each closed before its subdirectories are opened, so deep trees
 * never hold many descriptors. The walk is iterative: a deep tree cannot overflow the stack. The
 * root itself is opened as {@code opendir} would, following a link, and a root that is not a
 * directory fails as {@link Files#newDirectoryStream} does.
 */
final class TreeListing {
  private TreeListing() {}

  private record Pending(Path directory, String prefix) {}

  static List<String> list(Path root) throws IOException {
    List<String> out = new ArrayList<>();
    Deque<Pending> pending = new ArrayDeque<>();
    pending.push(new Pending(root, ""));
    while (!pending.isEmpty()) {
      Pending next = pending.pop();
      try (DirectoryStream<Path> entries = Files.newDirectoryStream(next.directory())) {
        for (Path entry : entries) {
          String relative = next.prefix() + entry.getFileName();
          out.add(relative);
          if (Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
              .isDirectory()) {
            pending.push(new Pending(entry, relative + "/"));
          }
        }
      }
    }
    return out;
  }
}
