package dev.fsbench.nativefs.ffm;

import static dev.fsbench.nativefs.ffm.FfmLibFsb.unexpected;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.fsbench.nativefs.Binding;
import dev.fsbench.nativefs.Scratch;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;

/**
 * The {@link Binding} of the {@code native-ffm} backend: each call one invocation of a downcall
 * handle made by {@link FfmLibFsb}, critical or plain as the call is short or long.
 *
 * <p>A short call passes heap segments to a critical handle: the path's bytes where the backend
 * encoded them (the bytes the path holds, a name that is not UTF-8 included), and this thread's
 * arrays ({@link FfmScratch}) for what the library writes back, read where it wrote them. A long
 * call (a copy, a tree, content past {@link FfmScratch#CRITICAL_CONTENT}) copies its arguments into
 * a confined arena of its own and runs plain, so that a collection is never held up by it. A read
 * is critical into the heap block first; a larger file makes the library answer {@code FSB_E_RANGE}
 * with its size before it reads a byte, and the backend's next round gets off-heap memory ({@link
 * FfmScratch#useContent}), read plain.
 */
final class FfmBinding implements Binding {

  // The handles, each of the function JnaBinding declares under that name: critical for the short
  // calls, plain for those whose time grows with the data, both for content (FfmLibFsb says why).
  private static final MethodHandle ACCESS = FfmLibFsb.critical("fsb_access");
  private static final MethodHandle EXISTS = FfmLibFsb.critical("fsb_exists");
  private static final MethodHandle READ_FILE_CRITICAL = FfmLibFsb.critical("fsb_read_file");
  private static final MethodHandle READ_FILE = FfmLibFsb.plain("fsb_read_file");
  private static final MethodHandle WRITE_FILE_CRITICAL = FfmLibFsb.critical("fsb_write_file");
  private static final MethodHandle WRITE_FILE = FfmLibFsb.plain("fsb_write_file");
  private static final MethodHandle APPEND_FILE_CRITICAL = FfmLibFsb.critical("fsb_append_file");
  private static final MethodHandle APPEND_FILE = FfmLibFsb.plain("fsb_append_file");
  private static final MethodHandle TRUNCATE = FfmLibFsb.critical("fsb_truncate");
  private static final MethodHandle STAT = FfmLibFsb.critical("fsb_stat");
  private static final MethodHandle CHMOD = FfmLibFsb.critical("fsb_chmod");
  private static final MethodHandle CHOWN = FfmLibFsb.critical("fsb_chown");
  private static final MethodHandle UTIMES = FfmLibFsb.critical("fsb_utimes");
  private static final MethodHandle MKDIR = FfmLibFsb.critical("fsb_mkdir");
  private static final MethodHandle MKDTEMP = FfmLibFsb.critical("fsb_mkdtemp");
  private static final MethodHandle RMDIR = FfmLibFsb.critical("fsb_rmdir");
  private static final MethodHandle UNLINK = FfmLibFsb.critical("fsb_unlink");
  private static final MethodHandle RENAME = FfmLibFsb.critical("fsb_rename");
  private static final MethodHandle LINK = FfmLibFsb.critical("fsb_link");
  private static final MethodHandle SYMLINK = FfmLibFsb.critical("fsb_symlink");
  private static final MethodHandle READLINK = FfmLibFsb.critical("fsb_readlink");
  private static final MethodHandle REALPATH = FfmLibFsb.critical("fsb_realpath");
  private static final MethodHandle LAST_ERROR_PATH = FfmLibFsb.critical("fsb_last_error_path");
  private static final MethodHandle COPY_FILE = FfmLibFsb.plain("fsb_copy_file");
  private static final MethodHandle LINES = FfmLibFsb.plain("fsb_lines");
  private static final MethodHandle READDIR = FfmLibFsb.plain("fsb_readdir");
  private static final MethodHandle GLOB = FfmLibFsb.plain("fsb_glob");
  private static final MethodHandle SCAN = FfmLibFsb.plain("fsb_scan");
  private static final MethodHandle CP = FfmLibFsb.plain("fsb_cp");
  private static final MethodHandle RM = FfmLibFsb.plain("fsb_rm");
  private static final MethodHandle FREE = FfmLibFsb.plain("fsb_free");

  /** The one instance; loaded only when a {@code native-ffm} backend is created. */
  static final FfmBinding INSTANCE = new FfmBinding();

  private FfmBinding() {}

  @Override
  public Scratch scratch() {
    return FfmScratch.LOCAL.get();
  }

  // ---------------------------------------------------------------- short calls, critical

