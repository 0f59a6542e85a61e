package dev.fsbench.nativefs;

import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.ScanEntry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes the one buffer a tree call returns (rust/ABI.md), straight from the library's memory: numbers are read in
 * place, and each name is copied once, into a reused array, on its way into a String.
 *
 * <p>Two layouts:
 *
 * <pre>
 * names (readdir, glob):  "a\0" "a/b.txt\0" ...
 * scan records:           int64 size | int64 mtime_ns | int32 mode | int32 depth | int32 path_len | path | 0-padding to 8
 * </pre>
 *
 * A buffer that does not follow its layout is an {@link IOException} naming the call and the offset, never an index
 * error or a wrong entry.
 */
final class PackedResults {
  private PackedResults() {}

  /** The fixed part of a scan record: two int64 and three int32. */
  static final int SCAN_HEADER = 28;

  /** Scan records start at multiples of this. */
  static final int SCAN_ALIGN = 8;

  /** The NUL-terminated names of {@code packed} (from position 0 to its limit). */
  static List<String> names(ByteBuffer packed, Scratch scratch, Call call) throws IOException {
    int end = packed.limit();
    List<String> names = new ArrayList<>();
    int start = 0;
    while (start < end) {
      int nul = start;
      while (nul < end && packed.get(nul) != 0) {
        nul++;
      }
      if (nul == end) {
        throw malformed(call, start, "a name without its terminating NUL");
      }
      names.add(string(packed, start, nul - start, scratch));
      start = nul + 1;
    }
    return names;
  }

  /** The scan records of {@code packed}, in the library's order (sorted by path bytes). */
  static List<ScanEntry> scanEntries(ByteBuffer packed, Scratch scratch) throws IOException {
    ByteBuffer in = packed.order() == ByteOrder.LITTLE_ENDIAN ? packed : packed.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    int end = in.limit();
    List<ScanEntry> entries = new ArrayList<>();
    int at = 0;
    while (at < end) {
      if (end - at < SCAN_HEADER) {
        throw malformed(Call.SCAN, at, "a record header cut short (" + (end - at) + " of " + SCAN_HEADER + " bytes)");
      }
      long size = in.getLong(at);
      long mtimeNanos = in.getLong(at + 8);
      int mode = in.getInt(at + 16);
      int depth = in.getInt(at + 20);
      int pathLength = in.getInt(at + 24);
      int pathStart = at + SCAN_HEADER;
      if (pathLength <= 0 || pathLength > end - pathStart) {
        throw malformed(Call.SCAN, at, "a path length of " + pathLength + " with " + (end - pathStart) + " bytes left");
      }
      int nameStart = pathStart + pathLength;
      while (nameStart > pathStart && in.get(nameStart - 1) != '/') {
        nameStart--;
      }
      byte[] bytes = copy(in, pathStart, pathLength, scratch);
      String path = PathBytes.decode(bytes, 0, pathLength);
      String name =
          nameStart == pathStart ? path : PathBytes.decode(bytes, nameStart - pathStart, pathStart + pathLength - nameStart);
      entries.add(new ScanEntry(path, name, FileKind.ofMode(mode), size, mode, mtimeNanos, depth));
      at = align(pathStart + pathLength);
    }
    return entries;
  }

  /** The offset of the record after one whose path ends at {@code offset}: the next multiple of 8. */
  static int align(int offset) {
    return (offset + SCAN_ALIGN - 1) & -SCAN_ALIGN;
  }

  /** Decodes {@code length} UTF-8 bytes at {@code offset} of a (direct) buffer. */
  static String string(ByteBuffer buffer, int offset, int length, Scratch scratch) {
    return PathBytes.decode(copy(buffer, offset, length, scratch), 0, length);
  }

  private static byte[] copy(ByteBuffer buffer, int offset, int length, Scratch scratch) {
    byte[] bytes = scratch.names(length);
    buffer.get(offset, bytes, 0, length);
    return bytes;
  }

  private static IOException malformed(Call call, int offset, String what) {
    return new IOException("malformed result of " + call.symbol() + " at byte " + offset + ": " + what);
  }
}
