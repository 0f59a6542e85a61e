package dev.fsbench.nio;

import dev.fsbench.spi.Capability;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.util.EnumSet;
import java.util.Set;

/**
 * What NIO can do on one {@link FileSystem}, read from the attribute views it supports.
 *
 * <p>Never {@link Capability#TREE_CONCURRENCY}: the NIO backend walks trees on the calling thread,
 * so the concurrency of tree options is ignored (the harness shows that through {@link
 * NioBackend#route}).
 */
final class NioCapabilities {
  private NioCapabilities() {}

  static Set<Capability> of(FileSystem fileSystem) {
    Set<String> views = fileSystem.supportedFileAttributeViews();
    EnumSet<Capability> capabilities =
        EnumSet.of(
            Capability.FOREIGN_FILESYSTEMS,
            Capability.GLOB_BRACKETS,
            Capability.GLOB_DANGLING_LINKS);
    if (views.contains("posix")) {
      capabilities.add(Capability.POSIX_PERMISSIONS);
      // A filesystem with POSIX permissions models POSIX links too (the JDK's, Jimfs' unix
      // configuration); where a
      // provider still cannot, Files.createLink / createSymbolicLink throw
      // UnsupportedOperationException themselves.
      capabilities.add(Capability.HARD_LINKS);
      capabilities.add(Capability.SYMBOLIC_LINKS);
    }
    if (hasSettableNumericOwners(fileSystem)) {
      capabilities.add(Capability.OWNERSHIP);
    }
    return Set.copyOf(capabilities);
  }

  /**
   * Whether {@code unix:uid} and {@code unix:gid} can be set. The JDK's own provider accepts them;
   * Jimfs offers a "unix" view whose every attribute is read-only (it computes uid/gid from owner
   * names), so the view's presence alone would claim a chown that can only fail.
   */
  static boolean hasSettableNumericOwners(FileSystem fileSystem) {
    return fileSystem.supportedFileAttributeViews().contains("unix")
        && fileSystem.provider() == FileSystems.getDefault().provider();
  }

  /**
   * Whether the whole {@code st_mode} (setuid, setgid and sticky bits included) can be set through
   * {@code unix:mode}.
   */
  static boolean hasSettableRawMode(FileSystem fileSystem) {
    return hasSettableNumericOwners(fileSystem);
  }
}
