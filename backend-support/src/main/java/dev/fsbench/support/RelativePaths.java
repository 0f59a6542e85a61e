package dev.fsbench.support;

import java.nio.file.Path;

/**
 * The spelling of the relative results of readdir, glob and scan: the names of a path below the
 * root joined by {@code '/'}, whatever the filesystem's separator.
 *
 * <pre>{@code
 * RelativePaths.of(root, root.resolve("a").resolve("b.txt")); // "a/b.txt", on Windows-style Jimfs too
 * RelativePaths.slashed(Path.of("a", "b.txt"));               // "a/b.txt"
 * }</pre>
 */
public final class RelativePaths {
  private RelativePaths() {}

  /**
   * {@code entry} relative to {@code root}, names joined by {@code '/'}; {@code ""} for the root
   * itself.
   */
  public static String of(Path root, Path entry) {
    return slashed(root.relativize(entry));
  }

  /**
   * The names of {@code relative} joined by {@code '/'}; {@code ""} for the empty path.
   *
   * @throws IllegalArgumentException if {@code relative} has a root (is absolute, or is {@code
   *     \dir} on a Windows-style filesystem), which a result relative to a root never has
   */
  public static String slashed(Path relative) {
    if (relative.getRoot() != null) {
      throw new IllegalArgumentException("not a relative path: " + relative);
    }
    if ("/".equals(relative.getFileSystem().getSeparator())) {
      return relative.toString(); // already the names joined by '/', without building it again
    }
    StringBuilder joined = new StringBuilder();
    for (Path name : relative) {
      if (joined.length() > 0) {
        joined.append('/');
      }
      joined.append(name);
    }
    return joined.toString();
  }
}
