package dev.fsbench.nativefs;

import dev.fsbench.spi.Capability;
import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.GlobOptions;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.spi.ScanOptions;
import java.nio.file.AccessMode;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * The SPI's options as the C ABI's flags (rust/ABI.md), and {@code fsb_stat}'s fields as a {@link
 * FileStat}: what every binding of the library passes and reads the same way, whatever carries the
 * call.
 */
final class Abi {
  private Abi() {}

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
    int mode = LibFsb.F_OK;
    for (AccessMode m : modes) {
      switch (Objects.requireNonNull(m, "mode")) {
        case READ:
          mode |= LibFsb.R_OK;
          break;
        case WRITE:
          mode |= LibFsb.W_OK;
          break;
        case EXECUTE:
          mode |= LibFsb.X_OK;
          break;
        default:
          throw new UnsupportedOperationException("access mode " + m);
      }
    }
    return mode;
  }

  static int copyFileFlags(CopyFileOptions options) {
    return (options.replaceExisting() ? LibFsb.COPY_REPLACE : 0)
        | (options.preserve() ? LibFsb.COPY_PRESERVE : 0)
        | (options.cloneHint() ? LibFsb.COPY_CLONE : 0);
  }

  static int globFlags(GlobOptions options) {
    return (options.includeDirectories() ? LibFsb.GLOB_DIRECTORIES : 0)
        | (options.dot() ? LibFsb.GLOB_DOT : 0);
  }

  static int scanFlags(ScanOptions options) {
    return (options.followLinks() ? LibFsb.SCAN_FOLLOW : 0)
        | (options.includeDirectories() ? LibFsb.SCAN_DIRECTORIES : 0);
  }

  static int cpFlags(CpOptions options) {
    return (options.preserveTimestamps() ? LibFsb.CP_PRESERVE_TIMESTAMPS : 0)
        | (options.overwrite() ? LibFsb.CP_OVERWRITE : 0);
  }

  static int rmFlags(RmOptions options) {
    return (options.recursive() ? LibFsb.RM_RECURSIVE : 0)
        | (options.force() ? LibFsb.RM_FORCE : 0);
  }

  /** The {@link FileStat} of {@code fsb_stat}'s {@code out[10]}, indexed by {@code STAT_*}. */
  static FileStat fileStat(long[] out) {
    return fileStat(out, 0);
  }

  /**
   * The {@link FileStat} of the {@link LibFsb#STAT_FIELDS} fields of {@code fsb_stat} starting at
   * {@code at} (the floor hands back one such record per call).
   */
  static FileStat fileStat(long[] fields, int at) {
    int mode = (int) fields[at + LibFsb.STAT_MODE];
    return new FileStat(
        FileKind.ofMode(mode),
        fields[at + LibFsb.STAT_SIZE],
        mode,
        (int) fields[at + LibFsb.STAT_UID],
        (int) fields[at + LibFsb.STAT_GID],
        fields[at + LibFsb.STAT_NLINK],
        fields[at + LibFsb.STAT_INO],
        fields[at + LibFsb.STAT_DEV],
        fields[at + LibFsb.STAT_ATIME],
        fields[at + LibFsb.STAT_MTIME],
        fields[at + LibFsb.STAT_CTIME]);
  }
}
