package dev.fsbench.nativefs;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * Paths and glob patterns as the library takes them: NUL-terminated UTF-8 bytes, written straight into the native
 * memory of the calling thread's {@link Scratch}.
 *
 * <pre>{@code
 * PathBytes.argument(Path.of(""))     // ".": NIO reads the empty path as the working directory
 * PathBytes.put(buf, 0, "a/ü")        // writes 'a' '/' 0xC3 0xBC 0, returns 5
 * }</pre>
 *
 * <p>A path of the default filesystem never holds a lone surrogate (NIO refuses to create one when the platform
 * encoding is UTF-8), so {@link #put} need not check for one; it writes {@code '?'} for it, as {@link String#getBytes}
 * would. Patterns are caller strings with no such guarantee, and a {@code '?'} is a wildcard there, so {@link
 * #patterns} refuses them instead.
 */
final class PathBytes {
  private PathBytes() {}

  /** The string of a path argument: the empty path becomes ".". */
  static String argument(Path path) {
    String s = path.toString();
    return s.isEmpty() ? "." : s;
  }

  /** The most bytes {@link #put} can write for {@code s}: three per UTF-16 unit, and the NUL. */
  static int maxBytes(String s) {
    return 3 * s.length() + 1;
  }

  /**
   * Writes the UTF-8 encoding of {@code s} and a NUL at {@code offset} (absolute; the buffer's position is not used)
   * and returns the offset after the NUL. The caller has made room for {@link #maxBytes}.
   */
  static int put(ByteBuffer buf, int offset, String s) {
    int at = offset;
    int length = s.length();
    for (int i = 0; i < length; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        buf.put(at++, (byte) c);
      } else if (c < 0x800) {
        buf.put(at++, (byte) (0xC0 | (c >> 6)));
        buf.put(at++, (byte) (0x80 | (c & 0x3F)));
      } else if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(s.charAt(i + 1))) {
        int cp = Character.toCodePoint(c, s.charAt(++i));
        buf.put(at++, (byte) (0xF0 | (cp >> 18)));
        buf.put(at++, (byte) (0x80 | ((cp >> 12) & 0x3F)));
        buf.put(at++, (byte) (0x80 | ((cp >> 6) & 0x3F)));
        buf.put(at++, (byte) (0x80 | (cp & 0x3F)));
      } else if (Character.isSurrogate(c)) {
        buf.put(at++, (byte) '?');
      } else {
        buf.put(at++, (byte) (0xE0 | (c >> 12)));
        buf.put(at++, (byte) (0x80 | ((c >> 6) & 0x3F)));
        buf.put(at++, (byte) (0x80 | (c & 0x3F)));
      }
    }
    buf.put(at++, (byte) 0);
    return at;
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
