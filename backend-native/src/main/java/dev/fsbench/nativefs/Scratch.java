package dev.fsbench.nativefs;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Per-thread memory the calls reuse, so that a call allocates nothing but its result: the out-arrays of the ABI and
 * one direct buffer for content (read_file, write_file, append_file) and for the paths the library writes back
 * (readlink, realpath, mkdtemp, last_error_path).
 *
 * <p>The content buffer grows to the largest payload the thread has moved, up to {@link #RETAINED_LIMIT}; beyond that
 * a call borrows a one-off buffer ({@link Payload}) so that one huge file does not pin its size in every async thread
 * for the life of the JVM. The 8 MiB case of the benchmarks stays within the limit, so it allocates nothing once warm.
 */
final class Scratch {
  /** Covers every path and the 4 KiB payloads of the workloads without growing. */
  static final int INITIAL_BYTES = 64 * 1024;

  /** The largest content buffer a thread keeps between calls. */
  static final int RETAINED_LIMIT = 32 * 1024 * 1024;

  private static final ThreadLocal<Scratch> LOCAL = ThreadLocal.withInitial(Scratch::new);

  /** {@code fsb_stat}'s out-array. */
  final long[] stat = new long[LibFsb.STAT_FIELDS];

  /** A tree call's {@code out[2]}: result address and length. */
  final long[] result = new long[2];

  /** The {@code *out_len} of the calls that fill a buffer. */
  final long[] length = new long[1];

  private ByteBuffer bytes = allocate(INITIAL_BYTES);

  /** Copy target for decoding a name out of native memory into a String. */
  private byte[] names = new byte[1024];

  private Scratch() {}

  static Scratch get() {
    return LOCAL.get();
  }

  /** The thread's content buffer, position 0, at least {@link #INITIAL_BYTES}. */
  ByteBuffer bytes() {
    return bytes;
  }

  /**
   * A buffer of at least {@code needed} bytes: the thread's own, grown if needed and allowed, else null (the caller
   * then borrows a {@link Payload}).
   */
  ByteBuffer bytes(long needed) {
    if (needed <= bytes.capacity()) {
      return bytes;
    }
    if (needed > RETAINED_LIMIT) {
      return null;
    }
    // Doubling keeps a file that grows a little between reads from reallocating on every read.
    long size = Math.min(RETAINED_LIMIT, Math.max(needed, 2L * bytes.capacity()));
    bytes = allocate((int) size);
    return bytes;
  }

  /** A byte array of at least {@code needed} bytes, reused by this thread, to decode names from. */
  byte[] names(int needed) {
    if (names.length < needed) {
      names = new byte[Math.max(needed, names.length * 2)];
    }
    return names;
  }

  private static ByteBuffer allocate(int capacity) {
    return ByteBuffer.allocateDirect(capacity).order(ByteOrder.nativeOrder());
  }
}
