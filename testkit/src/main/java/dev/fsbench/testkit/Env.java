package dev.fsbench.testkit;

import dev.fsbench.spi.Capability;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.util.Set;

/**
 * What the cases may rely on: the filesystem, the backend's capabilities, and facts read once from
 * the system with {@code Files} (the umask, the process's uid and gid).
 *
 * @param umask the bits removed from new files and directories; 0 on a filesystem without a umask
 *     (Jimfs)
 * @param uid the owner of files this process creates, or -1 where the filesystem has no numeric
 *     owners
 * @param gid the group of files this process creates, or -1
 * @param superuser whether the process bypasses permission bits (root with its capabilities)
 */
record Env(
    FileSystem fileSystem,
    Set<Capability> capabilities,
    int umask,
    int uid,
    int gid,
    boolean superuser) {

  /**
   * The default filesystem: the one whose errors are asserted exactly (the other path and the
   * reason too), and that has names which are bytes and enforced permission bits.
   */
  boolean isDefaultFileSystem() {
    return fileSystem == FileSystems.getDefault();
  }

  /**
   * Only the default filesystem enforces permission bits (Jimfs stores them but never checks them).
   */
  boolean enforcesPermissions() {
    return isDefaultFileSystem();
  }

  boolean has(Capability capability) {
    return capabilities.contains(capability);
  }

  boolean hasUnixView() {
    return fileSystem.supportedFileAttributeViews().contains("unix");
  }
}
