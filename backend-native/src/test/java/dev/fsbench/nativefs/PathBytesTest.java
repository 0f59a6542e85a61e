package dev.fsbench.nativefs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class PathBytesTest {

  /** What the library must receive: the UTF-8 bytes and one NUL. */
  private static byte[] nulTerminated(String s) {
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    return Arrays.copyOf(utf8, utf8.length + 1);
  }

  @Test
  void asciiPathIsItsBytesAndOneNul() {
    assertArrayEquals(
        new byte[] {'/', 't', 'm', 'p', '/', 'a', 0}, PathBytes.argument(Path.of("/tmp/a")));
  }

  @Test
  void emptyPathBecomesTheWorkingDirectory() {
    assertArrayEquals(new byte[] {'.', 0}, PathBytes.argument(Path.of("")));
  }

  @Test
  void emptyStringStaysEmptyWhenTakenVerbatim() {
    assertArrayEquals(new byte[] {0}, PathBytes.verbatim(""));
  }

  @Test
  void relativePathStaysRelative() {
    assertArrayEquals(new byte[] {'a', '/', 'b', 0}, PathBytes.argument(Path.of("a", "b")));
  }

  @Test
  void nonAsciiPathIsUtf8() {
    String name = "dir/文件内容-ü-é";
    assertArrayEquals(nulTerminated(name), PathBytes.argument(Path.of(name)));
  }

  @Test
  void everyEncodingWidth() {
    // 1, 2, 3 and 4 bytes a character.
    assertArrayEquals(
        new byte[] {
          'a',
          (byte) 0xC3,
          (byte) 0xA9,
          (byte) 0xE6,
          (byte) 0x96,
          (byte) 0x87,
          (byte) 0xF0,
          (byte) 0x9F,
          (byte) 0x99,
          (byte) 0x82,
          0
        },
        PathBytes.argument(Path.of("a\u00e9\u6587\ud83d\ude42")));
  }

  @Test
  void loneSurrogateIsAQuestionMarkAsInGetBytes() {
    assertArrayEquals(nulTerminated("a?b"), PathBytes.verbatim("a\ud800b"));
    assertArrayEquals(nulTerminated("a?"), PathBytes.verbatim("a\udc00"));
  }

  @Test
  void patternsAreEachFollowedByNul() {
    byte[] packed = PathBytes.patterns(List.of("**/*.js", "src/{a,b}", "ü*"));
    assertArrayEquals(
        ("**/*.js\0src/{a,b}\0" + "ü*" + "\0").getBytes(StandardCharsets.UTF_8), packed);
  }

  @Test
  void longPatternsKeepTheirBytes() {
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
    for (String lone : List.of("*\ud800", "\udc00*", "a\ud800\ud800", "\udc00\ud800b")) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> PathBytes.patterns(List.of(lone)));
      assertTrue(e.getMessage().contains("surrogate"), e.getMessage());
    }
  }

  @Test
  void aSurrogatePairIsOneCharacterOfFourBytes() {
    String clef = "\ud834\udd1e"; // U+1D11E
    assertArrayEquals(
        ("*" + clef + "?\0").getBytes(StandardCharsets.UTF_8),
        PathBytes.patterns(List.of("*" + clef + "?")));
    assertEquals(1 + 4 + 1 + 1, PathBytes.patterns(List.of("*" + clef + "?")).length);
  }

  @Test
  void decodeReplacesMalformedBytes() {
    byte[] bytes = {'a', (byte) 0xFF, 'b'};
    assertEquals("a\ufffdb", PathBytes.decode(bytes, 0, 3));
    assertEquals("\ufffd", PathBytes.decode(bytes, 1, 1));
  }

  // ---------------------------------------------------------------- names that are not UTF-8

  /**
   * NIO's path of the name {@code caf\xe9} under {@code /tmp/x}, built from bytes as NIO builds it
   * from a URI.
   */
  private static Path latin() {
    return Path.of(java.net.URI.create("file:///tmp/x/caf%E9"));
  }

  @Test
  void nameThatIsNotUtf8IsPassedAsItsOwnBytes() {
    assertArrayEquals(
        new byte[] {'/', 't', 'm', 'p', '/', 'x', '/', 'c', 'a', 'f', (byte) 0xE9, 0},
        PathBytes.argument(latin()));
  }

  @Test
  void relativeNameThatIsNotUtf8StaysRelativeWithItsDotDot() {
    Path relative = Path.of("..").resolve(Path.of("/tmp/x").relativize(latin()));
    assertEquals("..", relative.getName(0).toString());
    assertArrayEquals(
        new byte[] {'.', '.', '/', 'c', 'a', 'f', (byte) 0xE9, 0}, PathBytes.argument(relative));
    assertArrayEquals(
        new byte[] {'.', '.', '/', 'c', 'a', 'f', (byte) 0xE9, 0}, PathBytes.verbatim(relative));
  }

  @Test
  void realUPlusFffdIsItsUtf8() {
    assertArrayEquals(
        nulTerminated("/tmp/caf\uFFFD"), PathBytes.argument(Path.of("/tmp/caf\uFFFD")));
  }

  @Test
  void returnedBytesThatAreNotUtf8BecomeThePathOfThoseBytes() {
    byte[] absolute = {'/', 't', 'm', 'p', '/', 'x', '/', 'c', 'a', 'f', (byte) 0xE9};
    assertEquals(
        latin(), PathBytes.toPath(Path.of("/").getFileSystem(), absolute, 0, absolute.length));
    byte[] relative = {'.', '.', '/', 'c', 'a', 'f', (byte) 0xE9, '/', 'b'};
    Path expected = Path.of("..").resolve(Path.of("/tmp/x").relativize(latin())).resolve("b");
    assertEquals(
        expected, PathBytes.toPath(Path.of("/").getFileSystem(), relative, 0, relative.length));
    byte[] utf8 = "a/\u00fc".getBytes(StandardCharsets.UTF_8);
    assertEquals(
        Path.of("a/\u00fc"), PathBytes.toPath(Path.of("/").getFileSystem(), utf8, 0, utf8.length));
  }
}
