package dev.fsbench.spi;

import java.nio.file.attribute.BasicFileAttributes;

/**
 * The kind of a filesystem entry, as the file-type bits of {@code st_mode} say.
 *
 * <p>From a raw {@code st_mode} ({@link #ofMode}) or from the attributes {@code java.nio.file}
 * reads ({@link #of}):
 *
 * <pre>{@code
 * FileKind kind = FileKind.of(Files.readAttributes(path, BasicFileAttributes.class, NOFOLLOW_LINKS));
 * }</pre>
 */
public enum FileKind {
  FILE,
  DIRECTORY,
  SYMLINK,
  /** Devices, FIFOs, sockets. */
  OTHER;

  /** The {@code S_IFMT} mask of {@code st_mode}. */
  public static final int TYPE_MASK = 0170000;

  static final int S_IFREG = 0100000;
  static final int S_IFDIR = 0040000;
  static final int S_IFLNK = 0120000;

  /** The kind encoded in the type bits of a POSIX {@code st_mode}. */
  public static FileKind ofMode(int mode) {
    switch (mode & TYPE_MASK) {
      case S_IFREG:
        return FILE;
      case S_IFDIR:
        return DIRECTORY;
      case S_IFLNK:
        return SYMLINK;
      default:
        return OTHER;
    }
  }

  /**
   * The kind {@code attributes} describe. A link is {@code SYMLINK} first (attributes read without
   * following it say so), and anything neither a directory nor a regular file (a device, a FIFO, a
   * socket) is {@code OTHER}.
   */
  public static FileKind of(BasicFileAttributes attributes) {
    if (attributes.isSymbolicLink()) {
      return SYMLINK;
    }
    if (attributes.isDirectory()) {
      return DIRECTORY;
    }
    return attributes.isRegularFile() ? FILE : OTHER;
  }

  /**
   * The type bits of {@code st_mode} for this kind; {@code OTHER} has none (0), since it stands for
   * several types. Backends that read attributes without a raw {@code st_mode} (Jimfs, for
   * instance) compose the mode from this and the permission bits.
   */
  public int typeBits() {
    switch (this) {
      case FILE:
        return S_IFREG;
      case DIRECTORY:
        return S_IFDIR;
      case SYMLINK:
        return S_IFLNK;
      default:
        return 0;
    }
  }
}
