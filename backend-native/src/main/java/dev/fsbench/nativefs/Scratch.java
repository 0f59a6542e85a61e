package dev.fsbench.nativefs;

/**
 * Per-thread memory the calls reuse, so that a call allocates little but its result. Two native
 * blocks, whose addresses are passed as plain {@code long}s (see {@link LibFsb} for why), and two
 * arrays:
 *
 * <pre>
 * frame:    0 stat out[10] | 80 tree out[2] | 96 out_len
 * content:  file content in and out (read_file, write_file, append_file), the names the library writes back
 *           (readlink, realpath, mkdtemp, last_error_path)
 * longs:    the frame's int64 fields, copied out with one bulk read (one JNI call; ten getLong calls cost more)
 * names:    the bytes of a name on its way into a String
 * </pre>
 *
 * Path arguments are not here: they travel as {@code byte[]} ({@link PathBytes}). The content block
 * grows to the largest payload the thread has moved, up to {@link #RETAINED_LIMIT}, beyond which a
 * call borrows memory for itself ({@link NativeBuffer#borrow}), so that one huge file does not pin
 * its size in every async thread for the life of the JVM. The 8 MiB case of the benchmarks stays
 * within the limit and allocates nothing once warm.
 */
final class Scratch {
  static final int STAT = 0;
  static final int RESULT = 80;
  static final int LENGTH = 96;
  static final int FRAME = 104;

  /**
   * Covers the 4 KiB payloads of the workloads and any path the library returns, without growing.
   */
  static final int INITIAL_CONTENT = 64 * 1024;

  /** The largest content block a thread keeps between calls. */
  static final int RETAINED_LIMIT = 32 * 1024 * 1024;

  private static final ThreadLocal<Scratch> LOCAL = ThreadLocal.withInitial(Scratch::new);

  /** Zeros for a tree call's out[2]. */
  private static final long[] NO_RESULT = new long[2];

  private final NativeBuffer frame = NativeBuffer.direct(FRAME);

  private final long[] longs = new long[LibFsb.STAT_FIELDS];
  private NativeBuffer content = NativeBuffer.direct(INITIAL_CONTENT);
  private byte[] names = new byte[1024];

  private Scratch() {}

  static Scratch get() {
    return LOCAL.get();
  }

  // ---------------------------------------------------------------- out-parameters

  /** The address of {@code fsb_stat}'s {@code out[10]}. */
  long statOut() {
    return frame.address() + STAT;
  }

  /**
   * The fields of the last {@code fsb_stat}, indexed by {@code LibFsb.STAT_*}, in an array this
   * thread reuses: read them before the thread's next call.
   */
  long[] stat() {
    frame.read(STAT, longs, LibFsb.STAT_FIELDS);
    return longs;
  }

  /**
   * The address of a tree call's {@code out[2]}, zeroed so that a call that fails without writing
   * it leaves nothing to free.
   */
  long resultOut() {
    frame.write(RESULT, NO_RESULT, 2);
    return frame.address() + RESULT;
  }

  /**
   * The address and length a tree call returned, in an array this thread reuses (elements 0 and 1).
   */
  long[] result() {
    frame.read(RESULT, longs, 2);
    return longs;
  }

  /** The address of {@code *out_len}. */
  long lengthOut() {
    return frame.address() + LENGTH;
  }

  long length() {
    return frame.getLong(LENGTH);
  }

  // ---------------------------------------------------------------- content

  /** The thread's content block, at least {@link #INITIAL_CONTENT} bytes. */
  NativeBuffer content() {
    return content;
  }

  /**
   * A content block of at least {@code needed} bytes: the thread's own, grown if needed and
   * allowed, else null (the caller then borrows one).
   */
  NativeBuffer content(long needed) {
    if (needed <= content.capacity()) {
      return content;
    }
    if (needed > RETAINED_LIMIT) {
      return null;
    }
    // Doubling keeps a file that grows a little between reads from reallocating on every read.
    content =
        NativeBuffer.direct(
            (int) Math.min(RETAINED_LIMIT, Math.max(needed, 2L * content.capacity())));
    return content;
  }

  /** A byte array of at least {@code needed} bytes, reused by this thread, to decode names from. */
  byte[] names(int needed) {
    if (names.length < needed) {
      names = new byte[Math.max(needed, names.length * 2)];
    }
    return names;
  }
}
