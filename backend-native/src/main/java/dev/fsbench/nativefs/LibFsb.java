package dev.fsbench.nativefs;

import java.nio.file.Path;

/**
 * The library's calls as JNI native methods, bound by name to the {@code Java_dev_fsbench_nativefs_LibFsb_*} functions
 * of {@code libfsbench_native} (rust/src/jni.rs, rust/ABI.md "JNI entry points"). Nothing here is usable until {@link
 * Library} has loaded a library whose ABI version and symbols it checked.
 *
 * <p>Paths are passed as the {@link Path} objects themselves: the library reads the bytes NIO holds for them, or, where
 * it cannot, encodes their {@code toString()} to UTF-8 (see {@link #fsb_bind_path_bytes}). Out-parameters are {@code
 * long[]} arrays; content and tree results travel through native memory the caller owns ({@link Scratch}, {@link
 * NativeBuffer}) or the library hands over, by address. Why this shape, and not JNA's direct mapping of the C ABI with
 * paths encoded in Java (what the binding first did): on the single-path families, where NIO's whole call costs a few
 * hundred nanoseconds, JNA's dispatch added about 100 ns to every call, and encoding a path in Java cost more than the
 * syscall while that code was still interpreted or C1-compiled, which is where the harness's single-shot samples run
 * (measurements in rust/src/jni.rs). A JNI method costs what NIO's own natives cost, and the library's work is
 * compiled code from the first call. JNA still finds, extracts and checks the library and provides the native memory.
 *
 * <p>A wrong address is a crash instead of an exception, so addresses come only from {@link Scratch}, {@link
 * NativeBuffer} and the library's own results, and every length passed with one is that memory's capacity. A {@code
 * long} is a pointer on the LP64 platforms the build ships for (Linux x86-64 and aarch64).
 *
 * <p>Every call returns 0, a positive errno (possibly ORed with {@link #FSB_SECOND}) or one of the {@code FSB_E_*}
 * codes, except those that return a {@code byte[]}: null on failure, and {@link #fsb_last_result} then gives the code.
 * {@link NativeErrors} turns codes into the exceptions NIO throws.
 */
final class LibFsb {
  private LibFsb() {}

  /** The ABI this binding implements; a library that reports another one is refused. */
  static final int ABI_VERSION = 3;

  static final String LIBRARY_NAME = "fsbench_native";

  /** ORed into the errno of a two-path call when the failure concerns the second path. */
  static final int FSB_SECOND = 0x10000;

  /** A Rust panic was caught at the boundary. */
  static final int FSB_E_PANIC = -1;

  /** The caller's buffer is too small; {@code *out_len} holds the size needed. */
  static final int FSB_E_RANGE = -2;

  /** glob got a malformed or absolute pattern, which {@link #fsb_last_error_path} returns. */
  static final int FSB_E_INVAL_PATTERN = -3;

  // access modes
  static final int R_OK = 4;
  static final int W_OK = 2;
  static final int X_OK = 1;
  static final int F_OK = 0;

  // copy_file flags
  static final int COPY_REPLACE = 1;
  static final int COPY_PRESERVE = 2;
  static final int COPY_CLONE = 4;

  // glob flags
  static final int GLOB_DIRECTORIES = 1;
  static final int GLOB_DOT = 2;

  // scan flags
  static final int SCAN_FOLLOW = 1;
  static final int SCAN_DIRECTORIES = 2;

  // cp flags
  static final int CP_PRESERVE_TIMESTAMPS = 1;
  static final int CP_OVERWRITE = 2;

  // rm flags
  static final int RM_RECURSIVE = 1;
  static final int RM_FORCE = 2;

  // fsb_stat out[] indexes
  static final int STAT_FIELDS = 10;
  static final int STAT_SIZE = 0;
  static final int STAT_MODE = 1;
  static final int STAT_UID = 2;
  static final int STAT_GID = 3;
  static final int STAT_NLINK = 4;
  static final int STAT_INO = 5;
  static final int STAT_DEV = 6;
  static final int STAT_ATIME = 7;
  static final int STAT_MTIME = 8;
  static final int STAT_CTIME = 9;

  static native int fsb_abi_version();

  /**
   * Lets the library read path arguments from the bytes {@code sun.nio.fs.UnixPath} holds, if, for {@code probe}, they
   * are exactly {@code expected}: 1 if bound, 0 if paths go through {@code toString()} (see rust/src/jni.rs).
   */
  static native int fsb_bind_path_bytes(Path probe, byte[] expected);

  static native int fsb_access(Path path, int mode);

  static native int fsb_exists(Path path);

  /** outLen: long[1], the length read, or the size needed with {@link #FSB_E_RANGE}. */
  static native int fsb_read_file(Path path, long buf, long cap, long[] outLen);

  static native int fsb_write_file(Path path, long data, long len);

  static native int fsb_append_file(Path path, long data, long len);

  static native int fsb_truncate(Path path, long length);

  static native int fsb_copy_file(Path src, Path dst, int flags);

  /** out: long[{@link #STAT_FIELDS}] size, mode, uid, gid, nlink, ino, dev, atime_ns, mtime_ns, ctime_ns. */
  static native int fsb_stat(Path path, int follow, long[] out);

  static native int fsb_chmod(Path path, int mode);

  static native int fsb_chown(Path path, int uid, int gid);

  static native int fsb_utimes(Path path, long atimeNanos, long mtimeNanos);

  static native int fsb_mkdir(Path path, int mode, int recursive);

  /** The created directory's path (the prefix taken verbatim), or null: see {@link #fsb_last_result}. */
  static native byte[] fsb_mkdtemp(Path prefix);

  static native int fsb_rmdir(Path path);

  static native int fsb_unlink(Path path);

  static native int fsb_rename(Path src, Path dst);

  static native int fsb_link(Path existing, Path link);

  /** The target is stored verbatim (the empty target stays empty). */
  static native int fsb_symlink(Path target, Path link);

  /** The link's stored target, or null: see {@link #fsb_last_result}. */
  static native byte[] fsb_readlink(Path path);

  /**
   * The canonical absolute path; empty when it is {@code path} itself, byte for byte; null on failure: see {@link
   * #fsb_last_result}.
   */
  static native byte[] fsb_realpath(Path path);

  /** out: long[2] address and length of the result, released with {@link #fsb_free}. */
  static native int fsb_readdir(Path path, int recursive, int concurrency, long[] out);

  static native int fsb_glob(Path cwd, long patterns, long patternsLen, int flags, int concurrency, long[] out);

  static native int fsb_scan(Path root, int flags, int concurrency, long[] out);

  static native int fsb_cp(Path src, Path dst, int flags, int concurrency);

  static native int fsb_rm(Path path, int flags, int concurrency);

  /** The length of the path the calling thread's last failed tree call recorded; copies min(length, cap) bytes. */
  static native long fsb_last_error_path(long buf, long cap);

  static native void fsb_free(long address, long length);

  /** The code of the calling thread's last call that returned a null {@code byte[]}. */
  static native int fsb_last_result();
}
