package dev.fsbench.nativefs;

/**
 * One thread's memory for a {@link Binding}'s calls, reused from call to call so that a call
 * allocates little but its result. This part is every binding's: the Java arrays in which a binding
 * leaves what the library wrote back, read by {@link LibraryBackend} the same way whichever binding
 * made the call, and the rule by which a thread's blocks grow. A binding subclasses it with the
 * memory its calls pass (JNA: native blocks addressed by {@code long}; FFM: heap segments over
 * these arrays for critical calls, off-heap blocks for plain ones) and answers the few questions
 * about that memory the backend asks.
 *
 * <pre>
 * stat      long[10]  fsb_stat's fields, indexed by Abi.STAT_*
 * result    long[2]   a tree call's result buffer: address, length
 * length    long[1]   *out_len of read_file, readlink, realpath, mkdtemp
 * names     byte[]    a name the library returned (readlink, realpath, mkdtemp, last_error_path)
 * </pre>
 *
 * Content is the binding's alone: {@link #useContent} chooses the memory of one round of {@code
 * fsb_read_file}, {@link #copyContent(int)} copies the result out of it, {@link #release()} frees
 * what was borrowed for the call. A thread keeps blocks up to {@link #RETAINED_LIMIT}; past it a
 * call borrows memory of its own, so that one huge file does not pin its size in every async thread
 * for the life of the JVM.
 */
public abstract class Scratch {

  /** The largest block a thread keeps between calls. */
  public static final int RETAINED_LIMIT = 32 * 1024 * 1024;

  final long[] stat = new long[Abi.STAT_FIELDS];
  final long[] result = new long[2];
  final long[] length = new long[1];
  private byte[] names;

  /** A thread's memory whose names array starts at {@code initialNames} bytes. */
  protected Scratch(int initialNames) {
    this.names = new byte[initialNames];
  }

  // ---------------------------------------------------------------- the arrays, for a binding

  /** Where a successful {@code fsb_stat} leaves its fields. */
  protected final long[] statFields() {
    return stat;
  }

  /** Where a successful tree call leaves its result's address (0) and length (1). */
  protected final long[] treeResult() {
    return result;
  }

  /** Where a call with {@code *out_len} leaves it (element 0). */
  protected final long[] outLength() {
    return length;
  }

  /** The names array as it is now; a name the library returned starts at 0. */
  protected final byte[] names() {
    return names;
  }

  /** The names array, grown (doubling) to at least {@code needed} bytes. */
  protected final byte[] names(int needed) {
    if (names.length < needed) {
      names = new byte[Math.max(needed, names.length * 2)];
    }
    return names;
  }

  /**
   * The size a thread's block of {@code capacity} bytes takes to hold {@code needed}: itself if it
   * does, else doubled or {@code needed}, whichever is more (a file that grows a little between
   * reads then does not reallocate on every read), at most {@link #RETAINED_LIMIT}; -1 if {@code
   * needed} is past that limit, when the call borrows memory of its own instead.
   */
  protected static long grown(long capacity, long needed) {
    if (needed <= capacity) {
      return capacity;
    }
    if (needed > RETAINED_LIMIT) {
      return -1;
    }
    return Math.min(RETAINED_LIMIT, Math.max(needed, 2 * capacity));
  }

  // ---------------------------------------------------------------- the binding's memory

  /** How many bytes of a name the binding's name calls can return now. */
  protected abstract long nameCapacity();

  /**
   * Grows the memory names come back in to at least {@code needed} bytes; false if that is more
   * than a thread keeps, which no name comes near.
   */
  protected abstract boolean growNames(long needed);

  /**
   * Chooses the memory the next {@link Binding#readFile} reads into and returns its capacity: for
   * {@code capacity} 0, the thread's first block as it is; otherwise at least {@code capacity}
   * bytes, the thread's own block grown up to {@link #RETAINED_LIMIT}, or past it memory borrowed
   * until {@link #release()} (and freed at once when a later round borrows more).
   */
  protected abstract long useContent(long capacity);

  /** A new array of the first {@code length} bytes of the memory {@link #useContent} chose. */
  protected abstract byte[] copyContent(int length);

  /** Frees what this thread's current call borrowed; called when the call ends, however. */
  protected abstract void release();
}
