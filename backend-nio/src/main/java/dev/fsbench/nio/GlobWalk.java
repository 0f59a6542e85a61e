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
 * Walks a tree under the guidance of a {@link GlobPattern}: a directory is listed only if something
 * below it can still match, and an entry's attributes are read only if its name keeps a pattern
 * alive (a name that cannot match costs no system call). Links are matched as entries and never
 * followed. Every entry is visited once, so no path is reported twice however many patterns match
 * it.
 */
final class GlobWalk {
  private GlobWalk() {}

  private record Pending(Path directory, String prefix, GlobPattern.Position position) {}

  static List<String> run(Path cwd, GlobPattern pattern, boolean includeDirectories)
      throws IOException {
    List<String> out = new ArrayList<>();
    Deque<Pending> pending = new ArrayDeque<>();
    pending.push(new Pending(cwd, "", pattern.start()));
    while (!pending.isEmpty()) {
      Pending next = pending.pop();
      try (DirectoryStream<Path> entries = Files.newDirectoryStream(next.directory())) {
        for (Path entry : entries) {
          GlobPattern.Position position = next.position().enter(entry.getFileName().toString());
          if (position.isDead()) {
            continue;
          }
          boolean directory =
              Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
                  .isDirectory();
          String relative = next.prefix() + entry.getFileName();
          if (position.matches(directory) && (includeDirectories || !directory)) {
            out.add(relative);
          }
          if (directory && position.canMatchBelow()) {
            pending.push(new Pending(entry, relative + "/", position));
          }
        }
      }
    }
    return out;
  }
}
