package dev.fsbench.nativefs.ffm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * The C ABI of {@code libfsbench_native} (rust/ABI.md) as FFM downcall handles, each made once, in
 * a {@code static final} field the JIT treats as a constant, and called by {@link FfmBinding}, one
 * method of the binding per C function.
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

  /** The C names of the critical handles, in the order they are made. */
  private static final List<String> CRITICAL_CALLS = new ArrayList<>();

  private static final MethodHandle ABI_VERSION = plain("fsb_abi_version", JAVA_INT);
  static final MethodHandle ACCESS = critical("fsb_access", JAVA_INT, ADDRESS, JAVA_INT);
  static final MethodHandle EXISTS = critical("fsb_exists", JAVA_INT, ADDRESS);
  static final MethodHandle READ_FILE_CRITICAL =
      critical("fsb_read_file", JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS);
  static final MethodHandle READ_FILE =
      plain("fsb_read_file", JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS);
  static final MethodHandle WRITE_FILE_CRITICAL =
      critical("fsb_write_file", JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG);
  static final MethodHandle WRITE_FILE =
      plain("fsb_write_file", JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG);
  static final MethodHandle APPEND_FILE_CRITICAL =
      critical("fsb_append_file", JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG);
  static final MethodHandle APPEND_FILE =
      plain("fsb_append_file", JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG);
  static final MethodHandle TRUNCATE = critical("fsb_truncate", JAVA_INT, ADDRESS, JAVA_LONG);
  static final MethodHandle COPY_FILE =
      plain("fsb_copy_file", JAVA_INT, ADDRESS, ADDRESS, JAVA_INT);
  static final MethodHandle STAT = critical("fsb_stat", JAVA_INT, ADDRESS, JAVA_INT, ADDRESS);
  static final MethodHandle CHMOD = critical("fsb_chmod", JAVA_INT, ADDRESS, JAVA_INT);
  static final MethodHandle CHOWN = critical("fsb_chown", JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT);
  static final MethodHandle UTIMES =
      critical("fsb_utimes", JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG);
  static final MethodHandle MKDIR = critical("fsb_mkdir", JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT);
  static final MethodHandle MKDTEMP =
      critical("fsb_mkdtemp", JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS);
  static final MethodHandle RMDIR = critical("fsb_rmdir", JAVA_INT, ADDRESS);
  static final MethodHandle UNLINK = critical("fsb_unlink", JAVA_INT, ADDRESS);
  static final MethodHandle RENAME = critical("fsb_rename", JAVA_INT, ADDRESS, ADDRESS);
  static final MethodHandle LINK = critical("fsb_link", JAVA_INT, ADDRESS, ADDRESS);
  static final MethodHandle SYMLINK = critical("fsb_symlink", JAVA_INT, ADDRESS, ADDRESS);
  static final MethodHandle READLINK =
      critical("fsb_readlink", JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS);
  static final MethodHandle REALPATH =
      critical("fsb_realpath", JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS);
  static final MethodHandle LINES =
      plain("fsb_lines", JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_LONG, ADDRESS);
  static final MethodHandle READDIR =
      plain("fsb_readdir", JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS);
  static final MethodHandle GLOB =
      plain("fsb_glob", JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_INT, ADDRESS);
  static final MethodHandle SCAN =
      plain("fsb_scan", JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS);
  static final MethodHandle CP = plain("fsb_cp", JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, JAVA_INT);
  static final MethodHandle RM = plain("fsb_rm", JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT);
  static final MethodHandle LAST_ERROR_PATH =
      critical("fsb_last_error_path", JAVA_LONG, ADDRESS, JAVA_LONG);
  static final MethodHandle FREE = plainVoid("fsb_free", JAVA_LONG, JAVA_LONG);

  /**
   * The C names of the calls bound as critical (read_file, write_file, append_file: small ones).
   */
  static List<String> criticalCalls() {
    return List.copyOf(CRITICAL_CALLS);
  }

  @SuppressWarnings("restricted") // downcallHandle: binding the library is this class's purpose
  private static MethodHandle handle(
      String name, FunctionDescriptor descriptor, Linker.Option... options) {
    MemorySegment symbol =
        LIBRARY
            .find(name)
            .orElseThrow(() -> new UnsatisfiedLinkError("the library exports no " + name));
    return LINKER.downcallHandle(symbol, descriptor, options);
  }

  private static MethodHandle critical(String name, MemoryLayout result, MemoryLayout... args) {
    CRITICAL_CALLS.add(name);
    return handle(name, FunctionDescriptor.of(result, args), CRITICAL);
  }

  private static MethodHandle plain(String name, MemoryLayout result, MemoryLayout... args) {
    return handle(name, FunctionDescriptor.of(result, args));
  }

  private static MethodHandle plainVoid(String name, MemoryLayout... args) {
    return handle(name, FunctionDescriptor.ofVoid(args));
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
