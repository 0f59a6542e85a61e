package dev.fsbench.commonsio;

import java.nio.file.Path;

/**
 * Whether a {@link Path} survives the trip through {@link java.io.File}, which holds a path as a
 * {@code String}.
 *
 * <p>A name whose bytes are not valid UTF-8 ({@code caf\xe9}) prints with U+FFFD in its place, and
 * {@code new File(path.toString())} then names another file: {@code caf\xef\xbf\xbd}, the UTF-8 of
 * that string, which may well exist beside it. The {@code java.io.File} families (copyFile, mkdir,
 * readFile, rename, rmdir) would read, replace, move or remove that other file. For such a path the
 * backend hands the call to NIO, whose {@code Path} keeps the bytes, and the route of those
 * families says so.
 *
 * <p>Written for this backend. Cost on the hot path: one {@code indexOf} on the path's cached
 * string, which returns at once for a Latin-1 string; only a string that holds U+FFFD is parsed
 * again and compared (a default-filesystem path compares its bytes).
 */
final class StringNames {
  private StringNames() {}

  /** True if {@code path}'s string names another file than {@code path} does. */
  static boolean lost(Path path) {
    String s = path.toString();
    return s.indexOf('\uFFFD') >= 0 && !path.getFileSystem().getPath(s).equals(path);
  }
}
