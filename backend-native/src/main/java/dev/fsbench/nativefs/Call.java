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
  LINES,
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

  /**
   * The call that serves {@code op}; lstat and stat share {@code fsb_stat}. A switch over {@link
   * Op} without a default: a family the library does not serve (and the floor cannot record) does
   * not compile.
   */
  static Call serving(Op op) {
    return switch (op) {
      case ACCESS -> ACCESS;
      case APPEND_FILE -> APPEND_FILE;
      case CHMOD -> CHMOD;
      case CHOWN -> CHOWN;
      case COPY_FILE -> COPY_FILE;
      case CP -> CP;
      case EXISTS -> EXISTS;
      case GLOB -> GLOB;
      case LINES -> LINES;
      case LINK -> LINK;
      case LSTAT, STAT -> STAT;
      case MKDIR -> MKDIR;
      case MKDTEMP -> MKDTEMP;
      case READ_FILE -> READ_FILE;
      case READDIR -> READDIR;
      case READLINK -> READLINK;
      case REALPATH -> REALPATH;
      case RENAME -> RENAME;
      case RM -> RM;
      case RMDIR -> RMDIR;
      case SCAN -> SCAN;
      case SYMLINK -> SYMLINK;
      case TRUNCATE -> TRUNCATE;
      case UNLINK -> UNLINK;
      case UTIMES -> UTIMES;
      case WRITE_FILE -> WRITE_FILE;
    };
  }
}
