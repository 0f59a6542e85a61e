package dev.fsbench.nativefs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.ScanEntry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class PackedResultsTest {

  private final Scratch scratch = Scratch.get();

  /** As the library hands it over: native memory, which a direct buffer stands in for. */
  private static ByteBuffer direct(byte[] bytes) {
    ByteBuffer buffer = ByteBuffer.allocateDirect(bytes.length);
    buffer.put(bytes).flip();
    return buffer;
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** One scan record in the ABI's layout, padding included. */
  private static void record(ByteArrayOutputStream out, long size, long mtime, int mode, int depth, String path) {
    byte[] name = utf8(path);
    int padded = PackedResults.align(PackedResults.SCAN_HEADER + name.length);
    ByteBuffer record = ByteBuffer.allocate(padded).order(ByteOrder.LITTLE_ENDIAN);
    record.putLong(size).putLong(mtime).putInt(mode).putInt(depth).putInt(name.length).put(name);
    out.write(record.array(), 0, padded);
  }

  // ---------------------------------------------------------------- names

  @Test
  void namesAreSplitAtEachNul() throws IOException {
    List<String> names = PackedResults.names(direct(utf8("a\0a/b.txt\0empty\0")), scratch, Call.READDIR);
    assertEquals(List.of("a", "a/b.txt", "empty"), names);
  }

  @Test
  void emptyResultIsNoNames() throws IOException {
    assertEquals(List.of(), PackedResults.names(ByteBuffer.allocate(0), scratch, Call.GLOB));
  }

  @Test
  void nonAsciiNamesAreUtf8() throws IOException {
    List<String> names = PackedResults.names(direct(utf8("文件内容🙂\0d/ü.js\0")), scratch, Call.GLOB);
    assertEquals(List.of("文件内容🙂", "d/ü.js"), names);
  }

  @Test
  void oddBytesInANameBecomeReplacementCharacters() throws IOException {
    byte[] packed = {'a', (byte) 0xFE, 0};
    assertEquals(List.of("a\ufffd"), PackedResults.names(direct(packed), scratch, Call.READDIR));
  }

  @Test
  void nameLongerThanTheDecodeArrayStillDecodes() throws IOException {
    String deep = "d/".repeat(3000) + "f";
    assertEquals(List.of(deep, "x"), PackedResults.names(direct(utf8(deep + "\0x\0")), scratch, Call.READDIR));
  }

  @Test
  void missingFinalNulIsAMalformedResult() {
    IOException e =
        assertThrows(IOException.class, () -> PackedResults.names(direct(utf8("a\0b")), scratch, Call.READDIR));
    assertTrue(e.getMessage().contains("fsb_readdir") && e.getMessage().contains("byte 2"), e.getMessage());
  }

  // ---------------------------------------------------------------- scan records

  @Test
  void scanRecordsDecodeEveryField() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    record(out, 4096, 1_600_000_000_123_456_789L, 0100644, 3, "d0/nested/f0.js");
    record(out, 0, -5L, 040755, 1, "empty");
    record(out, 7, 42, 0120777, 2, "d0/link");
    List<ScanEntry> entries = PackedResults.scanEntries(direct(out.toByteArray()), scratch);
    assertEquals(
        List.of(
            new ScanEntry("d0/nested/f0.js", "f0.js", FileKind.FILE, 4096, 0100644, 1_600_000_000_123_456_789L, 3),
            new ScanEntry("empty", "empty", FileKind.DIRECTORY, 0, 040755, -5L, 1),
            new ScanEntry("d0/link", "link", FileKind.SYMLINK, 7, 0120777, 42, 2)),
        entries);
  }

  @Test
  void paddingFollowsEveryPathLength() throws IOException {
    // Header 28 bytes: a path of 4 bytes ends exactly on 32 (no padding), other lengths need 1 to 7 bytes of it.
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int length = 1; length <= 9; length++) {
      record(out, length, length, 0100600, 1, "p".repeat(length));
    }
    List<ScanEntry> entries = PackedResults.scanEntries(direct(out.toByteArray()), scratch);
    assertEquals(9, entries.size());
    for (int i = 0; i < 9; i++) {
      assertEquals("p".repeat(i + 1), entries.get(i).path());
      assertEquals(i + 1, entries.get(i).size());
    }
    assertEquals(32, PackedResults.align(28 + 4));
    assertEquals(40, PackedResults.align(28 + 5));
  }

  @Test
  void nonAsciiPathSplitsItsNameOnBytes() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    record(out, 4096, 1, 0100644, 2, "文件/内容🙂.txt");
    ScanEntry entry = PackedResults.scanEntries(direct(out.toByteArray()), scratch).get(0);
    assertEquals("文件/内容🙂.txt", entry.path());
    assertEquals("内容🙂.txt", entry.name());
  }

  @Test
  void otherFileTypesAreOther() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    record(out, 0, 0, 0010644, 1, "fifo");
    assertEquals(FileKind.OTHER, PackedResults.scanEntries(direct(out.toByteArray()), scratch).get(0).kind());
  }

  @Test
  void bigEndianViewIsReadAsTheLibrarysLittleEndian() throws IOException {
    // Pointer.getByteBuffer hands out big-endian views; the decoder must not trust the view's order.
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    record(out, 123456789L, 987654321L, 0100644, 1, "f");
    ByteBuffer bigEndian = direct(out.toByteArray()).order(ByteOrder.BIG_ENDIAN);
    ScanEntry entry = PackedResults.scanEntries(bigEndian, scratch).get(0);
    assertEquals(123456789L, entry.size());
    assertEquals(987654321L, entry.mtimeNanos());
  }

  @Test
  void emptyScanIsNoEntries() throws IOException {
    assertEquals(List.of(), PackedResults.scanEntries(ByteBuffer.allocate(0), scratch));
  }

  @Test
  void truncatedHeaderIsMalformed() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    record(out, 1, 1, 0100644, 1, "f");
    byte[] whole = out.toByteArray();
    byte[] cut = java.util.Arrays.copyOf(whole, whole.length + 20);
    IOException e = assertThrows(IOException.class, () -> PackedResults.scanEntries(direct(cut), scratch));
    assertTrue(e.getMessage().contains("fsb_scan") && e.getMessage().contains("header"), e.getMessage());
  }

  @Test
  void pathLengthPastTheEndIsMalformed() {
    ByteBuffer record = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
    record.putLong(1).putLong(1).putInt(0100644).putInt(1).putInt(1000).put((byte) 'f');
    IOException e = assertThrows(IOException.class, () -> PackedResults.scanEntries(direct(record.array()), scratch));
    assertTrue(e.getMessage().contains("path length of 1000"), e.getMessage());
  }

  @Test
  void emptyPathIsMalformed() {
    ByteBuffer record = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
    record.putLong(1).putLong(1).putInt(0100644).putInt(1).putInt(0);
    assertThrows(IOException.class, () -> PackedResults.scanEntries(direct(record.array()), scratch));
  }
}
