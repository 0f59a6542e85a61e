package dev.fsbench.nativefs;

/**
 * Per-thread native memory the calls reuse, so that a call allocates nothing but its result. Two blocks:
 *
 * <pre>
 * frame:    0 stat out[10] | 80 tree out[2] | 96 out_len | 104 unused | 128 path arguments, NUL-terminated, back to back
 * content:  file content in and out (read_file, write_file, append_file), the paths the library writes back
 *           (readlink, realpath, mkdtemp, last_error_path), glob patterns
 * </pre>
 *
 * Both are direct buffers whose addresses are passed as plain {@code long}s (see {@link LibFsb} for why). The frame
 * grows for a path longer than it holds; the content block grows to the largest payload the thread has moved, up to
 * {@link #RETAINED_LIMIT}, beyond which a call borrows memory for itself ({@link NativeBuffer#borrow}), so that one huge
 * file does not pin its size in every async thread for the life of the JVM. The 8 MiB case of the benchmarks stays
 * within the limit and allocates nothing once warm.
 */
final class Scratch {
  static final int STAT = 0;
  static final int RESULT = 80;
  static final int LENGTH = 96;
  static final int PATHS = 128;

  /** Room for two paths of 1 KiB of characters each without growing. */
  static final int INITIAL_FRAME = 8 * 1024;

  /** Covers the 4 KiB payloads of the workloads and any path the library returns, without growing. */
  static final int INITIAL_CONTENT = 64 * 1024;

  /** The largest content block a thread keeps between calls. */
  static final int RETAINED_LIMIT = 32 * 1024 * 1024;

  private static final ThreadLocal<Scratch> LOCAL = ThreadLocal.withInitial(Scratch::new);

  private NativeBuffer frame = NativeBuffer.direct(INITIAL_FRAME);
  private NativeBuffer content = NativeBuffer.direct(INITIAL_CONTENT);
  private long secondPath;

  /** Copy target for decoding a name out of native memory into a String. */
  private byte[] names = new byte[1024];

  private Scratch() {}

  static Scratch get() {
    return LOCAL.get();
  }

  // ---------------------------------------------------------------- path arguments

  /** Encodes one path argument into the frame and returns its address. */
  long path(String path) {
    ensureFrame(PATHS + PathBytes.maxBytes(path));
    PathBytes.put(frame.buffer(), PATHS, path);
    return frame.address() + PATHS;
  }

  /** Encodes two path arguments one after the other; returns the first's address, {@link #secondPath()} the other's. */
  long paths(String first, String second) {
    ensureFrame(PATHS + PathBytes.maxBytes(first) + PathBytes.maxBytes(second));
    int secondOffset = PathBytes.put(frame.buffer(), PATHS, first);
    PathBytes.put(frame.buffer(), secondOffset, second);
    secondPath = frame.address() + secondOffset;
    return frame.address() + PATHS;
  }

  /** The address of the second path of the last {@link #paths} call. */
  long secondPath() {
    return secondPath;
  }

  private void ensureFrame(long needed) {
    if (needed > frame.capacity()) {
      if (needed > Integer.MAX_VALUE - 8) {
        throw new IllegalArgumentException("path too long to pass to the library: " + needed + " bytes");
      }
      frame = NativeBuffer.direct((int) Math.max(needed, 2L * frame.capacity()));
    }
  }

  // ---------------------------------------------------------------- out-parameters

  /** The address of {@code fsb_stat}'s {@code out[10]}. */
  long statOut() {
    return frame.address() + STAT;
  }

  /** Field {@code index} of the last {@code fsb_stat} result. */
  long stat(int index) {
    return frame.buffer().getLong(STAT + 8 * index);
  }

  /** The address of a tree call's {@code out[2]}, zeroed so that a call that fails without writing it leaves nothing to free. */
  long resultOut() {
    frame.buffer().putLong(RESULT, 0).putLong(RESULT + 8, 0);
    return frame.address() + RESULT;
  }

  long resultAddress() {
    return frame.buffer().getLong(RESULT);
  }

  long resultLength() {
    return frame.buffer().getLong(RESULT + 8);
  }

  /** The address of {@code *out_len}. */
  long lengthOut() {
    return frame.address() + LENGTH;
  }

  long length() {
    return frame.buffer().getLong(LENGTH);
  }

  // ---------------------------------------------------------------- content

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
