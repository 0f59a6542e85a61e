package dev.fsbench.javaio;

import java.nio.file.Path;

/**
 * Whether a {@link Path} of the default filesystem names the same file as a {@link java.io.File} of
 * its string: java.io.File holds a path as a {@code String}, and two kinds of path do not survive
 * that.
 *
 * <ul>
 *   <li>A name whose bytes are not valid UTF-8 ({@code caf\xe9}) prints with U+FFFD in its place,
 *       and {@code new File(path.toString())} names another file, {@code caf\xef\xbf\xbd}, which
 *       may well exist beside it. The test is the one the commons-io backend makes (its {@code
 *       StringNames}): one {@code indexOf} on the path's cached string, and only a string holding
 *       U+FFFD is parsed again and compared by bytes.
 *   <li>The empty path, which NIO (and the contract) takes for the working directory, while {@code
 *       new File("")} is no file at all: {@code exists()} is false, {@code list()} null.
 * </ul>
 *
 * Such a path is handed to NIO by every family, and the routes say so.
 */
final class FileNames {
  private FileNames() {}

  /** True if {@code new File(path.toString())} names the file {@code path} names. */
  static boolean survive(Path path) {
    String s = path.toString();
    if (s.isEmpty()) {
      return false;
    }
    return s.indexOf('\uFFFD') < 0 || path.getFileSystem().getPath(s).equals(path);
  }

  /** True if a name (or path) java.io.File gave may stand for another name's bytes. */
  static boolean mayBeLost(String name) {
    return name.indexOf('\uFFFD') >= 0;
  }

  /** True if any of the names {@code File.list()} gave may stand for other bytes. */
  static boolean anyMayBeLost(String[] names) {
    for (String name : names) {
      if (mayBeLost(name)) {
        return true;
      }
    }
    return false;
  }
}