  @Override
  public int access(byte[] path, int mode) {
    try {
      return (int) ACCESS.invokeExact(MemorySegment.ofArray(path), mode);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  @Override
  public int exists(byte[] path) {
    try {
      return (int) EXISTS.invokeExact(MemorySegment.ofArray(path));
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  @Override
  public int stat(Scratch scratch, byte[] path, int follow) {
    FfmScratch s = (FfmScratch) scratch;
    try {
      return (int) STAT.invokeExact(MemorySegment.ofArray(path), follow, s.statOut());
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  @Override
  public int chmod(byte[] path, int mode) {
    try {
      return (int) CHMOD.invokeExact(MemorySegment.ofArray(path), mode);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  @Override
  public int chown(byte[] path, int uid, int gid) {
    try {
      return (int) CHOWN.invokeExact(MemorySegment.ofArray(path), uid, gid);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  @Override
  public int utimes(byte[] path, long atimeNanos, long mtimeNanos) {
    try {
      return (int) UTIMES.invokeExact(MemorySegment.ofArray(path), atimeNanos, mtimeNanos);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  @Override
  public int truncate(byte[] path, long length) {
    try {
      return (int) TRUNCATE.invokeExact(MemorySegment.ofArray(path), length);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  @Override
  public int mkdir(byte[] path, int mode, int recursive) {
    try {
      return (int) MKDIR.invokeExact(MemorySegment.ofArray(path), mode, recursive);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  @Override
  public int rmdir(byte[] path) {
    try {
      return (int) RMDIR.invokeExact(MemorySegment.ofArray(path));
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  @Override
  public int unlink(byte[] path) {
    try {
      return (int) UNLINK.invokeExact(MemorySegment.ofArray(path));
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  @Override
  public int rename(byte[] source, byte[] target) {
    try {
      return (int) RENAME.invokeExact(MemorySegment.ofArray(source), MemorySegment.ofArray(target));
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  @Override
  public int link(byte[] existing, byte[] link) {
    try {
      return (int) LINK.invokeExact(MemorySegment.ofArray(existing), MemorySegment.ofArray(link));
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  @Override
  public int symlink(byte[] target, byte[] link) {
    try {
      return (int) SYMLINK.invokeExact(MemorySegment.ofArray(target), MemorySegment.ofArray(link));
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  @Override
  public int readlink(Scratch scratch, byte[] path) {
    FfmScratch s = (FfmScratch) scratch;
    try {
      return (int)
          READLINK.invokeExact(
              MemorySegment.ofArray(path),
              s.namesSegment(),
              s.namesSegment().byteSize(),
              s.lengthOut());
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  @Override
  public int realpath(Scratch scratch, byte[] path) {
    FfmScratch s = (FfmScratch) scratch;
    try {
      return (int)
          REALPATH.invokeExact(
              MemorySegment.ofArray(path),
              s.namesSegment(),
              s.namesSegment().byteSize(),
              s.lengthOut());
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  @Override
  public int mkdtemp(Scratch scratch, byte[] prefix) {
    FfmScratch s = (FfmScratch) scratch;
    try {
      return (int)
          MKDTEMP.invokeExact(
              MemorySegment.ofArray(prefix),
              s.namesSegment(),
              s.namesSegment().byteSize(),
              s.lengthOut());
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  @Override
  public long lastErrorPath(Scratch scratch) {
    FfmScratch s = (FfmScratch) scratch;
    try {
      return (long) LAST_ERROR_PATH.invokeExact(s.namesSegment(), s.namesSegment().byteSize());
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  // ---------------------------------------------------------------- content: critical up to 64 KiB

  /**
   * Critical into the heap block when the backend's round chose it, else plain into off-heap memory
   * with the path copied off the heap too (a plain call takes no heap segment).
   */
  @Override
  public int readFile(Scratch scratch, byte[] path) {
    FfmScratch s = (FfmScratch) scratch;
    MemorySegment buf = s.current();
    try {
      if (!buf.isNative()) {
        return (int)
            READ_FILE_CRITICAL.invokeExact(
                MemorySegment.ofArray(path), buf, buf.byteSize(), s.lengthOut());
      }
      MemorySegment length = s.offHeapLength();
      return s.lengthRead(
          (int) READ_FILE.invokeExact(s.offHeapArgument(path), buf, buf.byteSize(), length),
          length);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  /**
   * Up to {@link FfmScratch#CRITICAL_CONTENT} bytes, a critical call reads {@code data} where it
   * is; more, and the bytes are copied into this thread's off-heap block (or memory borrowed for
   * the call) for a plain call, which a collection does not wait for.
   */
  @Override
  public int writeFile(byte[] path, byte[] data, boolean append) {
    try {
      if (data.length <= FfmScratch.CRITICAL_CONTENT) {
        MemorySegment p = MemorySegment.ofArray(path);
        MemorySegment d = MemorySegment.ofArray(data);
        return append
            ? (int) APPEND_FILE_CRITICAL.invokeExact(p, d, (long) data.length)
            : (int) WRITE_FILE_CRITICAL.invokeExact(p, d, (long) data.length);
      }
      try (Arena arena = Arena.ofConfined()) {
        MemorySegment buf = FfmScratch.LOCAL.get().offHeap(data.length);
        if (buf == null) {
          buf = arena.allocate(data.length, Long.BYTES);
        }
        MemorySegment.copy(data, 0, buf, JAVA_BYTE, 0, data.length);
        MemorySegment p = arena.allocateFrom(JAVA_BYTE, path);
        return append
            ? (int) APPEND_FILE.invokeExact(p, buf, (long) data.length)
            : (int) WRITE_FILE.invokeExact(p, buf, (long) data.length);
      }
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  // ---------------------------------------------------------------- long calls, plain

  /** Plain: a copy's time grows with the file (copy_file_range, or read and write). */
  @Override
  public int copyFile(byte[] source, byte[] target, int flags) {
    try (Arena call = Arena.ofConfined()) {
      return (int)
          COPY_FILE.invokeExact(
              call.allocateFrom(JAVA_BYTE, source), call.allocateFrom(JAVA_BYTE, target), flags);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  @Override
  public int lines(Scratch scratch, byte[] path, long from, int count, long limit) {
    try (Arena call = Arena.ofConfined()) {
      MemorySegment out = call.allocate(JAVA_LONG, 2);
      return result(
          scratch,
          (int) LINES.invokeExact(call.allocateFrom(JAVA_BYTE, path), from, count, limit, out),
          out);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  @Override
  public int readdir(Scratch scratch, byte[] path, int recursive, int concurrency) {
    try (Arena call = Arena.ofConfined()) {
      MemorySegment out = call.allocate(JAVA_LONG, 2);
      return result(
          scratch,
          (int)
              READDIR.invokeExact(call.allocateFrom(JAVA_BYTE, path), recursive, concurrency, out),
          out);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  @Override
  public int glob(Scratch scratch, byte[] cwd, byte[] patterns, int flags, int concurrency) {
    try (Arena call = Arena.ofConfined()) {
      MemorySegment out = call.allocate(JAVA_LONG, 2);
      return result(
          scratch,
          (int)
              GLOB.invokeExact(
                  call.allocateFrom(JAVA_BYTE, cwd),
                  call.allocateFrom(JAVA_BYTE, patterns),
                  (long) patterns.length,
                  flags,
                  concurrency,
                  out),
          out);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  @Override
  public int scan(Scratch scratch, byte[] root, int flags, int concurrency) {
    try (Arena call = Arena.ofConfined()) {
      MemorySegment out = call.allocate(JAVA_LONG, 2);
      return result(
          scratch,
          (int) SCAN.invokeExact(call.allocateFrom(JAVA_BYTE, root), flags, concurrency, out),
          out);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  /** {@code result} of a tree call; on 0, the address and length in {@code out} copied first. */
  private static int result(Scratch scratch, int result, MemorySegment out) {
    if (result == 0) {
      FfmScratch s = (FfmScratch) scratch;
      s.treeResultFrom(out.getAtIndex(JAVA_LONG, 0), out.getAtIndex(JAVA_LONG, 1));
    }
    return result;
  }

  @Override
  public int cp(byte[] source, byte[] target, int flags, int concurrency) {
    try (Arena call = Arena.ofConfined()) {
      return (int)
          CP.invokeExact(
              call.allocateFrom(JAVA_BYTE, source),
              call.allocateFrom(JAVA_BYTE, target),
              flags,
              concurrency);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  @Override
  public int rm(byte[] path, int flags, int concurrency) {
    try (Arena call = Arena.ofConfined()) {
      return (int) RM.invokeExact(call.allocateFrom(JAVA_BYTE, path), flags, concurrency);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }

  /** The library says how long its buffer is: {@code reinterpret} to that length. */
  @Override
  @SuppressWarnings("restricted")
  public ByteBuffer view(long address, long length) {
    return MemorySegment.ofAddress(address).reinterpret(length).asByteBuffer();
  }

  @Override
  public void free(long address, long length) {
    try {
      FREE.invokeExact(address, length);
    } catch (Throwable t) {
      throw unexpected(t);
    }
  }
}
