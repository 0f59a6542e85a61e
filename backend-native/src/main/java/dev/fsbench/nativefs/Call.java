package dev.fsbench.nativefs;

import dev.fsbench.spi.Op;
import java.util.Locale;

/**
 * The library's operations, by C symbol: what a {@link dev.fsbench.spi.Route} names, and what
 * decides the few errno translations that depend on the call (see {@link NativeErrors}).
 */
enum Call {
  ACCESS,
  EXISTS,
  READ_FILE,
  WRITE_FILE,
  APPEND_FILE,
  TRUNCATE,
  COPY_FILE,
  STAT,
  CHMOD,
  CHOWN,
  UTIMES,
  MKDIR,
  MKDTEMP,
  RMDIR,
  UNLINK,
  RENAME,
  LINK,
  SYMLINK,
  READLINK,
  REALPATH,
  READDIR,
  GLOB,
  SCAN,
  CP,
  RM;

  private final String symbol = "fsb_" + name().toLowerCase(Locale.ROOT);

  /** The C symbol, {@code fsb_read_file}. */
  String symbol() {
    return symbol;
  }

  /**
   * Whether the call lists a directory, where NIO reports ENOTDIR as {@link
   * java.nio.file.NotDirectoryException}.
   */
  boolean lists() {
    return this == READDIR || this == GLOB || this == SCAN;
  }

  /** Whether the call works on a whole tree (readdir, glob, scan, cp, rm). */
  boolean isTree() {
    return lists() || this == CP || this == RM;
  }

  /**
   * Whether NIO's equivalent call is, or begins with, a lookup of the (first) path: {@code
   * checkAccess}, {@code readAttributes}, and the source of {@code Files.copy}. A file used as a
   * directory there is reported as this JDK's lookups report it ({@link
   * dev.fsbench.spi.FsErrors#notADirectoryOnLookup}).
   */
  boolean looksUp() {
    return this == ACCESS || this == STAT || this == COPY_FILE;
  }

  /** The call that serves {@code op}; lstat and stat share {@code fsb_stat}. */
  static Call serving(Op op) {
    switch (op) {
      case LSTAT:
        return STAT;
      default:
        return valueOf(op.name());
    }
  }
}
