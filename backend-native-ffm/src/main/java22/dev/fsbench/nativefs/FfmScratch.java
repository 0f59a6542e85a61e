package dev.fsbench.nativefs;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Per-thread memory the calls reuse, so that a call allocates little but its result:
 *
 * <pre>
 * heap, for critical calls (passed as MemorySegment.ofArray, read in place):
 *   stat      long[10]   fsb_stat's out[10]
 *   length    long[1]    *out_len of read_file, readlink, realpath, mkdtemp
 *   names     byte[]     the names readlink, realpath, mkdtemp and last_error_path write back (4 KiB, grows)
 *   content   byte[]     read_file of up to CRITICAL_CONTENT bytes
 * off-heap, for plain calls:
 *   offHeap   content past CRITICAL_CONTENT (read_file, write_file, append_file), kept up to
 *             Scratch.RETAINED_LIMIT, beyond which a call borrows its own
 * </pre>
 *
 * The segments over the arrays are made once with them: a critical call then costs no allocation of
 * its own but the path's bytes. The off-heap block comes from an automatic arena, so it is freed
 * once its thread and this object are gone, as the native backend's direct buffers are.
 */
final class FfmScratch {

  /**
   * The most bytes of content a critical call moves: read_file, write_file and append_file of up to
   * this many bytes run critical, from or into heap arrays; larger ones run plain, through off-heap
   * memory. 64 KiB is copied in microseconds from the page cache, so a collection waits no longer
   * for it than for a stat; 8 MiB would hold one up for milliseconds.
   */
  static final int CRITICAL_CONTENT = 64 * 1024;

  /** Names are at most PATH_MAX (4096) bytes, readlink's and last_error_path's apart. */
  static final int INITIAL_NAMES = 4096;

  private static final ThreadLocal<FfmScratch> LOCAL = ThreadLocal.withInitial(FfmScratch::new);

  private final long[] stat = new long[LibFsb.STAT_FIELDS];
  private final MemorySegment statOut = MemorySegment.ofArray(stat);
  private final long[] length = new long[1];
  private final MemorySegment lengthOut = MemorySegment.ofArray(length);
  private final byte[] content = new byte[CRITICAL_CONTENT];
  private final MemorySegment contentSegment = MemorySegment.ofArray(content);
  private byte[] names = new byte[INITIAL_NAMES];
  private MemorySegment namesSegment = MemorySegment.ofArray(names);
  private MemorySegment offHeap = MemorySegment.NULL;

  private FfmScratch() {}

  static FfmScratch get() {
    return LOCAL.get();
  }

  /** fsb_stat's out[10], a heap segment over {@link #stat()}. */
  MemorySegment statOut() {
    return statOut;
  }

  /** The fields the last fsb_stat wrote, indexed by {@code LibFsb.STAT_*}; read before the next. */
  long[] stat() {
    return stat;
  }

  /** A heap segment over the {@code *out_len} that {@link #length()} reads. */
  MemorySegment lengthOut() {
    return lengthOut;
  }

  long length() {
    return length[0];
  }

  /** The heap block small reads go into, {@link #CRITICAL_CONTENT} bytes. */
  byte[] content() {
    return content;
  }

  MemorySegment contentSegment() {
    return contentSegment;
  }

  /** The heap block names come back in, at least {@link #INITIAL_NAMES} bytes. */
  byte[] names() {
    return names;
  }

  MemorySegment namesSegment() {
    return namesSegment;
  }

  /**
   * Grows the names block to at least {@code needed} bytes; false if that is more than a thread
   * keeps ({@code Scratch.RETAINED_LIMIT}), which no name comes near.
   */
  boolean growNames(long needed) {
    if (needed > Scratch.RETAINED_LIMIT) {
      return false;
    }
    if (needed > names.length) {
      names = new byte[(int) Math.max(needed, 2L * names.length)];
      namesSegment = MemorySegment.ofArray(names);
    }
    return true;
  }

  /**
   * An off-heap block of at least {@code needed} bytes, this thread's own, grown if needed and
   * allowed; null past {@code Scratch.RETAINED_LIMIT} (the caller then borrows one for the call),
   * so that one huge file does not pin its size in every async thread for the life of the JVM.
   */
  MemorySegment offHeap(long needed) {
    if (needed <= offHeap.byteSize()) {
      return offHeap;
    }
    if (needed > Scratch.RETAINED_LIMIT) {
      return null;
    }
    // Doubling keeps a file that grows a little between reads from reallocating on every read.
    long size = Math.min(Scratch.RETAINED_LIMIT, Math.max(needed, 2L * offHeap.byteSize()));
    offHeap = Arena.ofAuto().allocate(size, Long.BYTES);
    return offHeap;
  }
}
