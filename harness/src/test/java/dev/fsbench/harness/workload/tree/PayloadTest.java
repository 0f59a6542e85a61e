package dev.fsbench.harness.workload.tree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PayloadTest {

  @Test
  void bufferIsFourKibOfA() {
    byte[] buffer = Payload.buffer(Payload.SIZE);
    assertEquals(4096, buffer.length);
    byte[] expected = new byte[4096];
    Arrays.fill(expected, (byte) 'a');
    assertArrayEquals(expected, buffer);
  }

  @Test
  void utf8IsExactlyFourKibOfValidNonAsciiText() throws CharacterCodingException {
    Payload.Content utf8 = Payload.of(true, Payload.SIZE);
    assertEquals(4096, utf8.bytes().length);
    assertEquals(utf8.text(), strictDecode(utf8.bytes()));
    assertTrue(utf8.text().chars().anyMatch(c -> c > 127), "non-ASCII");
    assertTrue(
        utf8.text().contains("🙂"), "a character outside the BMP (a surrogate pair in Java)");
    // 16-byte units fit 4096 exactly: the unit 256 times, no padding.
    assertEquals(Payload.UTF8_UNIT.repeat(256), utf8.text());
  }

  @Test
  void thePaddingRuleGivesExactlyTheSizeAndNeverCutsACharacter() throws CharacterCodingException {
    for (int size = 0; size <= 80; size++) {
      assertPadded(size);
    }
    assertPadded(4095);
    assertPadded(4097);
    assertEquals("文件内容🙂...", Payload.utf8(19));
    assertEquals("..", Payload.utf8(2));
  }

  private static void assertPadded(int size) throws CharacterCodingException {
    String text = Payload.utf8(size);
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    assertEquals(size, bytes.length, "size " + size);
    assertEquals(text, strictDecode(bytes));
    int units = size / 16;
    assertEquals(
        Payload.UTF8_UNIT.repeat(units), text.substring(0, units * Payload.UTF8_UNIT.length()));
    assertEquals(
        ".".repeat(size % 16),
        text.substring(units * Payload.UTF8_UNIT.length()),
        "padding of " + size);
  }

  @Test
  void eightMibIsTheSamePayloadRepeated() throws CharacterCodingException {
    Payload.Content utf8 = Payload.of(true, Payload.LARGE_SIZE);
    assertEquals(8 * 1024 * 1024, utf8.bytes().length);
    assertEquals(Payload.utf8(Payload.SIZE).repeat(2048), strictDecode(utf8.bytes()));
    Payload.Content buffer = Payload.of(false, Payload.LARGE_SIZE);
    assertEquals(8 * 1024 * 1024, buffer.bytes().length);
    assertFalse(buffer.isText());
    assertNull(buffer.text());
  }

  /** {@code bytes} as UTF-8, refused unless they are valid (the text payloads' check). */
  static String strictDecode(byte[] bytes) throws CharacterCodingException {
    return StandardCharsets.UTF_8
        .newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT)
        .decode(ByteBuffer.wrap(bytes))
        .toString();
  }
}
