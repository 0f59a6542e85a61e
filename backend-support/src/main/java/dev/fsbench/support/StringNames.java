package dev.fsbench.support;

import java.nio.file.Path;

/**
 * Whether a {@link Path} survives the trip through a {@code String}, as every {@link java.io.File}
 * based library takes it.
 *
 * <p>A name whose bytes are not valid UTF-8 ({@code caf\xe9}) prints with U+FFFD in its place, and
 * {@code new File(path.toString())} then names another file: {@code caf\xef\xbf\xbd}, the UTF-8 of
 * that string, which may well exist beside it. A backend whose library takes a {@code File} or a
 * {@code String} (commons-io's {@code FileUtils} families, the Ant and Plexus directory scanners)
 * would read, replace, move, remove or list that other file; for such a path it hands the call to
 * NIO, whose {@code Path} keeps the bytes, and its route says so.
 *
 * <pre>{@code
 * if (StringNames.lost(path)) {
 *   return delegate().readFile(path); // NIO: the bytes of the name are kept
 * }
 * }</pre>
 *
 * <p>Cost on the hot path: one {@code indexOf} on the path's cached string, which returns at once
 * for a Latin-1 string; only a string that holds U+FFFD is parsed again and compared (a
 * default-filesystem path compares its bytes).
 */
public final class StringNames {
  private StringNames() {}

  /** True if {@code path}'s string names another file than {@code path} does. */
  public static boolean lost(Path path) {
    String s = path.toString();
    return s.indexOf('\uFFFD') >= 0 && !path.getFileSystem().getPath(s).equals(path);
  }

  /**
   * The index of the first surrogate of {@code s} that is not half of a pair, or -1. Such a string
   * has no UTF-8 form: no name on Linux holds it, and {@link String#getBytes} would write {@code
   * '?'} in its place, a wildcard in a glob pattern. A loop over the characters, for the short
   * strings (patterns) it is given.
   */
  public static int loneSurrogate(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < s.length()
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return i;
      }
    }
    return -1;
  }
}
