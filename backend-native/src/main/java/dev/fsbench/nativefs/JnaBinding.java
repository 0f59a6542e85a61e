package dev.fsbench.nativefs;

import com.sun.jna.Pointer;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.ByteBuffer;

/**
 * The {@link Binding} of the {@code native} backend: the C ABI of {@code libfsbench_native}
 * (rust/ABI.md) declared as {@code static native} methods, bound with JNA direct mapping ({@code
 * Native.register}), and each call of the binding one of them. Nothing here is usable until {@link
 * Library} has registered the class against a library whose ABI version it checked.
 *
 * <p>These declarations are the ABI's one description in Java: the FFM binding makes its downcall
 * handles from them ({@link CFunction}), and a test holds them to rust/src/abi.rs, function by
 * function and argument by argument.
 *
 * <p>Argument forms, chosen by what they cost in the harness's single-shot samples, where most of
 * the binding runs interpreted or C1-compiled while the JDK methods it leans on are already
 * compiled:
 *
 * <ul>
 *   <li><b>Paths are {@code byte[]}</b>, NUL-terminated UTF-8 ({@link PathBytes#argument}): {@code
 *       String.getBytes} and {@code Arrays.copyOf} are JDK code the JVM has compiled long before a
 *       benchmark starts, and JNA copies the array into C memory for the call. Writing the same
 *       bytes into per-thread native memory and passing its address measured slower in the harness
 *       (sync batch-256, 3 forks, ms a sample, byte[] against native memory): access 0.240 / 0.260,
 *       link 0.620 / 0.711, rename 0.815 / 0.838, symlink 0.615 / 0.632, stat 0.305 / 0.309,
 *       readlink 0.345 / 0.344. The old per-character {@code ByteBuffer.put} loop into native
 *       memory cost far more (access 0.508). In steady state, once everything is C2-compiled, it is
 *       the other way round by little: JNA's copy of the array costs about 40 ns a call (exists:
 *       426 ns with a {@code byte[]}, 382 ns with an address).
 *   <li><b>Out-parameters and content are addresses</b> ({@code long}) into the calling thread's
 *       {@link JnaScratch} and {@link NativeBuffer}s, read back with one bulk copy ({@code
 *       Pointer.read}, one JNI call): a {@code long[10]} for stat would be copied into C memory and
 *       back on every call, and reading ten fields one {@code getLong} at a time cost more than
 *       both (single-shot, median of 30 fresh JVMs: 1.45 us a stat, 1.60 with a {@code long[10]},
 *       1.78 with ten {@code getLong}s).
 * </ul>
 *
 * <p>Whatever the arguments, JNA's own dispatch (an ffi closure, {@code ffi_call}, the last-error
 * bookkeeping) costs, measured in steady state, 42 ns a call with no argument, 55 ns with one and
 * about 16 ns for each further one (105 ns with four, libc functions that do nothing), plus about
 * 32 ns for each {@code byte[]} of 100 bytes it copies, against 10 ns for a plain JNI method (JNA's
 * own {@code Pointer.getLong}); {@code access(2)} called through JNA costs 400 ns where NIO's whole
 * {@code access} of the same path costs 310 ns. That is the price of JNA, and the single-path
 * families pay it once per call.
 *
 * <p>A wrong address is a crash instead of an exception, so addresses come only from {@link
 * JnaScratch} and {@link NativeBuffer}, and every length passed with one is that memory's capacity.
 * A {@code long} is a pointer on the LP64 platforms the build ships for (Linux x86-64 and aarch64).
 * A null {@code byte[]} reaches the library as a null pointer, which it answers with EINVAL.
 *
 * <p>Every call returns 0, a positive errno (possibly ORed with {@link Abi#FSB_SECOND}) or one of
 * the {@code FSB_E_*} codes; {@link NativeErrors} turns them into the exceptions NIO throws.
 */
final class JnaBinding implements Binding {

  /** The one instance; loaded only when a {@code native} backend is created. */
  static final JnaBinding INSTANCE = new JnaBinding();

  private JnaBinding() {}

