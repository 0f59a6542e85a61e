package dev.fsbench.nativefs;

/**
 * A thread's memory for {@link JnaBinding}'s calls: two native blocks, whose addresses are passed
 * as plain {@code long}s (see {@link JnaBinding} for why), read back into {@link Scratch}'s arrays
 * with one bulk copy each.
 *
 * <pre>
 * frame:    0 stat out[10] | 80 tree out[2] | 96 out_len
 * content:  file content in and out (read_file, write_file, append_file), the names the library writes back
 *           (readlink, realpath, mkdtemp, last_error_path)
 * </pre>
 *
 * Path arguments are not here: they travel as {@code byte[]} ({@link PathBytes}), which JNA copies.
 * The content block grows to the largest payload the thread has moved, up to {@link
 * Scratch#RETAINED_LIMIT}, beyond which a call borrows memory for itself ({@link
 * NativeBuffer#borrow}). The 8 MiB case of the benchmarks stays within the limit and allocates
 * nothing once warm.
 */
final class JnaScratch extends Scratch {
  static final int STAT = 0;
  static final int RESULT = 80;
  static final int LENGTH = 96;
  static final int FRAME = 104;

  /**
   * Covers the 4 KiB payloads of the workloads and any path the library returns, without growing.
   */
  static final int INITIAL_CONTENT = 64 * 1024;

  /** Reached by {@link JnaBinding} directly: a thread's scratch is one lookup away. */
  static final ThreadLocal<JnaScratch> LOCAL = ThreadLocal.withInitial(JnaScratch::new);

  /** Zeros for a tree call's out[2]. */
  private static final long[] NO_RESULT = new long[2];

  private final NativeBuffer frame = NativeBuffer.direct(FRAME);
  private NativeBuffer content = NativeBuffer.direct(INITIAL_CONTENT);

  /** The memory of this call's read_file round, and what the call borrowed for it. */
  private NativeBuffer current;

  private NativeBuffer borrowed;

  private JnaScratch() {
    super(1024);
  }

  // ---------------------------------------------------------------- out-parameters

  /** The address of {@code fsb_stat}'s {@code out[10]}. */
  long statOut() {
    return frame.address() + STAT;
  }

  /** {@code result}; on 0, the fields {@code fsb_stat} wrote copied into the stat array first. */
  int statRead(int result) {
    if (result == 0) {
      frame.read(STAT, statFields(), Abi.STAT_FIELDS);
    }
    return result;
  }

  /**
   * The address of a tree call's {@code out[2]}, zeroed so that a call that fails without writing
   * it leaves nothing to free.
   */
  long resultOut() {
    frame.write(RESULT, NO_RESULT, 2);
    return frame.address() + RESULT;
  }

  /** {@code result}; on 0, the tree result's address and length copied out first. */
  int resultRead(int result) {
    if (result == 0) {
      frame.read(RESULT, treeResult(), 2);
    }
    return result;
  }

  /** The address of {@code *out_len}. */
  long lengthOut() {
    return frame.address() + LENGTH;
  }

  /** {@code result}, after copying {@code *out_len} out. */
  int lengthRead(int result) {
    outLength()[0] = frame.getLong(LENGTH);
    return result;
  }

  // ---------------------------------------------------------------- names and content

  /** The thread's content block, at least {@link #INITIAL_CONTENT} bytes. */
  NativeBuffer contentBlock() {
    return content;
  }

  /**
   * {@code result} of a call that wrote a name into the content block, after copying {@code
   * *out_len} out and, on 0, the name into the names array, with one bulk read.
   */
  int nameRead(int result) {
    long length = frame.getLong(LENGTH);
    outLength()[0] = length;
    if (result == 0) {
      int n = (int) Math.min(length, content.capacity());
      content.read(0, names(n), n);
    }
    return result;
  }

  /**
   * The length {@code fsb_last_error_path} returned, after copying what of the path fits the
   * content block into the names array.
   */
  long lastErrorPathRead(long length) {
    int n = (int) Math.min(length, content.capacity());
    if (n > 0) {
      content.read(0, names(n), n);
    }
    return length;
  }

  /**
   * A content block of at least {@code needed} bytes: the thread's own, grown if needed and
   * allowed, else null (the caller then borrows one).
   */
  NativeBuffer contentBlock(long needed) {
    long size = grown(content.capacity(), needed);
    if (size < 0) {
      return null;
    }
    if (size > content.capacity()) {
      content = NativeBuffer.direct((int) size);
    }
    return content;
  }

  /** The memory {@link #useContent} chose for this round. */
  NativeBuffer current() {
    return current;
  }

  @Override
  protected long nameCapacity() {
    return content.capacity();
  }

  @Override
  protected boolean growNames(long needed) {
    return contentBlock(needed) != null;
  }

  @Override
  protected long useContent(long capacity) {
    NativeBuffer own = capacity == 0 ? content : contentBlock(capacity);
    if (own == null) {
      if (borrowed != null) {
        borrowed.close();
      }
      borrowed = NativeBuffer.borrow(capacity);
      own = borrowed;
    }
    current = own;
    return own.capacity();
  }

  @Override
  protected byte[] copyContent(int length) {
    byte[] out = new byte[length];
    current.read(0, out, length);
    return out;
  }

  @Override
  protected void release() {
    current = null;
    if (borrowed != null) {
      borrowed.close();
      borrowed = null;
    }
  }
}
