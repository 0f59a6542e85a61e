package dev.fsbench.nativefs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ScanEntry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class PackedResultsTest {

  /** As the library hands it over: native memory, which a direct buffer stands in for. */
  private static ByteBuffer direct(byte[] bytes) {
    ByteBuffer buffer = ByteBuffer.allocateDirect(bytes.length);
    buffer.put(bytes).flip();
    return buffer;
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** One scan entry, before it is laid out in columns. */
  private record Entry(long size, long mtime, int mode, int depth, String path) {}

  /** The entries in the ABI's column layout, padding included. */
  private static byte[] columns(Entry... entries) {
    int n = entries.length;
    byte[][] paths = new byte[n][];
    int pathBytes = 0;
    for (int i = 0; i < n; i++) {
      paths[i] = utf8(entries[i].path());
      pathBytes += paths[i].length;
    }
    int blobStart = PackedResults.align(8 + n * PackedResults.SCAN_COLUMNS);
    ByteBuffer out = ByteBuffer.allocate(blobStart + pathBytes).order(ByteOrder.LITTLE_ENDIAN);
    out.putLong(n);
    for (Entry e : entries) {
      out.putLong(e.size());
    }
    for (Entry e : entries) {
      out.putLong(e.mtime());
    }
    for (Entry e : entries) {
      out.putInt(e.mode());
    }
    for (Entry e : entries) {
      out.putInt(e.depth());
    }
    int end = 0;
    for (byte[] path : paths) {
      end += path.length;
      out.putInt(end);
    }
    out.position(blobStart);
    for (byte[] path : paths) {
      out.put(path);
    }
    return out.array();
  }

  private static List<ScanEntry> scan(byte[] packed) throws IOException {
    return PackedResults.scanEntries(direct(packed));
  }

  // ---------------------------------------------------------------- names

  @Test
  void namesAreSplitAtEachNul() throws IOException {
    List<String> names = PackedResults.names(direct(utf8("a\0a/b.txt\0empty\0")), Op.READDIR);
    assertEquals(List.of("a", "a/b.txt", "empty"), names);
  }

  @Test
  void emptyResultIsNoNames() throws IOException {
    assertEquals(List.of(), PackedResults.names(ByteBuffer.allocate(0), Op.GLOB));
  }

  @Test
  void nonAsciiNamesAreUtf8() throws IOException {
    List<String> names = PackedResults.names(direct(utf8("文件内容🙂\0d/ü.js\0")), Op.GLOB);
    assertEquals(List.of("文件内容🙂", "d/ü.js"), names);
  }

  @Test
  void oddBytesInANameBecomeReplacementCharacters() throws IOException {
    byte[] packed = {'a', (byte) 0xFE, 0};
    assertEquals(List.of("a\ufffd"), PackedResults.names(direct(packed), Op.READDIR));
  }

  @Test
  void nameLongerThanTheDecodeArrayStillDecodes() throws IOException {
    String deep = "d/".repeat(3000) + "f";
    assertEquals(List.of(deep, "x"), PackedResults.names(direct(utf8(deep + "\0x\0")), Op.READDIR));
  }

  @Test
  void missingFinalNulIsAMalformedResult() {
    IOException e =
        assertThrows(
            IOException.class, () -> PackedResults.names(direct(utf8("a\0b")), Op.READDIR));
    assertTrue(
        e.getMessage().contains("fsb_readdir") && e.getMessage().contains("byte 2"),
        e.getMessage());
  }

  @Test
  void asciiNamesAfterNonAsciiOnesStillSplitOnBytes() throws IOException {
    // One non-ASCII name anywhere sends every name the general way; offsets must not drift.
    List<String> names = PackedResults.names(direct(utf8("ab\0ü\0cd\0")), Op.READDIR);
    assertEquals(List.of("ab", "ü", "cd"), names);
  }

  @Test
  void aRealReplacementCharacterInANameSurvives() throws IOException {
    List<String> names = PackedResults.names(direct(utf8("a\ufffdb\0c\0")), Op.GLOB);
    assertEquals(List.of("a\ufffdb", "c"), names);
  }

  /** {@code names} packed as the library packs them: each followed by its NUL. */
  private static byte[] packedNames(List<String> names) {
    StringBuilder packed = new StringBuilder();
    for (String name : names) {
      packed.append(name).append('\0');
    }
    return utf8(packed.toString());
  }

  /** Counts around the decoding's blocks: one short of a block, a block, one past, and more. */
  private static final int[] COUNTS_ACROSS_BLOCKS = {
    1,
    PackedResults.BLOCK - 1,
    PackedResults.BLOCK,
    PackedResults.BLOCK + 1,
    2 * PackedResults.BLOCK,
    3 * PackedResults.BLOCK + 5
  };

  @Test
  void asciiNamesDecodeWholeAcrossBlocks() throws IOException {
    for (int count : COUNTS_ACROSS_BLOCKS) {
      List<String> names = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        names.add("d" + i / 3 + "/nested/f" + i + ".js");
      }
      assertEquals(
          names, PackedResults.names(direct(packedNames(names)), Op.GLOB), count + " names");
    }
  }

  @Test
  void nonAsciiNamesDecodeWholeAcrossBlocks() throws IOException {
    for (int count : COUNTS_ACROSS_BLOCKS) {
      List<String> names = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        names.add(i % 5 == 4 ? "ü/文件" + i : "f" + i);
      }
      // The last name carries the only multi-byte character when there are fewer than five.
      names.set(count - 1, "🙂" + count);
      assertEquals(
          names, PackedResults.names(direct(packedNames(names)), Op.READDIR), count + " names");
    }
  }

  @Test
  void bytesThatAreNotUtf8DecodeAsNioDoesInEveryBlock() throws IOException {
    int count = 2 * PackedResults.BLOCK + 3;
    ByteBuffer packed = ByteBuffer.allocate(count * 3);
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      // 0xE9 is é in Latin-1: a lone byte UTF-8 cannot read, in one name of each block and the
      // last.
      boolean latin1 = i % PackedResults.BLOCK == 7 || i == count - 1;
      packed.put((byte) 'n').put(latin1 ? (byte) 0xE9 : (byte) ('a' + i % 26)).put((byte) 0);
      expected.add(latin1 ? "n\ufffd" : "n" + (char) ('a' + i % 26));
    }
    assertEquals(expected, PackedResults.names(direct(packed.array()), Op.READDIR));
  }

  @Test
  void aLastNameWithoutItsNulIsMalformedWhateverTheCount() {
    byte[] packed = packedNames(Collections.nCopies(PackedResults.BLOCK + 1, "ab"));
    byte[] cut = Arrays.copyOf(packed, packed.length - 1);
    IOException e =
        assertThrows(IOException.class, () -> PackedResults.names(direct(cut), Op.GLOB));
    assertTrue(e.getMessage().contains("byte " + (cut.length - 2)), e.getMessage());
  }

  // ---------------------------------------------------------------- scan columns

  @Test
  void scanColumnsDecodeEveryField() throws IOException {
    List<ScanEntry> entries =
        scan(
            columns(
                new Entry(4096, 1_600_000_000_123_456_789L, 0100644, 3, "d0/nested/f0.js"),
                new Entry(0, -5L, 040755, 1, "empty"),
                new Entry(7, 42, 0120777, 2, "d0/link")));
    assertEquals(
        List.of(
            new ScanEntry(
                "d0/nested/f0.js",
                "f0.js",
                FileKind.FILE,
                4096,
                0100644,
                1_600_000_000_123_456_789L,
                3),
            new ScanEntry("empty", "empty", FileKind.DIRECTORY, 0, 040755, -5L, 1),
            new ScanEntry("d0/link", "link", FileKind.SYMLINK, 7, 0120777, 42, 2)),
        entries);
  }

  @Test
  void pathsStartAfterThePaddingForEveryCount() throws IOException {
    // 8 + 28 n bytes of columns end on a multiple of 8 only for even n; odd counts need 4 bytes of
    // padding.
    for (int n = 1; n <= 5; n++) {
      Entry[] entries = new Entry[n];
      for (int i = 0; i < n; i++) {
        entries[i] = new Entry(i, i, 0100600, 1, "p".repeat(i + 1));
      }
      List<ScanEntry> decoded = scan(columns(entries));
      assertEquals(n, decoded.size());
      for (int i = 0; i < n; i++) {
        assertEquals("p".repeat(i + 1), decoded.get(i).path());
        assertEquals(i, decoded.get(i).size());
      }
    }
    assertEquals(40, PackedResults.align(8 + 28));
    assertEquals(64, PackedResults.align(8 + 2 * 28));
  }

  @Test
  void nonAsciiPathSplitsItsNameAtTheLastSlash() throws IOException {
    List<ScanEntry> entries =
        scan(
            columns(
                new Entry(1, 1, 0100644, 1, "a"), new Entry(4096, 1, 0100644, 2, "文件/内容🙂.txt")));
    assertEquals("文件/内容🙂.txt", entries.get(1).path());
    assertEquals("内容🙂.txt", entries.get(1).name());
    assertEquals("a", entries.get(0).path());
  }

  @Test
  void oddBytesInAPathBecomeReplacementCharacters() throws IOException {
    byte[] packed = columns(new Entry(1, 1, 0100644, 2, "d/xy"));
    packed[packed.length - 1] = (byte) 0xFE;
    ScanEntry entry = scan(packed).get(0);
    assertEquals("d/x\ufffd", entry.path());
    assertEquals("x\ufffd", entry.name());
  }

  @Test
  void otherFileTypesAreOther() throws IOException {
    assertEquals(FileKind.OTHER, scan(columns(new Entry(0, 0, 0010644, 1, "fifo"))).get(0).kind());
  }

  @Test
  void bigEndianViewIsReadAsTheLibrarysLittleEndian() throws IOException {
    // Pointer.getByteBuffer hands out big-endian views; the decoder must not trust the view's
    // order.
    ByteBuffer bigEndian =
        direct(columns(new Entry(123456789L, 987654321L, 0100644, 1, "f")))
            .order(ByteOrder.BIG_ENDIAN);
    ScanEntry entry = PackedResults.scanEntries(bigEndian).get(0);
    assertEquals(123456789L, entry.size());
    assertEquals(987654321L, entry.mtimeNanos());
  }

  @Test
  void emptyScanIsNoEntries() throws IOException {
    assertEquals(List.of(), PackedResults.scanEntries(ByteBuffer.allocate(0)));
    assertEquals(List.of(), scan(columns()));
  }

  @Test
  void aCountBeyondTheBufferIsMalformed() {
    byte[] packed = columns(new Entry(1, 1, 0100644, 1, "f"));
    packed[0] = 9;
    IOException e = assertThrows(IOException.class, () -> scan(packed));
    assertTrue(
        e.getMessage().contains("fsb_scan") && e.getMessage().contains("count of 9"),
        e.getMessage());
  }

  @Test
  void aCutCountIsMalformed() {
    IOException e = assertThrows(IOException.class, () -> scan(new byte[] {1, 0, 0}));
    assertTrue(e.getMessage().contains("count cut short"), e.getMessage());
  }

  @Test
  void aPathEndPastTheBytesIsMalformed() {
    byte[] packed = columns(new Entry(1, 1, 0100644, 1, "f"));
    ByteBuffer.wrap(packed).order(ByteOrder.LITTLE_ENDIAN).putInt(8 + 8 + 8 + 4 + 4, 1000);
    IOException e = assertThrows(IOException.class, () -> scan(packed));
    assertTrue(e.getMessage().contains("path end of 1000"), e.getMessage());
  }

  @Test
  void anEmptyPathIsMalformed() {
    byte[] packed = columns(new Entry(1, 1, 0100644, 1, "f"), new Entry(1, 1, 0100644, 1, "g"));
    // The second path ends where the first does.
    ByteBuffer.wrap(packed).order(ByteOrder.LITTLE_ENDIAN).putInt(8 + 2 * (8 + 8 + 4 + 4) + 4, 1);
    IOException e = assertThrows(IOException.class, () -> scan(packed));
    assertTrue(e.getMessage().contains("entry 1 has a path end of 1 after 1"), e.getMessage());
  }

  @Test
  void scanEntriesDecodeWholeAcrossBlocks() throws IOException {
    for (int count : COUNTS_ACROSS_BLOCKS) {
      for (boolean ascii : new boolean[] {true, false}) {
        Entry[] entries = new Entry[count];
        for (int i = 0; i < count; i++) {
          String dir = ascii || i % 4 != 1 ? "d" + i : "dü" + i;
          entries[i] =
              new Entry(
                  i * 10L, 1_000_000_007L * i, i % 2 == 0 ? 0100644 : 040755, 2, dir + "/f" + i);
        }
        List<ScanEntry> decoded = scan(columns(entries));
        assertEquals(count, decoded.size());
        for (int i = 0; i < count; i++) {
          Entry e = entries[i];
          assertEquals(
              new ScanEntry(
                  e.path(),
                  "f" + i,
                  i % 2 == 0 ? FileKind.FILE : FileKind.DIRECTORY,
                  e.size(),
                  e.mode(),
                  e.mtime(),
                  e.depth()),
              decoded.get(i),
              count + " entries, ascii " + ascii + ", entry " + i);
        }
      }
    }
  }

  @Test
  void aBadPathEndInALaterBlockIsMalformed() {
    int count = PackedResults.BLOCK + 3;
    Entry[] entries = new Entry[count];
    for (int i = 0; i < count; i++) {
      entries[i] = new Entry(1, 1, 0100644, 1, "f" + i);
    }
    byte[] packed = columns(entries);
    int bad = PackedResults.BLOCK + 1;
    int pathEnds = 8 + count * (8 + 8 + 4 + 4);
    ByteBuffer columns = ByteBuffer.wrap(packed).order(ByteOrder.LITTLE_ENDIAN);
    // Entry `bad` ends where the one before it does: an empty path.
    columns.putInt(pathEnds + 4 * bad, columns.getInt(pathEnds + 4 * (bad - 1)));
    IOException e = assertThrows(IOException.class, () -> scan(packed));
    assertTrue(e.getMessage().contains("entry " + bad + " has a path end of"), e.getMessage());
  }

  @Test
  void pathBytesAfterTheLastEntryAreMalformed() {
    byte[] whole = columns(new Entry(1, 1, 0100644, 1, "f"));
    byte[] longer = java.util.Arrays.copyOf(whole, whole.length + 3);
    IOException e = assertThrows(IOException.class, () -> scan(longer));
    assertTrue(e.getMessage().contains("3 path bytes after the last entry"), e.getMessage());
  }

  /** fsb_lines' layout: a little-endian uint32 length before each line's bytes. */
  private static ByteBuffer packedLines(byte[]... lines) {
    int size = 0;
    for (byte[] line : lines) {
      size += 4 + line.length;
    }
    ByteBuffer packed = ByteBuffer.allocateDirect(size).order(ByteOrder.LITTLE_ENDIAN);
    for (byte[] line : lines) {
      packed.putInt(line.length).put(line);
    }
    return packed.flip();
  }

  @Test
  void linesAreDecodedAsTheJvmDecodesUtf8() throws IOException {
    byte[] malformed = {'a', (byte) 0xff, 'b', (byte) 0xe2, (byte) 0x82};
    assertEquals(
        List.of(
            "", "plain", "caf\u00e9 \ud83d\ude42", new String(malformed, StandardCharsets.UTF_8)),
        PackedResults.lines(
            packedLines(new byte[0], utf8("plain"), utf8("caf\u00e9 \ud83d\ude42"), malformed),
            Op.LINES));
    assertEquals("a\ufffdb\ufffd", new String(malformed, StandardCharsets.UTF_8));
  }

  @Test
  void noLinesIsAnEmptyList() throws IOException {
    assertEquals(List.of(), PackedResults.lines(ByteBuffer.allocate(0), Op.LINES));
  }

  @Test
  void aLineBufferCutShortIsAnIoExceptionNotAnIndexError() {
    ByteBuffer cutInLength = ByteBuffer.allocate(2);
    assertThrows(IOException.class, () -> PackedResults.lines(cutInLength, Op.LINES));
    ByteBuffer whole = packedLines(utf8("abcdef"));
    ByteBuffer cutInBytes = whole.limit(whole.limit() - 1);
    IOException e =
        assertThrows(IOException.class, () -> PackedResults.lines(cutInBytes, Op.LINES));
    assertTrue(e.getMessage().contains("fsb_lines"), e.getMessage());
  }
}
