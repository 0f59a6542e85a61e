package dev.fsbench.harness.workload.tree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class TextLinesTest {

  @Test
  void aTextIsExactlyItsSizeOfValidUtf8WhoseLinesAreTheExpectedOnes()
      throws CharacterCodingException {
    for (int size : new int[] {0, 1, 61, 62, 4096, 4097, 100_000}) {
      TextLines text = TextLines.of(size);
      byte[] bytes = text.bytes();
      assertEquals(size, bytes.length, "size " + size);
      List<String> lines = PayloadTest.strictDecode(bytes).lines().toList();
      assertEquals(text.lineCount(), lines.size(), "size " + size);
      assertEquals(lines, text.lines(0, Integer.MAX_VALUE), "size " + size);
      assertEquals(size, text.bytesOf(0, Integer.MAX_VALUE), "size " + size);
    }
  }

  @Test
  void linesAreOfRealisticLengthMostlyAsciiWithSomeMultibyte() {
    int multibyte = 0;
    for (long i = 0; i < 1_000; i++) {
      String line = TextLines.line(i);
      int bytes = line.getBytes(StandardCharsets.UTF_8).length;
      assertEquals(TextLines.length(i), bytes, "line " + i);
      assertTrue(bytes >= 60 && bytes <= 100, "line " + i + ": " + bytes + " bytes");
      assertTrue(line.indexOf('\n') < 0 && line.indexOf('\r') < 0, "line " + i);
      if (line.chars().anyMatch(c -> c > 127)) {
        multibyte++;
      }
    }
    assertEquals(200, multibyte, "every fifth line has a multibyte word");
    assertTrue(
        LongStream.range(0, 1_000)
            .anyMatch(i -> TextLines.line(i).codePoints().anyMatch(c -> c > 0xFFFF)),
        "a character outside the BMP (4 bytes in UTF-8, a surrogate pair in Java)");
  }

  @Test
  void aRangeIsTheLinesThereAreAndTheSameEveryTime() {
    TextLines text = TextLines.of(4096);
    int n = text.lineCount();
    assertEquals(text.lines(n - 2, 2), text.lines(n - 2, 10));
    assertEquals(List.of(), text.lines(n, 5));
    assertEquals(List.of(), text.lines(0, 0));
    assertArrayEquals(text.bytes(), TextLines.of(4096).bytes());
    assertEquals(TextLines.line(7), text.lines(7, 1).get(0));
  }

  @Test
  void theLargeTextIsSixteenMibOfAbout200000Lines() {
    TextLines large = TextLines.of(TextLines.LARGE_SIZE);
    assertTrue(large.lineCount() > 190_000 && large.lineCount() < 220_000, "" + large.lineCount());
    long middle = large.lineCount() / 2;
    long bytes = large.bytesOf(middle, 100);
    assertTrue(bytes > 6_000 && bytes < 10_200, "" + bytes);
  }
}
