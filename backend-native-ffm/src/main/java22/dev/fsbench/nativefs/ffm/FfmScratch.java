package dev.fsbench.nativefs.ffm;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.fsbench.nativefs.Scratch;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * A thread's memory for {@link FfmBinding}'s calls:
 *
 * <pre>
 * heap, for critical calls (passed as MemorySegment.ofArray, read and written in place):
 *   stat      Scratch's long[10]   fsb_stat's out[10]
 *   length    Scratch's long[1]    *out_len of read_file, readlink, realpath, mkdtemp
 *   names     Scratch's byte[]     the names readlink, realpath, mkdtemp and last_error_path write back
 *                                  (4 KiB, grows)
 *   content   byte[]               read_file of up to CRITICAL_CONTENT bytes
 * off-heap, for plain calls:
 *   offHeap   content past CRITICAL_CONTENT (read_file, write_file, append_file), kept up to
 *             Scratch.RETAINED_LIMIT, beyond which a call borrows its own
 * </pre>
 *
 * The segments over the arrays are made once with them: a critical call then costs no allocation of
 * its own but the path's bytes. The off-heap block comes from an automatic arena, so it is freed
 * once its thread and this object are gone, as the native backend's direct buffers are. A plain
 * read's arguments go into an arena of the call's own, closed when the call ends ({@link
 * #release()}).
 */
final class FfmScratch extends Scratch {

  /**
   * The most bytes of content a critical call moves: read_file, write_file and append_file of up to
   * this many bytes run critical, from or into heap arrays; larger ones run plain, through off-heap
   * memory. 64 KiB is copied in microseconds from the page cache, so a collection waits no longer
   * for it than for a stat; 8 MiB would hold one up for milliseconds.
   */
  static final int CRITICAL_CONTENT = 64 * 1024;

  /** Names are at most PATH_MAX (4096) bytes, readlink's and last_error_path's apart. */
  static final int INITIAL_NAMES = 4096;

  /** Reached by {@link FfmBinding} directly: a thread's scratch is one lookup away. */
  static final ThreadLocal<FfmScratch> LOCAL = ThreadLocal.withInitial(FfmScratch::new);

  private final MemorySegment statOut = MemorySegment.ofArray(statFields());
  private final MemorySegment lengthOut = MemorySegment.ofArray(outLength());
  private final byte[] content = new byte[CRITICAL_CONTENT];
  private final MemorySegment contentSegment = MemorySegment.ofArray(content);
  private MemorySegment namesSegment = MemorySegment.ofArray(names());
  private MemorySegment offHeap = MemorySegment.NULL;

  /** The memory of this call's read_file round: {@link #contentSegment} or off the heap. */
  private MemorySegment current;

  /** A plain read's path and {@code *out_len}, until the call ends. */
  private Arena call;

  /** Memory a read borrowed past what a thread keeps, until the call ends or borrows more. */
  private Arena borrowed;

  private FfmScratch() {
    super(INITIAL_NAMES);
  }

  /** fsb_stat's out[10], a heap segment over the stat array. */
  MemorySegment statOut() {
    return statOut;
  }

  /** A heap segment over the {@code *out_len} the backend reads. */
  MemorySegment lengthOut() {
    return lengthOut;
  }

  /** A heap segment over the names array, remade when it grows. */
  MemorySegment namesSegment() {
    return namesSegment;
  }

  /** The memory {@link #useContent} chose for this round. */
  MemorySegment current() {
    return current;
  }

  /** {@code bytes} copied off the heap for a plain call, in memory freed when the call ends. */
  MemorySegment offHeapArgument(byte[] bytes) {
    return callArena().allocateFrom(JAVA_BYTE, bytes);
  }

  /** An off-heap {@code *out_len} for a plain call, freed when the call ends. */
  MemorySegment offHeapLength() {
    return callArena().allocate(JAVA_LONG);
  }

  /** {@code result}, after copying the plain call's {@code *out_len} where the backend reads it. */
  int lengthRead(int result, MemorySegment offHeapLength) {
    outLength()[0] = offHeapLength.get(JAVA_LONG, 0);
    return result;
  }

  /** Where the backend reads a tree call's result: its address and length, from a plain call. */
  void treeResultFrom(long address, long length) {
    treeResult()[0] = address;
    treeResult()[1] = length;
  }

  /**
   * An off-heap block of at least {@code needed} bytes, this thread's own, grown if needed and
   * allowed; null past {@code Scratch.RETAINED_LIMIT} (the caller then borrows one for the call).
   */
  MemorySegment offHeap(long needed) {
    long size = grown(offHeap.byteSize(), needed);
    if (size < 0) {
      return null;
    }
    if (size > offHeap.byteSize()) {
      offHeap = Arena.ofAuto().allocate(size, Long.BYTES);
    }
    return offHeap;
  }

  private Arena callArena() {
    if (call == null) {
      call = Arena.ofConfined();
    }
    return call;
  }

  @Override
  protected long nameCapacity() {
    return names().length;
  }

  @Override
  protected boolean growNames(long needed) {
    if (grown(names().length, needed) < 0) {
      return false;
    }
    if (needed > names().length) {
      namesSegment = MemorySegment.ofArray(names((int) needed));
    }
    return true;
  }

  /**
   * The first round reads into the heap block, critical; a later one off the heap, plain: the
   * thread's block, or memory borrowed past what a thread keeps.
   */
  @Override
  protected long useContent(long capacity) {
    if (capacity == 0) {
      current = contentSegment;
      return CRITICAL_CONTENT;
    }
    current = offHeap(capacity);
    if (current == null) {
      closed(borrowed);
      borrowed = Arena.ofConfined();
      current = borrowed.allocate(capacity, Long.BYTES);
    }
    return current.byteSize();
  }

  @Override
  protected byte[] copyContent(int length) {
    return current.isNative()
        ? current.asSlice(0, length).toArray(JAVA_BYTE)
        : Arrays.copyOf(content, length);
  }

  /** Closes what the call opened or borrowed: its arguments off the heap, memory past the limit. */
  @Override
  protected void release() {
    current = null;
    call = closed(call);
    borrowed = closed(borrowed);
  }

  private static Arena closed(Arena arena) {
    if (arena != null) {
      arena.close();
    }
    return null;
  }
}
