package dev.fsbench.nativefs;

import dev.fsbench.spi.Capability;
import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.GlobOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.spi.ScanOptions;
import java.nio.file.AccessMode;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * The C ABI's constants (rust/ABI.md), the SPI's options as its flags, and {@code fsb_stat}'s
 * fields as a {@link FileStat}: what every binding of the library passes and reads the same way,
 * whatever carries the call.
 */
final class Abi {
  private Abi() {}

  /**
   * The C function that does {@code op}'s work, {@code fsb_} and the family in snake case ({@code
   * fsb_read_file}); lstat is {@code fsb_stat}'s, told not to follow. What a route names and a
   * message says; {@code CFunctionTest} holds every family's to a declared function.
   */
  static String symbol(Op op) {
    return op == Op.LSTAT ? "fsb_stat" : "fsb_" + op.name().toLowerCase(Locale.ROOT);
  }

  /**
   * Whether {@code op} lists a directory, where NIO reports ENOTDIR as {@link
   * java.nio.file.NotDirectoryException}.
   */
  static boolean lists(Op op) {
    return op == Op.READDIR || op == Op.GLOB || op == Op.SCAN;
  }

  /**
   * Whether NIO's equivalent of {@code op} is, or begins with, a lookup of the (first) path: {@code
   * checkAccess}, {@code readAttributes}, and the source of {@code Files.copy}. A file used as a
   * directory there is reported as this JDK's lookups report it ({@link
   * dev.fsbench.spi.FsErrors#notADirectoryOnLookup}).
   */
  static boolean looksUp(Op op) {
    return op == Op.ACCESS || op == Op.STAT || op == Op.LSTAT || op == Op.COPY_FILE;
  }

  /** ORed into the errno of a two-path call when the failure concerns the second path. */
  static final int FSB_SECOND = 0x10000;

  /** A Rust panic was caught at the boundary. */
  static final int FSB_E_PANIC = -1;

  /** The caller's buffer is too small; {@code *out_len} holds the size needed. */
  static final int FSB_E_RANGE = -2;

  /**
   * glob got a malformed or absolute pattern, which {@link JnaBinding#fsb_last_error_path} returns.
   */
  static final int FSB_E_INVAL_PATTERN = -3;

  /**
   * A tool {@link JnaBinding#fsb_floor_tool} ran exited with another status than 0; its stderr is
   * recorded.
   */
  static final int FSB_E_TOOL = -4;

  // access modes
  static final int R_OK = 4;
  static final int W_OK = 2;
  static final int X_OK = 1;
  static final int F_OK = 0;

  // copy_file flags
  static final int COPY_REPLACE = 1;
  static final int COPY_PRESERVE = 2;
  static final int COPY_CLONE = 4;

  // glob flags
  static final int GLOB_DIRECTORIES = 1;
  static final int GLOB_DOT = 2;

  // scan flags
  static final int SCAN_FOLLOW = 1;
  static final int SCAN_DIRECTORIES = 2;

  // cp flags
  static final int CP_PRESERVE_TIMESTAMPS = 1;
  static final int CP_OVERWRITE = 2;

  // rm flags
  static final int RM_RECURSIVE = 1;
  static final int RM_FORCE = 2;

  /** The number of {@code int64} fields {@link JnaBinding#fsb_stat} writes. */
  static final int STAT_FIELDS = 10;

  // fsb_stat out[] indexes
  static final int STAT_SIZE = 0;
  static final int STAT_MODE = 1;
  static final int STAT_UID = 2;
  static final int STAT_GID = 3;
  static final int STAT_NLINK = 4;
  static final int STAT_INO = 5;
  static final int STAT_DEV = 6;
  static final int STAT_ATIME = 7;
  static final int STAT_MTIME = 8;
  static final int STAT_CTIME = 9;

  /** What the library does on the default filesystem, whichever binding calls it. */
  static final Set<Capability> CAPABILITIES =
      Collections.unmodifiableSet(
          EnumSet.of(
              Capability.POSIX_PERMISSIONS,
              Capability.OWNERSHIP,
              Capability.HARD_LINKS,
              Capability.SYMBOLIC_LINKS,
              Capability.TREE_CONCURRENCY,
              Capability.GLOB_BRACKETS,
              Capability.GLOB_DANGLING_LINKS));

  /** {@code fsb_access}'s mode bits for {@code modes}; none is {@code F_OK}. */
  static int accessMode(AccessMode... modes) {
    Objects.requireNonNull(modes, "modes");
    int mode = F_OK;
    for (AccessMode m : modes) {
      switch (Objects.requireNonNull(m, "mode")) {
        case READ:
          mode |= R_OK;
          break;
        case WRITE:
          mode |= W_OK;
          break;
        case EXECUTE:
          mode |= X_OK;
          break;
        default:
          throw new UnsupportedOperationException("access mode " + m);
      }
    }
    return mode;
  }

  static int copyFileFlags(CopyFileOptions options) {
    return (options.replaceExisting() ? COPY_REPLACE : 0)
        | (options.preserve() ? COPY_PRESERVE : 0)
        | (options.cloneHint() ? COPY_CLONE : 0);
  }

  static int globFlags(GlobOptions options) {
    return (options.includeDirectories() ? GLOB_DIRECTORIES : 0) | (options.dot() ? GLOB_DOT : 0);
  }

  static int scanFlags(ScanOptions options) {
    return (options.followLinks() ? SCAN_FOLLOW : 0)
        | (options.includeDirectories() ? SCAN_DIRECTORIES : 0);
  }

  static int cpFlags(CpOptions options) {
    return (options.preserveTimestamps() ? CP_PRESERVE_TIMESTAMPS : 0)
        | (options.overwrite() ? CP_OVERWRITE : 0);
  }

  static int rmFlags(RmOptions options) {
    return (options.recursive() ? RM_RECURSIVE : 0) | (options.force() ? RM_FORCE : 0);
  }

  /** The {@link FileStat} of {@code fsb_stat}'s {@code out[10]}, indexed by {@code STAT_*}. */
  static FileStat fileStat(long[] out) {
    return fileStat(out, 0);
  }

  /**
   * The {@link FileStat} of the {@link Abi#STAT_FIELDS} fields of {@code fsb_stat} starting at
   * {@code at} (the floor hands back one such record per call).
   */
  static FileStat fileStat(long[] fields, int at) {
    int mode = (int) fields[at + STAT_MODE];
    return new FileStat(
        FileKind.ofMode(mode),
        fields[at + STAT_SIZE],
        mode,
        (int) fields[at + STAT_UID],
        (int) fields[at + STAT_GID],
        fields[at + STAT_NLINK],
        fields[at + STAT_INO],
        fields[at + STAT_DEV],
        fields[at + STAT_ATIME],
        fields[at + STAT_MTIME],
        fields[at + STAT_CTIME]);
  }
}
