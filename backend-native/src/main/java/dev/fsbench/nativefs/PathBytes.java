package dev.fsbench.nativefs;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * Paths and glob patterns as the library takes them: NUL-terminated UTF-8 bytes.
 *
 * <pre>{@code
 * PathBytes.of(Path.of("a/ü"))   // {'a', '/', 0xC3, 0xBC, 0}
 * PathBytes.of(Path.of(""))      // {'.', 0}: NIO reads the empty path as the working directory
 * PathBytes.raw(Path.of(""))     // {0}: a symlink's stored target is taken verbatim, as NIO does
 * }</pre>
 *
 * <p>A path of the default filesystem never holds a lone surrogate (NIO refuses to create one when the platform
 * encoding is UTF-8), so {@link #of} need not check for one; it writes {@code '?'} for it, as {@link String#getBytes}
 * would. Patterns are caller strings with no such guarantee, and a {@code '?'} is a wildcard there, so {@link
 * #patterns} refuses them instead.
 */
final class PathBytes {
  private PathBytes() {}

  /** The bytes of a path argument: the empty path becomes ".". */
  static byte[] of(Path path) {
    String s = path.toString();
    return s.isEmpty() ? new byte[] {'.', 0} : encode(s);
  }

  /** The bytes of a path taken verbatim (a symlink target): the empty path stays empty. */
  static byte[] raw(Path path) {
    return encode(path.toString());
  }

  /**
   * The NUL-terminated UTF-8 encoding of {@code s}, in one allocation: paths are mostly ASCII, and this is on the path
   * of every call, so it avoids {@code getBytes} followed by a copy one byte longer.
   */
  static byte[] encode(String s) {
    int length = s.length();
    int ascii = 0;
    while (ascii < length && s.charAt(ascii) < 0x80) {
      ascii++;
    }
    byte[] out = new byte[ascii == length ? length + 1 : utf8Length(s, ascii) + 1];
    for (int i = 0; i < ascii; i++) {
      out[i] = (byte) s.charAt(i);
    }
    if (ascii < length) {
      encodeRest(s, ascii, out);
    }
    return out;
  }

  private static int utf8Length(String s, int from) {
    int bytes = from;
    for (int i = from; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        bytes += 1;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
        bytes += 4;
        i++;
      } else if (Character.isSurrogate(c)) {
        bytes += 1; // '?'
      } else {
        bytes += 3;
      }
    }
    return bytes;
  }

  private static void encodeRest(String s, int from, byte[] out) {
    int at = from;
    for (int i = from; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        out[at++] = (byte) c;
      } else if (c < 0x800) {
        out[at++] = (byte) (0xC0 | (c >> 6));
        out[at++] = (byte) (0x80 | (c & 0x3F));
      } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
        int cp = Character.toCodePoint(c, s.charAt(++i));
        out[at++] = (byte) (0xF0 | (cp >> 18));
        out[at++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
        out[at++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
        out[at++] = (byte) (0x80 | (cp & 0x3F));
      } else if (Character.isSurrogate(c)) {
        out[at++] = '?';
      } else {
        out[at++] = (byte) (0xE0 | (c >> 12));
        out[at++] = (byte) (0x80 | ((c >> 6) & 0x3F));
        out[at++] = (byte) (0x80 | (c & 0x3F));
      }
    }
  }

  /**
   * Glob patterns as {@code fsb_glob} takes them: each one's UTF-8 bytes followed by a NUL. A NUL inside a pattern
   * would split it in two, and a lone surrogate has no UTF-8 form: both are refused.
   */
  static byte[] patterns(List<String> patterns) {
    ByteBuffer joined = ByteBuffer.allocate(16);
    for (String pattern : patterns) {
      if (pattern.indexOf('\0') >= 0) {
        throw new IllegalArgumentException("glob pattern contains a NUL character: '" + pattern.replace('\0', '?') + "'");
      }
      ByteBuffer bytes;
      try {
        bytes = StandardCharsets.UTF_8.newEncoder().encode(CharBuffer.wrap(pattern));
      } catch (CharacterCodingException e) {
        throw new IllegalArgumentException("glob pattern is not valid Unicode (a lone surrogate): '" + pattern + "'", e);
      }
      if (joined.remaining() < bytes.remaining() + 1) {
        joined = grow(joined, bytes.remaining() + 1);
      }
      joined.put(bytes).put((byte) 0);
    }
    byte[] out = new byte[joined.position()];
    joined.flip().get(out);
    return out;
  }

  private static ByteBuffer grow(ByteBuffer buffer, int needed) {
    ByteBuffer bigger = ByteBuffer.allocate(Math.max(buffer.capacity() * 2, buffer.position() + needed));
    buffer.flip();
    return bigger.put(buffer);
  }

  /** Decodes UTF-8 bytes as NIO decodes a name it read from the system: malformed input becomes U+FFFD. */
  static String decode(byte[] bytes, int offset, int length) {
    return new String(bytes, offset, length, StandardCharsets.UTF_8);
  }
}