  /**
   * A {@code long} parameter that C declares as a pointer. JNA passes either as a 64-bit integer;
   * the FFM binding, which makes its handles from these declarations ({@link CFunction}), passes it
   * as an address, which can be a heap segment.
   */
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.PARAMETER)
  @interface Address {}

  @Override
  public int access(byte[] path, int mode) {
    return fsb_access(path, mode);
  }

  @Override
  public int exists(byte[] path) {
    return fsb_exists(path);
  }

  @Override
  public Scratch scratch() {
    return JnaScratch.LOCAL.get();
  }

  @Override
  public int stat(Scratch scratch, byte[] path, int follow) {
    JnaScratch s = (JnaScratch) scratch;
    return s.statRead(fsb_stat(path, follow, s.statOut()));
  }

  @Override
  public int chmod(byte[] path, int mode) {
    return fsb_chmod(path, mode);
  }

  @Override
  public int chown(byte[] path, int uid, int gid) {
    return fsb_chown(path, uid, gid);
  }

  @Override
  public int utimes(byte[] path, long atimeNanos, long mtimeNanos) {
    return fsb_utimes(path, atimeNanos, mtimeNanos);
  }

  @Override
  public int truncate(byte[] path, long length) {
    return fsb_truncate(path, length);
  }

  @Override
  public int mkdir(byte[] path, int mode, int recursive) {
    return fsb_mkdir(path, mode, recursive);
  }

  @Override
  public int rmdir(byte[] path) {
    return fsb_rmdir(path);
  }

  @Override
  public int unlink(byte[] path) {
    return fsb_unlink(path);
  }

  @Override
  public int rename(byte[] source, byte[] target) {
    return fsb_rename(source, target);
  }

  @Override
  public int link(byte[] existing, byte[] link) {
    return fsb_link(existing, link);
  }

  @Override
  public int symlink(byte[] target, byte[] link) {
    return fsb_symlink(target, link);
  }

  @Override
  public int readFile(Scratch scratch, byte[] path) {
    JnaScratch s = (JnaScratch) scratch;
    NativeBuffer buf = s.current();
    return s.lengthRead(fsb_read_file(path, buf.address(), buf.capacity(), s.lengthOut()));
  }

  /**
   * Copies {@code data} into this thread's content block (or borrowed memory) and writes or appends
   * it. Content goes through native memory rather than as a {@code byte[]} argument: JNA would copy
   * an array into C memory and back after the call, twice the bytes, into memory it allocates on
   * every call (8 MiB for the largest case).
   */
  @Override
  public int writeFile(byte[] path, byte[] data, boolean append) {
    NativeBuffer own = JnaScratch.LOCAL.get().contentBlock(data.length);
    if (own != null) {
      own.write(0, data);
      return write(path, own.address(), data.length, append);
    }
    try (NativeBuffer borrowed = NativeBuffer.borrow(data.length)) {
      borrowed.write(0, data);
      return write(path, borrowed.address(), data.length, append);
    }
  }

  private static int write(byte[] path, long data, long length, boolean append) {
    return append ? fsb_append_file(path, data, length) : fsb_write_file(path, data, length);
  }

  @Override
  public int copyFile(byte[] source, byte[] target, int flags) {
    return fsb_copy_file(source, target, flags);
  }

  @Override
  public int readlink(Scratch scratch, byte[] path) {
    JnaScratch s = (JnaScratch) scratch;
    NativeBuffer buf = s.contentBlock();
    return s.nameRead(fsb_readlink(path, buf.address(), buf.capacity(), s.lengthOut()));
  }

  @Override
  public int realpath(Scratch scratch, byte[] path) {
    JnaScratch s = (JnaScratch) scratch;
    NativeBuffer buf = s.contentBlock();
    return s.nameRead(fsb_realpath(path, buf.address(), buf.capacity(), s.lengthOut()));
  }

  @Override
  public int mkdtemp(Scratch scratch, byte[] prefix) {
    JnaScratch s = (JnaScratch) scratch;
    NativeBuffer buf = s.contentBlock();
    return s.nameRead(fsb_mkdtemp(prefix, buf.address(), buf.capacity(), s.lengthOut()));
  }

  @Override
  public int lines(Scratch scratch, byte[] path, long from, int count, long limit) {
    JnaScratch s = (JnaScratch) scratch;
    return s.resultRead(fsb_lines(path, from, count, limit, s.resultOut()));
  }

  @Override
  public int readdir(Scratch scratch, byte[] path, int recursive, int concurrency) {
    JnaScratch s = (JnaScratch) scratch;
    return s.resultRead(fsb_readdir(path, recursive, concurrency, s.resultOut()));
  }

  @Override
  public int glob(Scratch scratch, byte[] cwd, byte[] patterns, int flags, int concurrency) {
    JnaScratch s = (JnaScratch) scratch;
    return s.resultRead(
        fsb_glob(cwd, patterns, patterns.length, flags, concurrency, s.resultOut()));
  }

  @Override
  public int scan(Scratch scratch, byte[] root, int flags, int concurrency) {
    JnaScratch s = (JnaScratch) scratch;
    return s.resultRead(fsb_scan(root, flags, concurrency, s.resultOut()));
  }

  @Override
  public int cp(byte[] source, byte[] target, int flags, int concurrency) {
    return fsb_cp(source, target, flags, concurrency);
  }

  @Override
  public int rm(byte[] path, int flags, int concurrency) {
    return fsb_rm(path, flags, concurrency);
  }

  @Override
  public long lastErrorPath(Scratch scratch) {
    JnaScratch s = (JnaScratch) scratch;
    NativeBuffer buf = s.contentBlock();
    return s.lastErrorPathRead(fsb_last_error_path(buf.address(), buf.capacity()));
  }

  @Override
  public ByteBuffer view(long address, long length) {
    return new Pointer(address).getByteBuffer(0, length);
  }

  @Override
  public void free(long address, long length) {
    fsb_free(address, length);
  }

  // ---------------------------------------------------------------- the C functions

  static native int fsb_abi_version();

  static native int fsb_access(byte[] path, int mode);

  static native int fsb_exists(byte[] path);

  static native int fsb_read_file(byte[] path, @Address long buf, long cap, @Address long outLen);

  static native int fsb_write_file(byte[] path, @Address long data, long len);

  static native int fsb_append_file(byte[] path, @Address long data, long len);

  static native int fsb_truncate(byte[] path, long length);

  static native int fsb_copy_file(byte[] src, byte[] dst, int flags);

  /** out: int64[10] size, mode, uid, gid, nlink, ino, dev, atime_ns, mtime_ns, ctime_ns. */
  static native int fsb_stat(byte[] path, int follow, @Address long out);

  static native int fsb_chmod(byte[] path, int mode);

  static native int fsb_chown(byte[] path, int uid, int gid);

  static native int fsb_utimes(byte[] path, long atimeNanos, long mtimeNanos);

  static native int fsb_mkdir(byte[] path, int mode, int recursive);

  static native int fsb_mkdtemp(byte[] prefix, @Address long out, long cap, @Address long outLen);

  static native int fsb_rmdir(byte[] path);

  static native int fsb_unlink(byte[] path);

  static native int fsb_rename(byte[] src, byte[] dst);

  static native int fsb_link(byte[] existing, byte[] link);

  static native int fsb_symlink(byte[] target, byte[] link);

  static native int fsb_readlink(byte[] path, @Address long buf, long cap, @Address long outLen);

  static native int fsb_realpath(byte[] path, @Address long buf, long cap, @Address long outLen);

  /**
   * out: int64[2] address and length of the lines, each a little-endian uint32 length and its
   * bytes, released with {@link #fsb_free}.
   */
  static native int fsb_lines(byte[] path, long from, int count, long limit, @Address long out);

  /** out: int64[2] address and length of the result, released with {@link #fsb_free}. */
  static native int fsb_readdir(byte[] path, int recursive, int concurrency, @Address long out);

  /** patterns: each pattern's UTF-8 bytes and a NUL, back to back ({@link PathBytes#patterns}). */
  static native int fsb_glob(
      byte[] cwd, byte[] patterns, long patternsLen, int flags, int concurrency, @Address long out);

  static native int fsb_scan(byte[] root, int flags, int concurrency, @Address long out);

  static native int fsb_cp(byte[] src, byte[] dst, int flags, int concurrency);

  static native int fsb_rm(byte[] path, int flags, int concurrency);

  /**
   * The floor: {@code count} calls of the work of the ABI call named {@code call} ({@code
   * "fsb_stat"}, NUL-terminated), looped and timed inside the library (rust/ABI.md, "The floor").
   * Every pointer is an address into memory the caller owns: paths packed (each NUL-terminated),
   * args int64[4], data, out, results (per call, as ABI.md's table says), report int64[2] (elapsed
   * nanoseconds, calls completed).
   */
  static native int fsb_floor(
      byte[] call,
      int count,
      @Address long paths,
      long pathsLen,
      @Address long args,
      @Address long data,
      long dataLen,
      @Address long out,
      long outCap,
      @Address long results,
      @Address long report);

  /**
   * Runs a tool as a whole process, timed: argv packed (each word NUL-terminated); report int64[2]
   * (elapsed nanoseconds, exit status).
   */
  static native int fsb_floor_tool(@Address long argv, long argvLen, @Address long report);

  /**
   * The length of the path the calling thread's last failed tree call recorded; copies min(length,
   * cap) bytes.
   */
  static native long fsb_last_error_path(@Address long buf, long cap);

  static native void fsb_free(long address, long length);
}
