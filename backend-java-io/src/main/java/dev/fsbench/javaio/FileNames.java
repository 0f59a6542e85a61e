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
 *       new File("")} was no file at all until JDK 24 ({@code exists()} false, {@code list()}
 *       null), and even from JDK 24 on, which made it the working directory, a child of it is a
 *       child of the root: {@code new File(new File(""), "x")} is {@code /x}.
 * </ul>
 *
 * Such a path is handed to NIO by every family, and the routes say so. So is, where java.io
 * canonicalizes (realpath, and the link test of the recursive walks), a path holding a {@code .} or
 * {@code ..} name: where {@code realpath(3)} fails, {@code File.getCanonicalPath()} resolves the
 * longest prefix it can and removes the rest's {@code .} and {@code ..} as text, so {@code f/..} of
 * a regular file {@code f} (or of a link to one) is {@code f}'s directory, where the kernel says
 * "Not a directory" ({@link #hasDotNames}).
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

  /** True if a name of {@code path} is {@code .} or {@code ..}. */
  static boolean hasDotNames(Path path) {
    for (Path name : path) {
      String s = name.toString();
      if (s.equals(".") || s.equals("..")) {
        return true;
      }
    }
    return false;
  }
}
