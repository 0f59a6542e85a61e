package dev.fsbench.nativefs;

import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.ScanEntry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes the one buffer a tree call returns (rust/ABI.md). Two layouts:
 *
 * <pre>
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
 * <p>A buffer that does not follow its layout is an {@link IOException} naming the call and the
 * offset, never an index error or a wrong entry.
 */
final class PackedResults {
  private PackedResults() {}

  /** Bytes per scan entry in the columns: two int64 and three int32. */
  static final int SCAN_COLUMNS = 8 + 8 + 4 + 4 + 4;

  /**
   * The lines of {@code fsb_lines}' buffer: each a little-endian uint32 byte length and the bytes,
   * decoded as UTF-8 with malformed input as U+FFFD.
   */
  static List<String> lines(ByteBuffer packed, Call call) throws IOException {
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
  static List<String> names(ByteBuffer packed, Call call) throws IOException {
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
    if (isAscii(all, end)) {
      int start = 0;
      while (start < end) {
        start = addName(names, all, start);
      }
    } else {
      int start = 0;
      while (start < end) {
        int nul = start;
        while (bytes[nul] != 0) {
          nul++;
        }
        names.add(PathBytes.decode(bytes, start, nul - start));
        start = nul + 1;
      }
    }
    return names;
  }

  /**
   * Adds the name that starts at {@code start} of the NUL-separated {@code all} to {@code names};
   * returns where the next one starts. Its own method for the reason {@link #entry} is: the loop
   * over the names runs once per call, so it stays interpreted for the whole of a benchmark's
   * samples, while a method called once per name is compiled within the first call (a tree-1000
   * call has about 1,100 names).
   */
  private static int addName(List<String> names, String all, int start) {
    int nul = all.indexOf('\0', start);
    names.add(all.substring(start, nul));
    return nul + 1;
  }

  /** The scan entries of {@code packed}, in the library's order (sorted by path bytes). */
  static List<ScanEntry> scanEntries(ByteBuffer packed) throws IOException {
    int end = packed.limit();
    if (end == 0) {
      return new ArrayList<>();
    }
    ByteBuffer in = packed.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    if (end < 8) {
      throw malformed(Call.SCAN, 0, "a count cut short (" + end + " of 8 bytes)");
    }
    long count = in.getLong(0);
    long columnsEnd = 8 + count * SCAN_COLUMNS;
    if (count < 0 || count > (end - 8) / SCAN_COLUMNS) {
      throw malformed(Call.SCAN, 0, "a count of " + count + " entries in " + end + " bytes");
    }
    int n = (int) count;
    long[] sizes = new long[n];
    long[] mtimes = new long[n];
    int[] modes = new int[n];
    int[] depths = new int[n];
    int[] pathEnds = new int[n];
    int at = 8;
    at = column(in, at, sizes);
    at = column(in, at, mtimes);
    at = column(in, at, modes);
    at = column(in, at, depths);
    column(in, at, pathEnds);
    int blobStart = align((int) columnsEnd);
    if (blobStart > end) {
      throw malformed(Call.SCAN, (int) columnsEnd, "the padding after the columns cut short");
    }
    byte[] blob = new byte[end - blobStart];
    in.get(blobStart, blob);
    checkPathEnds(pathEnds, blob.length, blobStart);

    String all = new String(blob, StandardCharsets.UTF_8);
    boolean ascii = isAscii(all, blob.length);
    List<ScanEntry> entries = new ArrayList<>(n);
    int start = 0;
    for (int i = 0; i < n; i++) {
      int stop = pathEnds[i];
      String path =
          ascii ? all.substring(start, stop) : PathBytes.decode(blob, start, stop - start);
      entries.add(entry(path, sizes[i], mtimes[i], modes[i], depths[i]));
      start = stop;
    }
    return entries;
  }

  /**
   * One entry. Its own method so that it is compiled after a few hundred entries: the loop that
   * calls it is in a method called once per scan, which the JVM compiles only after tens of
   * thousands of iterations, so whatever the loop does inline runs interpreted for the whole of a
   * benchmark's samples (and of any program that scans now and then).
   */
  private static ScanEntry entry(String path, long size, long mtimeNanos, int mode, int depth) {
    // '/' is ASCII, never part of a multi-byte sequence, so the last one in the decoded path ends
    // the parent.
    int slash = path.lastIndexOf('/');
    String name = slash < 0 ? path : path.substring(slash + 1);
    return new ScanEntry(path, name, FileKind.ofMode(mode), size, mode, mtimeNanos, depth);
  }

  /**
   * Fills {@code dst} with one bulk copy of the int64 column at {@code at}; returns where the next
   * column starts.
   */
  private static int column(ByteBuffer in, int at, long[] dst) {
    // A slice is big-endian whatever its parent's order.
    in.slice(at, dst.length * 8).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(dst);
    return at + dst.length * 8;
  }

  /** As {@link #column(ByteBuffer, int, long[])}, for an int32 column. */
  private static int column(ByteBuffer in, int at, int[] dst) {
    in.slice(at, dst.length * 4).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(dst);
    return at + dst.length * 4;
  }

  /** Each path non-empty, the last one ending where the bytes end. */
  private static void checkPathEnds(int[] pathEnds, int blobLength, int blobStart)
      throws IOException {
    int previous = 0;
    for (int i = 0; i < pathEnds.length; i++) {
      if (pathEnds[i] <= previous || pathEnds[i] > blobLength) {
        throw malformed(
            Call.SCAN,
            blobStart + previous,
            "entry "
                + i
                + " has a path end of "
                + pathEnds[i]
                + " after "
                + previous
                + ", with "
                + blobLength
                + " path bytes");
      }
      previous = pathEnds[i];
    }
    if (previous != blobLength) {
      throw malformed(
          Call.SCAN,
          blobStart + previous,
          (blobLength - previous) + " path bytes after the last entry");
    }
  }

  /**
   * Whether the {@code byteLength} bytes {@code decoded} came from were all ASCII: every byte
   * became one character and none was replaced. A valid multi-byte sequence makes fewer characters
   * than bytes, an invalid byte makes U+FFFD; a name holding a real U+FFFD takes the general way,
   * which decodes it the same.
   */
  private static boolean isAscii(String decoded, int byteLength) {
    return decoded.length() == byteLength && decoded.indexOf('\uFFFD') < 0;
  }

  /** The offset of the next multiple of 8 at or after {@code offset}. */
  static int align(int offset) {
    return (offset + 7) & -8;
  }

  private static IOException malformed(Call call, int offset, String what) {
    return new IOException(
        "malformed result of " + call.symbol() + " at byte " + offset + ": " + what);
  }
}
