package dev.fsbench.nativefs;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Names as bytes, the two ways the binding itself handles them: glob patterns it packs for {@code fsb_glob}, and names
 * the library returns, which it decodes. Path arguments are not here: they go to the library as strings, which it
 * encodes as {@link String#getBytes} with UTF-8 would (see {@link LibFsb}).
 *
 * <pre>{@code
 * PathBytes.patterns(List.of("*.js", "ü*"))   // '*' '.' 'j' 's' 0 0xC3 0xBC '*' 0
 * PathBytes.decode(bytes, 0, n)             // U+FFFD for malformed bytes, as NIO shows such a name
 * }</pre>
 */
final class PathBytes {
  private PathBytes() {}

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
