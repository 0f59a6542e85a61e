package dev.fsbench.nativefs;

/**
 * Per-thread memory the content and tree calls reuse, so that a call allocates little but its result: the content
 * block (native memory for file content in and out, glob patterns and the failing path of a tree call) and a byte array
 * to decode names from. Paths and out-parameters do not need it: they travel as Java objects (see {@link LibFsb}).
 *
 * <p>The content block is a direct buffer whose address is passed as a plain {@code long}. It grows to the largest
 * payload the thread has moved, up to {@link #RETAINED_LIMIT}, beyond which a call borrows memory for itself ({@link
 * NativeBuffer#borrow}), so that one huge file does not pin its size in every async thread for the life of the JVM. The
 * 8 MiB case of the benchmarks stays within the limit and allocates nothing once warm.
 */
final class Scratch {

  /** Covers the 4 KiB payloads of the workloads and any path the library returns, without growing. */
  static final int INITIAL_CONTENT = 64 * 1024;

  /** The largest content block a thread keeps between calls. */
  static final int RETAINED_LIMIT = 32 * 1024 * 1024;

  private static final ThreadLocal<Scratch> LOCAL = ThreadLocal.withInitial(Scratch::new);

  private NativeBuffer content = NativeBuffer.direct(INITIAL_CONTENT);

  /** Copy target for decoding a name out of native memory into a String. */
  private byte[] names = new byte[1024];

  private Scratch() {}

  static Scratch get() {
    return LOCAL.get();
  }

  /** The thread's content block, at least {@link #INITIAL_CONTENT} bytes. */
  NativeBuffer content() {
    return content;
  }

  /**
   * A content block of at least {@code needed} bytes: the thread's own, grown if needed and allowed, else null (the
   * caller then borrows one).
   */
  NativeBuffer content(long needed) {
    if (needed <= content.capacity()) {
      return content;
    }
    if (needed > RETAINED_LIMIT) {
      return null;
    }
    // Doubling keeps a file that grows a little between reads from reallocating on every read.
    content = NativeBuffer.direct((int) Math.min(RETAINED_LIMIT, Math.max(needed, 2L * content.capacity())));
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
