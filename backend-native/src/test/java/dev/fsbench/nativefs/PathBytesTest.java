package dev.fsbench.nativefs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class PathBytesTest {

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
