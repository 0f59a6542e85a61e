package dev.fsbench.commonsio;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Several Commons IO calls create the missing parent directories of the path they write ({@code
 * FileUtils.copyFile}, {@code FileUtils.forceMkdir}, the copy fallback of {@code
 * FileUtils.moveFile}); their POSIX namesakes fail with ENOENT instead, or ENOTDIR where a file
 * stands in the way. Those calls are preceded by this check, one stat of the parent.
 */
final class Parents {
  private Parents() {}

  /**
   * Refuses a missing parent of {@code path} ({@code NoSuchFileException}) or one that is not a
   * directory.
   */
  static void requireDirectory(Path path) throws IOException {
    Path parent = path.toAbsolutePath().getParent();
    if (parent == null || Files.isDirectory(parent)) {
      return;
    }
    throw fileInTheWay(path) ? Failures.notADirectory(path, null) : Failures.noSuchFile(path, null);
  }

  /**
   * Whether a non-directory stands in {@code path}'s way: the nearest ancestor that exists is not a
   * directory, which the kernel reports as ENOTDIR for {@code path} (a missing ancestor below a
   * directory is ENOENT), however deep below it {@code path} is. A stat per level, on error paths.
   */
  static boolean fileInTheWay(Path path) {
    for (Path a = path.toAbsolutePath().getParent(); a != null; a = a.getParent()) {
      if (Files.exists(a)) {
        return !Files.isDirectory(a);
      }
    }
    return false;
  }
}
