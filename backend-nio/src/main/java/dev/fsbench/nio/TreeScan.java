package dev.fsbench.nio;

import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.ScanEntry;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemLoopException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;

/**
 * scan: a walk that returns each entry with its metadata, read once per entry during the walk
 * ({@link Metadata#entry}), sorted by {@link ScanEntry#ORDER} at the end.
 *
 * <p>Following links: an entry's target is read instead of the link; a dangling link is reported as
 * the link itself (as {@link Files#walkFileTree} does), and a link back to a directory being walked
 * is a {@link FileSystemLoopException} naming the link, detected by comparing file keys with the
 * directories above it.
 */
final class TreeScan {
  private TreeScan() {}

  /** Directories above the one being listed, by file key; only kept when following links. */
  private record Ancestors(Object fileKey, Ancestors parent) {
    boolean contains(Object key) {
      for (Ancestors a = this; a != null; a = a.parent) {
        if (Objects.equals(a.fileKey, key)) {
          return true;
        }
      }
      return false;
    }
  }

  private record Pending(Path directory, String prefix, int depth, Ancestors ancestors) {}

  static List<ScanEntry> scan(
      Path root, Metadata metadata, boolean followLinks, boolean includeDirectories)
      throws IOException {
    LinkOption[] options =
        followLinks ? new LinkOption[0] : new LinkOption[] {LinkOption.NOFOLLOW_LINKS};
    List<ScanEntry> out = new ArrayList<>();
    Deque<Pending> pending = new ArrayDeque<>();
    Ancestors top = followLinks ? new Ancestors(metadata.entry(root).fileKey(), null) : null;
    pending.push(new Pending(root, "", 1, top));
    while (!pending.isEmpty()) {
      Pending next = pending.pop();
      try (DirectoryStream<Path> entries = Files.newDirectoryStream(next.directory())) {
        for (Path entry : entries) {
          String name = entry.getFileName().toString();
          String relative = next.prefix() + name;
          Metadata.Entry meta = read(entry, metadata, options, followLinks);
          if (meta.kind() == FileKind.DIRECTORY) {
            Ancestors ancestors = null;
            if (followLinks) {
              if (meta.fileKey() != null && next.ancestors().contains(meta.fileKey())) {
                throw new FileSystemLoopException(entry.toString());
              }
              ancestors = new Ancestors(meta.fileKey(), next.ancestors());
            }
            pending.push(new Pending(entry, relative + "/", next.depth() + 1, ancestors));
            if (!includeDirectories) {
              continue;
            }
          }
          out.add(
              new ScanEntry(
                  relative,
                  name,
                  meta.kind(),
                  meta.size(),
                  meta.mode(),
                  meta.mtimeNanos(),
                  next.depth()));
        }
      }
    }
    out.sort(ScanEntry.ORDER);
    return out;
  }

  private static Metadata.Entry read(
      Path entry, Metadata metadata, LinkOption[] options, boolean followLinks) throws IOException {
    try {
      return metadata.entry(entry, options);
    } catch (NoSuchFileException dangling) {
      if (!followLinks) {
        throw dangling;
      }
      return metadata.entry(entry, LinkOption.NOFOLLOW_LINKS);
    }
  }
}
