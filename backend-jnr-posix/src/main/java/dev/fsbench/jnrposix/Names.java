package dev.fsbench.jnrposix;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Paths as jnr-posix takes them: Strings, which jnr-ffi encodes into C strings with the JVM's
 * default charset ({@code file.encoding}); and the names it returns, as bytes, back into paths.
 *
 * <p>NIO names a file by the bytes of its path, encoded and decoded with {@code sun.jnu.encoding}.
 * A path reaches jnr-posix as the same bytes only if its string holds them: not so for a name whose
 * bytes are not valid in that encoding ({@code caf\xe9} on UTF-8 prints as {@code caf\uFFFD}, whose
 * encoding is the bytes of another file, its twin), nor for a non-ASCII name when the two charsets
 * differ (JDK 18+ in the POSIX locale: {@code file.encoding} UTF-8, {@code sun.jnu.encoding}
 * ASCII). For such a path {@link #argument} answers null and the backend hands the call to NIO,
 * whose {@code Path} keeps the bytes; the routes say so. Written for this backend, like
 * commons-io's check for {@code java.io.File}, with the charset condition added.
 *
 * <p>Cost on the hot path: one {@code indexOf} on the path's cached string, which returns at once
 * for a Latin-1 string; only a string holding U+FFFD is parsed again and compared (as NIO compares
 * paths: their bytes). Where the charsets differ, a scan for a non-ASCII character.
 */
final class Names {
  private Names() {}

  /** What jnr-ffi encodes a String argument with (no {@code @Encoding} on jnr-posix's LibC). */
  static final Charset JNR = Charset.defaultCharset();

  /** What the default filesystem encodes and decodes names with. */
  static final Charset NIO = nameCharset();

  /** Whether the two agree, so that a name NIO decoded reaches jnr-posix as the same bytes. */
  static final boolean SAME_CHARSET = JNR.equals(NIO);

  private static final char REPLACEMENT = '\uFFFD';

  /**
   * The string to give jnr-posix for {@code path}, or null if that string would name another file.
   * The empty path is {@code "."}: NIO reads it as the working directory, the kernel as no file.
   */
  static String argument(Path path) {
    String s = verbatim(path);
    return s == null || !s.isEmpty() ? s : ".";
  }

  /**
   * {@code path}'s string as it stands (a link target, stored as given), or null if it would name
   * another file.
   */
  static String verbatim(Path path) {
    String s = path.toString();
    if (s.indexOf(REPLACEMENT) >= 0 && !samePath(path, s)) {
      return null;
    }
    if (!SAME_CHARSET && !ascii(s)) {
      return null;
    }
    return s;
  }

  /**
   * The path {@code length} bytes of {@code bytes} name on {@code fs}, or null where a String
   * cannot hold them (not valid in the charset names are decoded with).
   */
  static Path toPath(FileSystem fs, byte[] bytes, int length) {
    String s = new String(bytes, 0, length, NIO);
    if (s.indexOf(REPLACEMENT) >= 0) {
      byte[] again = s.getBytes(NIO);
      if (!Arrays.equals(again, 0, again.length, bytes, 0, length)) {
        return null;
      }
    }
    try {
      return fs.getPath(s);
    } catch (InvalidPathException e) {
      return null;
    }
  }

  private static boolean samePath(Path path, String s) {
    try {
      return path.getFileSystem().getPath(s).equals(path);
    } catch (InvalidPathException e) {
      return false;
    }
  }

  private static boolean ascii(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) >= 0x80) {
        return false;
      }
    }
    return true;
  }

  /** {@code sun.jnu.encoding}; ASCII where the JVM does not say (only ASCII names then pass). */
  private static Charset nameCharset() {
    String name = System.getProperty("sun.jnu.encoding");
    try {
      return name == null ? StandardCharsets.US_ASCII : Charset.forName(name);
    } catch (IllegalArgumentException e) {
      return StandardCharsets.US_ASCII;
    }
  }
}
