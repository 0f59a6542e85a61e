package dev.fsbench.nativefs;

import dev.fsbench.support.StringNames;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Paths and glob patterns as the library takes them: NUL-terminated UTF-8 bytes.
 *
 * <pre>{@code
 * PathBytes.argument(Path.of(""))     // {'.', 0}: NIO reads the empty path as the working directory
 * PathBytes.verbatim("a/ü")           // {'a', '/', 0xC3, 0xBC, 0}
 * }</pre>
 *
 * <p>A path's bytes are {@code toString().getBytes(UTF_8)} and a NUL: two calls into JDK code that
 * is compiled long before a benchmark's samples run (a path's {@code toString()} is made once per
 * {@code Path} and kept by it), where an encoding loop of our own would run interpreted or
 * C1-compiled in the harness's single-shot samples (see {@link JnaBinding}). What it costs: two
 * small arrays a call, the encoding and the copy that adds the NUL.
 *
 * <p>A name whose bytes are not valid UTF-8 ({@code caf\xe9}) prints with U+FFFD in its place, and
 * the UTF-8 of that string names another file ({@code caf\xef\xbf\xbd}, which may exist beside it).
 * So a path whose string holds U+FFFD is encoded from its own bytes instead, which NIO hands out
 * only through {@link Path#toUri()} (each byte that is not a plain ASCII path character
 * percent-encoded; see {@link #bytesOf}); names the library returns are turned back into paths the
 * same way ({@link #toPath}). The check costs nothing on other paths: {@code indexOf} of a
 * character above U+00FF in a Latin-1 string returns at once, and a path with other non-ASCII
 * characters is scanned once.
 *
 * <p>A path of the default filesystem never holds a lone surrogate (NIO refuses to create one when
 * the platform encoding is UTF-8), and {@link String#getBytes} would write {@code '?'} for one.
 * Patterns are caller strings with no such guarantee, and a {@code '?'} is a wildcard there, so
 * {@link #patterns} refuses them instead.
 *
 * <p>{@link #argument} and {@link #bytesOf} are public for the binding study, which measures them
 * and passes every call the bytes the backends pass; the rest is the backend's.
 */
public final class PathBytes {
  private PathBytes() {}

  /** What NIO prints for a byte sequence that is not UTF-8. */
  private static final char REPLACEMENT = '\uFFFD';

  /** A path argument: the empty path becomes "." (NIO's reading of it). */
  public static byte[] argument(Path path) {
    String s = path.toString();
    if (s.indexOf(REPLACEMENT) >= 0) {
      return bytesOf(path);
    }
    return verbatim(s.isEmpty() ? "." : s);
  }

  /**
   * A path taken verbatim (a link target, a mkdtemp prefix): its bytes and a NUL, the empty path
   * empty.
   */
  static byte[] verbatim(Path path) {
    String s = path.toString();
    return s.indexOf(REPLACEMENT) >= 0 ? bytesOf(path) : verbatim(s);
  }

  /**
   * The bytes {@code path} holds, and a NUL, read from its URI: {@code Path.toUri()} of the default
   * filesystem writes every byte of the path that is not a plain ASCII path character as {@code
   * %XX}, and writes the path as it is (no {@code .} or {@code ..} removed). A relative path is
   * anchored at {@code /} first, so that the URI is not made against the working directory, and the
   * {@code /} taken off again; the slash the URI adds after a directory is taken off too (a path
   * never ends with one).
   */
  public static byte[] bytesOf(Path path) {
    boolean absolute = path.isAbsolute();
    Path anchored = absolute ? path : path.getFileSystem().getPath("/").resolve(path);
    String raw = anchored.toUri().getRawPath();
    byte[] out = new byte[raw.length() + 1];
    int n = 0;
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (c == '%' && i + 2 < raw.length()) {
        out[n++] = (byte) Integer.parseInt(raw.substring(i + 1, i + 3), 16);
        i += 2;
      } else {
        out[n++] = (byte) c; // toUri escapes everything but ASCII
      }
    }
    int start = absolute ? 0 : 1;
    int end = n;
    if (end - start > 1 && out[end - 1] == '/') {
      end--;
    }
    byte[] exact = new byte[end - start + 1];
    System.arraycopy(out, start, exact, 0, end - start);
    return exact;
  }

  /**
   * The path {@code bytes} name on {@code fs}: parsed from their UTF-8 string when they are UTF-8,
   * otherwise built segment by segment, each segment that is not UTF-8 from a one-segment URI
   * (which keeps its bytes), so that the path names the file the library named and not the one its
   * printed form would.
   */
  static Path toPath(FileSystem fs, byte[] bytes, int offset, int length) {
    String s = decode(bytes, offset, length);
    if (s.indexOf(REPLACEMENT) < 0 || isUtf8(bytes, offset, length)) {
      return fs.getPath(s);
    }
    Path root = fs.getPath("/");
    Path out = bytes[offset] == '/' ? root : null;
    int i = offset;
    int end = offset + length;
    while (i < end) {
      int slash = i;
      while (slash < end && bytes[slash] != '/') {
        slash++;
      }
      if (slash > i) {
        Path segment;
        if (isUtf8(bytes, i, slash - i)) {
          segment = fs.getPath(decode(bytes, i, slash - i));
        } else {
          StringBuilder uri = new StringBuilder("file:///");
          for (int k = i; k < slash; k++) {
            uri.append('%')
                .append(Character.forDigit((bytes[k] >> 4) & 0xf, 16))
                .append(Character.forDigit(bytes[k] & 0xf, 16));
          }
          segment = root.relativize(fs.provider().getPath(URI.create(uri.toString())));
        }
        out = out == null ? segment : out.resolve(segment);
      }
      i = slash + 1;
    }
    return out == null ? fs.getPath("") : out;
  }

  private static boolean isUtf8(byte[] bytes, int offset, int length) {
    try {
      StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes, offset, length));
      return true;
    } catch (CharacterCodingException e) {
      return false;
    }
  }

  /**
   * The UTF-8 encoding of {@code s} and a NUL: a link target, a mkdtemp prefix, a path the library
   * named.
   */
  static byte[] verbatim(String s) {
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    return Arrays.copyOf(utf8, utf8.length + 1);
  }

  /**
   * Glob patterns as {@code fsb_glob} takes them: each one's UTF-8 bytes followed by a NUL. A NUL
   * inside a pattern would split it in two, and a lone surrogate has no UTF-8 form: both are
   * refused.
   *
   * <p>Encoded as paths are, by {@link String#getBytes}, which writes {@code '?'} for a lone
   * surrogate: so each pattern's characters are looked at first, a loop of a few turns for a
   * pattern of a few characters. A {@code CharsetEncoder} made per call, as this method once did,
   * is far more code (a fresh encoder checks its replacement with a fresh decoder), and in a fork's
   * 38 tree calls none of it is compiled.
   */
  static byte[] patterns(List<String> patterns) {
    byte[][] encoded = new byte[patterns.size()][];
    int length = 0;
    for (int i = 0; i < encoded.length; i++) {
      String pattern = patterns.get(i);
      if (pattern.indexOf('\0') >= 0) {
        throw new IllegalArgumentException(
            "glob pattern contains a NUL character: '" + pattern.replace('\0', '?') + "'");
      }
      if (StringNames.loneSurrogate(pattern) >= 0) {
        throw new IllegalArgumentException(
            "glob pattern is not valid Unicode (a lone surrogate): '" + pattern + "'");
      }
      byte[] utf8 = pattern.getBytes(StandardCharsets.UTF_8);
      encoded[i] = utf8;
      length += utf8.length + 1;
    }
    byte[] out = new byte[length];
    int at = 0;
    for (byte[] utf8 : encoded) {
      System.arraycopy(utf8, 0, out, at, utf8.length);
      at += utf8.length + 1; // the NUL: the array is zeroed
    }
    return out;
  }

  /**
   * Decodes UTF-8 bytes as NIO decodes a name it read from the system: malformed input becomes
   * U+FFFD.
   */
  static String decode(byte[] bytes, int offset, int length) {
    return new String(bytes, offset, length, StandardCharsets.UTF_8);
  }
}
