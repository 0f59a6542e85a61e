package dev.fsbench.nativefs;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
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
 * <p>A path's bytes are {@code toString().getBytes(UTF_8)} and a NUL: two calls into JDK code that is compiled long
 * before a benchmark's samples run (a path's {@code toString()} is made once per {@code Path} and kept by it), where an
 * encoding loop of our own would run interpreted or C1-compiled in the harness's single-shot samples (see {@link
 * LibFsb}). What it costs: two small arrays a call, the encoding and the copy that adds the NUL.
 *
 * <p>A path of the default filesystem never holds a lone surrogate (NIO refuses to create one when the platform
 * encoding is UTF-8), and {@link String#getBytes} would write {@code '?'} for one. Patterns are caller strings with no
 * such guarantee, and a {@code '?'} is a wildcard there, so {@link #patterns} refuses them instead.
 */
final class PathBytes {
  private PathBytes() {}

  /** A path argument: the empty path becomes "." (NIO's reading of it). */
  static byte[] argument(Path path) {
    String s = path.toString();
    return verbatim(s.isEmpty() ? "." : s);
  }

  /** The UTF-8 encoding of {@code s} and a NUL: a link target, a mkdtemp prefix, a path the library named. */
  static byte[] verbatim(String s) {
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    return Arrays.copyOf(utf8, utf8.length + 1);
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
