package dev.fsbench.spi;

import java.util.Objects;

/**
 * The metadata of one filesystem entry, as {@code stat(2)} reports it. Times are nanoseconds since
 * the epoch.
 *
 * <p>{@code mode} is the whole {@code st_mode}: file-type bits and permission bits (use {@link
 * #permissions()} for the latter). On a filesystem without POSIX ownership, uid and gid are -1;
 * without inode numbers, ino and dev are -1.
 */
public record FileStat(
    FileKind kind,
    long size,
    int mode,
    int uid,
    int gid,
    long nlink,
    long ino,
    long dev,
    long atimeNanos,
    long mtimeNanos,
    long ctimeNanos) {

  public FileStat {
    Objects.requireNonNull(kind, "kind");
  }

  /** The permission bits, {@code mode & 07777}. */
  public int permissions() {
    return mode & 07777;
  }

  public boolean isFile() {
    return kind == FileKind.FILE;
  }

  public boolean isDirectory() {
    return kind == FileKind.DIRECTORY;
  }

  public boolean isSymlink() {
    return kind == FileKind.SYMLINK;
  }
}
