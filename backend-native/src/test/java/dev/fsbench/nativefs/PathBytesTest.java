package dev.fsbench.nativefs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class PathBytesTest {

  /** What {@link PathBytes#put} writes for {@code s}, after checking that it stays within {@link PathBytes#maxBytes}. */
  private static byte[] encode(String s) {
    ByteBuffer buf = ByteBuffer.allocate(PathBytes.maxBytes(s) + 3);
    buf.put(0, new byte[] {7, 7, 7});
    int end = PathBytes.put(buf, 3, s);
    assertTrue(end - 3 <= PathBytes.maxBytes(s), "wrote more than maxBytes");
    assertEquals(7, buf.get(2), "wrote before the offset");
    byte[] out = new byte[end - 3];
    buf.get(3, out);
    return out;
  }

  /** What the library must receive: the UTF-8 bytes and one NUL. */
  private static byte[] nulTerminated(String s) {
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    return Arrays.copyOf(utf8, utf8.length + 1);
  }

  @Test
  void asciiPathIsItsBytesAndOneNul() {
    assertArrayEquals(new byte[] {'/', 't', 'm', 'p', '/', 'a', 0}, encode(PathBytes.argument(Path.of("/tmp/a"))));
  }

  @Test
  void emptyPathBecomesTheWorkingDirectory() {
    assertEquals(".", PathBytes.argument(Path.of("")));
    assertArrayEquals(new byte[] {'.', 0}, encode(PathBytes.argument(Path.of(""))));
  }

  @Test
  void emptyStringIsJustTheNul() {
    assertArrayEquals(new byte[] {0}, encode(""));
  }

  @Test
  void relativePathStaysRelative() {
    assertEquals("a/b", PathBytes.argument(Path.of("a", "b")));
  }

  @Test
  void nonAsciiPathIsUtf8() {
    String name = "dir/文件内容-ü-é";
    assertArrayEquals(nulTerminated(name), encode(PathBytes.argument(Path.of(name))));
  }

  @Test
  void worstCaseFitsMaxBytes() {
    // Three-byte characters are the densest per UTF-16 unit; a surrogate pair is 4 bytes for 2 units.
    String dense = "文".repeat(100);
    assertEquals(301, encode(dense).length);
    assertEquals(PathBytes.maxBytes(dense), encode(dense).length);
  }

  @Test
  void secondPathFollowsTheFirstsNul() {
    ByteBuffer buf = ByteBuffer.allocate(64);
    int second = PathBytes.put(buf, 0, "ab");
    int end = PathBytes.put(buf, second, "ü");
    assertEquals(3, second);
    assertEquals(6, end);
    byte[] both = new byte[end];
    buf.get(0, both);
    assertArrayEquals(new byte[] {'a', 'b', 0, (byte) 0xC3, (byte) 0xBC, 0}, both);
  }

  @Test
  void supplementaryCharacterIsFourBytes() {
    byte[] encoded = encode("🙂");
    assertArrayEquals(new byte[] {(byte) 0xF0, (byte) 0x9F, (byte) 0x99, (byte) 0x82, 0}, encoded);
  }

  @Test
  void everyEncodingWidthAfterAnAsciiPrefix() {
    // 1, 2, 3 and 4 bytes, after an ASCII run, to cover the switch from the fast loop to the general one.
    String mixed = "prefix/a\u00e9\u6587\ud83d\ude42z";
    assertArrayEquals(nulTerminated(mixed), encode(mixed));
  }

  @Test
  void loneSurrogateIsAQuestionMarkAsInGetBytes() {
    assertArrayEquals(nulTerminated("a?b"), encode("a\ud800b"));
    assertArrayEquals(nulTerminated("a?"), encode("a\udc00"));
  }

  @Test
  void patternsAreEachFollowedByNul() {
    byte[] packed = PathBytes.patterns(List.of("**/*.js", "src/{a,b}", "ü*"));
    assertArrayEquals(
        ("**/*.js\0src/{a,b}\0" + "ü*" + "\0").getBytes(StandardCharsets.UTF_8), packed);
  }

  @Test
  void manyLongPatternsGrowTheBuffer() {
    List<String> patterns = List.of("a".repeat(100), "b".repeat(1000), "c");
    byte[] packed = PathBytes.patterns(patterns);
    assertEquals(100 + 1000 + 1 + 3, packed.length);
    assertEquals(0, packed[100]);
    assertEquals(0, packed[packed.length - 1]);
  }

  @Test
  void noPatternsIsNoBytes() {
    assertEquals(0, PathBytes.patterns(List.of()).length);
  }

  @Test
  void patternWithNulIsRefused() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PathBytes.patterns(List.of("a\0b")));
    assertTrue(e.getMessage().contains("NUL"), e.getMessage());
  }

  @Test
  void patternWithLoneSurrogateIsRefused() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PathBytes.patterns(List.of("*\ud800")));
    assertTrue(e.getMessage().contains("surrogate"), e.getMessage());
  }

  @Test
  void decodeReplacesMalformedBytes() {
    byte[] bytes = {'a', (byte) 0xFF, 'b'};
    assertEquals("a\ufffdb", PathBytes.decode(bytes, 0, 3));
    assertEquals("\ufffd", PathBytes.decode(bytes, 1, 1));
  }
}
