package dev.fsbench.commonsio;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Several Commons IO calls create the missing parent directories of the path they write ({@code
 * FileUtils.copyFile}, {@code FileUtils.forceMkdir}, the copy fallback of {@code
 * FileUtils.moveFile}); their POSIX namesakes fail with ENOENT instead. Those calls are preceded by
 * this check, one stat of the parent.
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
    throw Files.exists(parent)
        ? Failures.notADirectory(path, null)
        : Failures.noSuchFile(path, null);
  }
}
