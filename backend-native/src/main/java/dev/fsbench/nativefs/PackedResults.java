package dev.fsbench.nativefs;

import dev.fsbench.spi.Op;
import dev.fsbench.spi.ScanEntry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes the one buffer a tree call or {@code fsb_lines} returns (rust/ABI.md). Three layouts:
 *
 * <pre>
 * lines:                  uint32 length (little-endian) | the line's bytes, per line
 * names (readdir, glob):  "a\0" "a/b.txt\0" ...
 * scan, in columns:       int64 n | int64 size[n] | int64 mtime_ns[n] | int32 mode[n] | int32 depth[n]
 *                         | int32 path_end[n] | 0-padding to 8 | the n paths' bytes back to back
 * </pre>
 *
 * <p>Why the decoding is shaped as it is: in the harness's single-shot samples this code runs
 * interpreted or C1-compiled, while the JDK's bulk copies, its UTF-8 decoder and {@code
 * String.indexOf} are compiled long before. So the buffer is copied out once, all the names are
 * decoded by one {@code String} construction, and each entry is then a substring of it: a few calls
 * per entry instead of a buffer read per byte. That holds when every byte is ASCII, where byte
 * offsets are character offsets; otherwise each name is decoded on its own, as NIO decodes a name
 * it read (malformed bytes become U+FFFD).
 *
 * <p>And why entries are decoded {@link #BLOCK} at a time, by a method of their own: HotSpot
 * compiles a method once it has been called, or has looped, often enough. A loop in a method called
 * once per tree call turns 1,081 times a call on tree-1000, far from the 60,000 turns that compile
 * it on the stack, so it stays interpreted for all of a benchmark fork's 42 calls (and of any
 * program's first fifty-odd), and with it whatever it does per entry: its bytecodes, and each call
 * from it into compiled code. Until this layout every entry's loop here was such a loop (names: 9
 * bytecodes and a call per name; scan: 56 bytecodes and 3 calls per entry, its path-end check
 * included). A block method is called 68 times a call on that tree and loops inside: C1 compiles it
 * in the second or third call and C2 in the fifteenth to twentieth ({@code -XX:+PrintCompilation}),
 * and the loop left in the interpreter turns once per block.
 *
 * <p>A buffer that does not follow its layout is an {@link IOException} naming the call and the
 * offset, never an index error or a wrong entry.
 */
final class PackedResults {
  private PackedResults() {}

  /** Bytes per scan entry in the columns: two int64 and three int32. */
  static final int SCAN_COLUMNS = 8 + 8 + 4 + 4 + 4;

  /**
   * Entries decoded by one call of a block method: few enough that the method is called often (C2
   * wants 600 calls and, with its loop's turns, 15,000; a block of 16 gets there in about 13 tree
   * calls of a thousand entries, a block of 64 would need 35), enough that the interpreted loop
   * around it turns rarely.
   */
  static final int BLOCK = 16;

  /**
   * The lines of {@code fsb_lines}' buffer: each a little-endian uint32 byte length and the bytes,
   * decoded as UTF-8 with malformed input as U+FFFD.
   */
  static List<String> lines(ByteBuffer packed, Op call) throws IOException {
    ByteBuffer in = packed.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    int end = in.limit();
    List<String> lines = new ArrayList<>();
    int at = 0;
    while (at < end) {
      if (end - at < Integer.BYTES) {
        throw malformed(call, at, "a line's length cut short");
      }
      long length = Integer.toUnsignedLong(in.getInt(at));
      at += Integer.BYTES;
      if (length > end - at) {
        throw malformed(call, at, "a line of " + length + " bytes past the buffer's end");
      }
      byte[] bytes = new byte[(int) length];
      in.get(at, bytes);
      lines.add(new String(bytes, StandardCharsets.UTF_8));
      at += (int) length;
    }
    return lines;
  }

  /** The NUL-terminated names of {@code packed} (from position 0 to its limit). */
  static List<String> names(ByteBuffer packed, Op call) throws IOException {
    int end = packed.limit();
    if (end == 0) {
      return new ArrayList<>();
    }
    byte[] bytes = new byte[end];
    packed.get(0, bytes);
    if (bytes[end - 1] != 0) {
      int start = end - 1;
      while (start > 0 && bytes[start - 1] != 0) {
        start--;
      }
      throw malformed(call, start, "a name without its terminating NUL");
    }
    List<String> names = new ArrayList<>();
    String all = new String(bytes, StandardCharsets.UTF_8);
    int start = 0;
    if (isAscii(all, end)) {
      while (start < end) {
        start = addNames(names, all, start);
      }
    } else {
      while (start < end) {
        start = addDecodedNames(names, bytes, start);
      }
    }
    return names;
  }

  /**
   * Adds up to {@link #BLOCK} names of the NUL-separated ASCII {@code all}, the first at {@code
   * start}, to {@code names}; returns where the next one starts ({@code all.length()} after the
   * last).
   */
  private static int addNames(List<String> names, String all, int start) {
    int end = all.length();
    for (int k = 0; k < BLOCK && start < end; k++) {
      int nul = all.indexOf('\0', start);
      names.add(all.substring(start, nul));
      start = nul + 1;
    }
    return start;
  }

  /**
   * As {@link #addNames}, for bytes that are not all ASCII: each name found by its NUL and decoded
   * on its own.
   */
  private static int addDecodedNames(List<String> names, byte[] bytes, int start) {
    for (int k = 0; k < BLOCK && start < bytes.length; k++) {
      int nul = start;
      while (bytes[nul] != 0) {
        nul++;
      }
      names.add(PathBytes.decode(bytes, start, nul - start));
      start = nul + 1;
    }
    return start;
  }

  /** The scan entries of {@code packed}, in the library's order (sorted by path bytes). */
  static List<ScanEntry> scanEntries(ByteBuffer packed) throws IOException {
    int end = packed.limit();
    if (end == 0) {
      return new ArrayList<>();
    }
    ByteBuffer in = packed.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    if (end < 8) {
      throw malformed(Op.SCAN, 0, "a count cut short (" + end + " of 8 bytes)");
    }
    long count = in.getLong(0);
    long columnsEnd = 8 + count * SCAN_COLUMNS;
    if (count < 0 || count > (end - 8) / SCAN_COLUMNS) {
      throw malformed(Op.SCAN, 0, "a count of " + count + " entries in " + end + " bytes");
    }
    int blobStart = align((int) columnsEnd);
    if (blobStart > end) {
      throw malformed(Op.SCAN, (int) columnsEnd, "the padding after the columns cut short");
    }
    int n = (int) count;
    ScanColumns columns = new ScanColumns(in, n, blobStart, end);
    List<ScanEntry> entries = new ArrayList<>(n);
    int next = 0;
    while (next < n) {
      next = columns.addEntries(entries, next);
    }
    columns.checkLastEnd();
    return entries;
  }

  /**
   * Whether the {@code byteLength} bytes {@code decoded} came from were all ASCII: every byte
   * became one character and none was replaced. A valid multi-byte sequence makes fewer characters
   * than bytes, an invalid byte makes U+FFFD; a name holding a real U+FFFD takes the general way,
   * which decodes it the same.
   */
  static boolean isAscii(String decoded, int byteLength) {
    return decoded.length() == byteLength && decoded.indexOf('\uFFFD') < 0;
  }

  /** The offset of the next multiple of 8 at or after {@code offset}. */
  static int align(int offset) {
    return (offset + 7) & -8;
  }

  static IOException malformed(Op call, int offset, String what) {
    return new IOException(
        "malformed result of " + Abi.symbol(call) + " at byte " + offset + ": " + what);
  }
}
