package dev.fsbench.nio;

import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.FileStat;
import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Reads an entry's metadata with exactly one attribute read (one {@code stat}/{@code lstat} on the
 * default filesystem), in the richest form the filesystem offers:
 *
 * <ul>
 *   <li>the "unix" view: the raw {@code st_mode}, inode, device, link count, numeric owners and
 *       ctime. Jimfs offers the view too, but its {@code mode} holds only the permission bits, so
 *       the type bits are added from the kind;
 *   <li>the "posix" view: the mode is composed from the kind and the permission set; no inode
 *       numbers (-1);
 *   <li>only "basic": no permission bits (0), no owners (-1).
 * </ul>
 *
 * Reading a map of named attributes costs a little more than a typed read, but a typed read of
 * {@code PosixFileAttributes} cannot give the setuid/setgid/sticky bits, the type of a FIFO or the
 * inode number, and a second read for them would double the system calls the benchmark charges to
 * NIO.
 */
final class Metadata {
  private static final String UNIX_STAT =
      "unix:mode,ino,dev,nlink,uid,gid,size,lastAccessTime,lastModifiedTime,ctime,"
          + "isRegularFile,isDirectory,isSymbolicLink";
  private static final String UNIX_SCAN =
      "unix:mode,size,lastModifiedTime,fileKey,isRegularFile,isDirectory,isSymbolicLink";

  private enum Form {
    UNIX,
    POSIX,
    BASIC
  }

  private final Form form;

  Metadata(FileSystem fileSystem) {
    Set<String> views = fileSystem.supportedFileAttributeViews();
    this.form =
        views.contains("unix") ? Form.UNIX : views.contains("posix") ? Form.POSIX : Form.BASIC;
  }

  /** What a scan needs of one entry; {@code fileKey} may be null. */
  record Entry(FileKind kind, long size, int mode, long mtimeNanos, Object fileKey) {}

  FileStat stat(Path path, LinkOption... options) throws IOException {
    switch (form) {
      case UNIX:
        {
          Map<String, Object> a = Files.readAttributes(path, UNIX_STAT, options);
          FileKind kind = kind(a);
          return new FileStat(
              kind,
              (Long) a.get("size"),
              mode(kind, (Integer) a.get("mode")),
              (Integer) a.get("uid"),
              (Integer) a.get("gid"),
              ((Number) a.get("nlink")).longValue(),
              ((Number) a.get("ino")).longValue(),
              ((Number) a.get("dev")).longValue(),
              nanos((FileTime) a.get("lastAccessTime")),
              nanos((FileTime) a.get("lastModifiedTime")),
              nanos((FileTime) a.get("ctime")));
        }
      case POSIX:
        {
          PosixFileAttributes a = Files.readAttributes(path, PosixFileAttributes.class, options);
          FileKind kind = FileKind.of(a);
          return new FileStat(
              kind,
              a.size(),
              kind.typeBits() | bits(a.permissions()),
              -1,
              -1,
              -1,
              -1,
              -1,
              nanos(a.lastAccessTime()),
              nanos(a.lastModifiedTime()),
              -1);
        }
      default:
        {
          BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class, options);
          FileKind kind = FileKind.of(a);
          return new FileStat(
              kind,
              a.size(),
              kind.typeBits(),
              -1,
              -1,
              -1,
              -1,
              -1,
              nanos(a.lastAccessTime()),
              nanos(a.lastModifiedTime()),
              -1);
        }
    }
  }

  Entry entry(Path path, LinkOption... options) throws IOException {
    switch (form) {
      case UNIX:
        {
          Map<String, Object> a = Files.readAttributes(path, UNIX_SCAN, options);
          FileKind kind = kind(a);
          return new Entry(
              kind,
              (Long) a.get("size"),
              mode(kind, (Integer) a.get("mode")),
              nanos((FileTime) a.get("lastModifiedTime")),
              a.get("fileKey"));
        }
      case POSIX:
        {
          PosixFileAttributes a = Files.readAttributes(path, PosixFileAttributes.class, options);
          FileKind kind = FileKind.of(a);
          return new Entry(
              kind,
              a.size(),
              kind.typeBits() | bits(a.permissions()),
              nanos(a.lastModifiedTime()),
              a.fileKey());
        }
      default:
        {
          BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class, options);
          FileKind kind = FileKind.of(a);
          return new Entry(
              kind, a.size(), kind.typeBits(), nanos(a.lastModifiedTime()), a.fileKey());
        }
    }
  }

  /**
   * The raw mode when it carries type bits (the JDK's), else the kind's type bits over the
   * permission bits (Jimfs).
   */
  private static int mode(FileKind kind, int raw) {
    return (raw & FileKind.TYPE_MASK) != 0 ? raw : kind.typeBits() | (raw & 07777);
  }

  private static FileKind kind(Map<String, Object> a) {
    if ((Boolean) a.get("isSymbolicLink")) {
      return FileKind.SYMLINK;
    }
    if ((Boolean) a.get("isDirectory")) {
      return FileKind.DIRECTORY;
    }
    return (Boolean) a.get("isRegularFile") ? FileKind.FILE : FileKind.OTHER;
  }

  static int bits(Set<PosixFilePermission> permissions) {
    int bits = 0;
    for (PosixFilePermission p : permissions) {
      bits |=
          0400 >> p.ordinal(); // the enum lists OWNER_READ ... OTHERS_EXECUTE, from 0400 down to
      // 0001
    }
    return bits;
  }

  static Set<PosixFilePermission> permissions(int mode) {
    Set<PosixFilePermission> set = java.util.EnumSet.noneOf(PosixFilePermission.class);
    for (PosixFilePermission p : PosixFilePermission.values()) {
      if ((mode & (0400 >> p.ordinal())) != 0) {
        set.add(p);
      }
    }
    return set;
  }

  static long nanos(FileTime time) {
    return time.to(TimeUnit.NANOSECONDS);
  }
}
