package dev.fsbench.nativefs;

import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ScanEntry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A scan result's columns, copied out of the library's buffer with one bulk copy each, and the
 * entries made from them {@link PackedResults#BLOCK} at a time ({@link #addEntries}; {@link
 * PackedResults} says why in blocks). Each entry's path end is checked as the entry is made, so a
 * malformed buffer is an {@link IOException} before any path is cut from the wrong bytes.
 */
final class ScanColumns {
  private final long[] sizes;
  private final long[] mtimes;
  private final int[] modes;
  private final int[] depths;
  private final int[] pathEnds;
  private final byte[] blob;
  private final int blobStart;

  /** All the paths decoded at once when they are ASCII (byte offsets are then char offsets). */
  private final String ascii;

  /**
   * The {@code count} entries' columns of {@code in} (little-endian, its count already checked to
   * fit), whose paths' bytes run from {@code blobStart} to {@code end}.
   */
  ScanColumns(ByteBuffer in, int count, int blobStart, int end) {
    sizes = new long[count];
    mtimes = new long[count];
    modes = new int[count];
    depths = new int[count];
    pathEnds = new int[count];
    int at = 8;
    at = column(in, at, sizes);
    at = column(in, at, mtimes);
    at = column(in, at, modes);
    at = column(in, at, depths);
    column(in, at, pathEnds);
    this.blobStart = blobStart;
    blob = new byte[end - blobStart];
    in.get(blobStart, blob);
    String all = new String(blob, StandardCharsets.UTF_8);
    ascii = PackedResults.isAscii(all, blob.length) ? all : null;
  }

  /**
   * Adds entries {@code from} .. {@code from + BLOCK - 1} (those there are) to {@code entries};
   * returns the index of the next one.
   */
  int addEntries(List<ScanEntry> entries, int from) throws IOException {
    int to = Math.min(pathEnds.length, from + PackedResults.BLOCK);
    int start = from == 0 ? 0 : pathEnds[from - 1];
    for (int i = from; i < to; i++) {
      int stop = pathEnds[i];
      if (stop <= start || stop > blob.length) {
        throw badPathEnd(i, start);
      }
      String path =
          ascii != null
              ? ascii.substring(start, stop)
              : PathBytes.decode(blob, start, stop - start);
      // '/' is ASCII, never part of a multi-byte sequence, so the last one in the decoded path
      // ends the parent.
      int slash = path.lastIndexOf('/');
      String name = slash < 0 ? path : path.substring(slash + 1);
      entries.add(
          new ScanEntry(
              path, name, FileKind.ofMode(modes[i]), sizes[i], modes[i], mtimes[i], depths[i]));
      start = stop;
    }
    return to;
  }

  /** Checks that the last path ends where the paths' bytes do. */
  void checkLastEnd() throws IOException {
    int last = pathEnds.length == 0 ? 0 : pathEnds[pathEnds.length - 1];
    if (last != blob.length) {
      throw PackedResults.malformed(
          Op.SCAN, blobStart + last, (blob.length - last) + " path bytes after the last entry");
    }
  }

  private IOException badPathEnd(int i, int previous) {
    return PackedResults.malformed(
        Op.SCAN,
        blobStart + previous,
        "entry "
            + i
            + " has a path end of "
            + pathEnds[i]
            + " after "
            + previous
            + ", with "
            + blob.length
            + " path bytes");
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
}
