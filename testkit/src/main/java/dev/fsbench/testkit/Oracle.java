package dev.fsbench.testkit;

import dev.fsbench.spi.FileKind;
import dev.fsbench.support.RelativePaths;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * What the kit observes on disk, read with {@code Files} alone: the independent reader every case
 * checks against.
 */
final class Oracle {
  private Oracle() {}

  static final LinkOption[] NOFOLLOW = {LinkOption.NOFOLLOW_LINKS};

  static FileKind kind(Path path, LinkOption... options) throws IOException {
    return FileKind.of(Files.readAttributes(path, BasicFileAttributes.class, options));
  }

  /** The permission bits as {@code Files} reads them; 0 without a posix view. */
  static int permissions(Path path, LinkOption... options) throws IOException {
    if (!path.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      return 0;
    }
    return Fixtures.bits(
        Files.readAttributes(path, PosixFileAttributes.class, options).permissions());
  }

  /** The whole st_mode: the kind's type bits over the permission bits. */
  static int mode(Path path, LinkOption... options) throws IOException {
    return kind(path, options).typeBits() | permissions(path, options);
  }

  static long mtimeNanos(Path path, LinkOption... options) throws IOException {
    return nanos(Files.getLastModifiedTime(path, options));
  }

  static long atimeNanos(Path path, LinkOption... options) throws IOException {
    return nanos(Files.readAttributes(path, BasicFileAttributes.class, options).lastAccessTime());
  }

  static long nanos(FileTime time) {
    return time.to(TimeUnit.NANOSECONDS);
  }

  /**
   * A "unix" view attribute as a long (ino, dev, nlink, uid, gid) or, for ctime, nanoseconds; -1
   * without the view.
   */
  static long unix(Path path, String name, LinkOption... options) throws IOException {
    if (!path.getFileSystem().supportedFileAttributeViews().contains("unix")) {
      return -1;
    }
    Object value = Files.getAttribute(path, "unix:" + name, options);
    return value instanceof FileTime ? nanos((FileTime) value) : ((Number) value).longValue();
  }

  /**
   * Everything below {@code root} (the root excluded), by relative '/'-joined path: kind,
   * permission bits, and the content (files) or target (links). Links are never followed. Two equal
   * manifests mean nothing visible changed.
   */
  static Map<String, String> manifest(Path root) throws IOException {
    return manifest(root, true);
  }

  /**
   * As {@link #manifest(Path)}, optionally without permission bits (for fixtures whose bits a case
   * changed).
   */
  static Map<String, String> manifest(Path root, boolean withPermissions) throws IOException {
    Map<String, String> out = new TreeMap<>();
    Files.walkFileTree(
        root,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs)
              throws IOException {
            if (!dir.equals(root)) {
              out.put(RelativePaths.of(root, dir), "dir" + bits(dir));
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            String description;
            if (attrs.isSymbolicLink()) {
              description = "link -> " + Files.readSymbolicLink(file);
            } else if (attrs.isRegularFile()) {
              byte[] content = Files.readAllBytes(file);
              description =
                  "file"
                      + bits(file)
                      + " "
                      + content.length
                      + " bytes #"
                      + Integer.toHexString(Arrays.hashCode(content));
            } else {
              description = "other";
            }
            out.put(RelativePaths.of(root, file), description);
            return FileVisitResult.CONTINUE;
          }

          private String bits(Path path) throws IOException {
            return withPermissions ? " " + Integer.toOctalString(permissions(path, NOFOLLOW)) : "";
          }
        });
    return out;
  }
}
