package dev.fsbench.nativefs.ffm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.fsbench.nativefs.CFunction;
import dev.fsbench.nativefs.CFunction.Carrier;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The C ABI of {@code libfsbench_native} (rust/ABI.md) as FFM downcall handles. Each is made from
 * the function's one declaration in Java ({@link CFunction}, read from the JNA binding's natives,
 * {@code JnaBinding}): a {@code byte[]} or a pointer there is an {@code ADDRESS} here, an {@code
 * int} a {@code JAVA_INT}, a {@code long} a {@code JAVA_LONG}. {@link FfmBinding} keeps each handle
 * in a {@code static final} field, which the JIT treats as a constant, and says there which kind it
 * is.
 *
 * <p>Two kinds of handle:
 *
 * <ul>
 *   <li><b>Critical</b> ({@code Linker.Option.critical(true)}): the short calls, one or a few
 *       syscalls on one or two paths (access, exists, stat, chmod, chown, utimes, truncate, mkdir,
 *       mkdtemp, rmdir, unlink, rename, link, symlink, readlink, realpath, last_error_path), and
 *       the content calls of at most {@link FfmScratch#CRITICAL_CONTENT} bytes. They take heap
 *       segments ({@code MemorySegment.ofArray}) of the caller's arrays: the library reads the
 *       path's bytes and writes stat's fields straight in the Java arrays, with no copy and no
 *       native memory, and the call skips the thread's state transition. The price: while one runs,
 *       the thread cannot reach a safepoint, so a garbage collection (and anything else that stops
 *       the world) waits for it to return.
 *   <li><b>Plain</b>: the long calls, whose time grows with the data (copy_file, the tree calls
 *       readdir, glob, scan, cp and rm, and read_file, write_file and append_file past that limit)
 *       and free. Their arguments are native segments; the thread is in native state for the call,
 *       so the collector runs beside it.
 * </ul>
 *
 * Paths are NUL-terminated bytes ({@code PathBytes}), everything else as rust/ABI.md says. A heap
 * segment passed to a plain handle is an {@link IllegalArgumentException}, never a crash; a wrong
 * length passed with a segment would be a crash, so every length passed here is the segment's own
 * capacity.
 */
final class FfmLibFsb {
  private FfmLibFsb() {}

  private static final Linker LINKER = Linker.nativeLinker();
  private static final SymbolLookup LIBRARY = FfmLibrary.get().lookup();
  private static final Linker.Option CRITICAL = Linker.Option.critical(true);

  /** The C names of the critical handles, in the order {@link FfmBinding} makes them. */
  private static final List<String> CRITICAL_CALLS = new CopyOnWriteArrayList<>();

  private static final MethodHandle ABI_VERSION = plain("fsb_abi_version");

  /**
   * The C names of the calls bound as critical (read_file, write_file, append_file: small ones).
   */
  static List<String> criticalCalls() {
    return List.copyOf(CRITICAL_CALLS);
  }

  /** A critical handle of the function {@code JnaBinding} declares under {@code name}. */
  static MethodHandle critical(String name) {
    CRITICAL_CALLS.add(name);
    return handle(name, CRITICAL);
  }

  /** A plain handle of the function {@code JnaBinding} declares under {@code name}. */
  static MethodHandle plain(String name) {
    return handle(name);
  }

  @SuppressWarnings("restricted") // downcallHandle: binding the library is this class's purpose
  private static MethodHandle handle(String name, Linker.Option... options) {
    CFunction function = CFunction.named(name);
    MemorySegment symbol =
        LIBRARY
            .find(name)
            .orElseThrow(() -> new UnsatisfiedLinkError("the library exports no " + name));
    MemoryLayout[] arguments =
        function.parameters().stream().map(FfmLibFsb::layout).toArray(MemoryLayout[]::new);
    FunctionDescriptor descriptor =
        function.result() == Carrier.VOID
            ? FunctionDescriptor.ofVoid(arguments)
            : FunctionDescriptor.of(layout(function.result()), arguments);
    return LINKER.downcallHandle(symbol, descriptor, options);
  }

  private static MemoryLayout layout(Carrier carrier) {
    switch (carrier) {
      case INT:
        return JAVA_INT;
      case LONG:
        return JAVA_LONG;
      case ADDRESS:
        return ADDRESS;
      default:
        throw new IllegalArgumentException(carrier + " is no argument");
    }
  }

  /**
   * What {@code invokeExact} declares: a downcall throws nothing checked, so anything that is not
   * unchecked is a bug here.
   */
  static RuntimeException unexpected(Throwable t) {
    if (t instanceof RuntimeException) {
      return (RuntimeException) t;
    }
    if (t instanceof Error) {
      throw (Error) t;
    }
    return new IllegalStateException("a downcall threw " + t, t);
  }

  // ---------------------------------------------------------------- the one call made here

  /** {@code fsb_abi_version}, through the handle bound here: the check that binding worked. */
  static int abiVersion() {
    try {
      return (int) ABI_VERSION.invokeExact();
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }
}
