package dev.fsbench.nativefs;

/**
 * The C ABI of {@code libfsbench_native} (rust/ABI.md), bound with JNA direct mapping. Nothing here is usable until
 * {@link Library} has registered the class against a library whose ABI version it checked.
 *
 * <p>Every pointer is passed as a plain {@code long} address into native memory the caller owns ({@link Scratch},
 * {@link NativeBuffer}). Why not {@code byte[]}, {@code long[]} or a {@link java.nio.Buffer}, which direct mapping also
 * takes: JNA converts such an argument on every call (an array is copied into C memory before the call and back after
 * it, a buffer costs a lookup of its address and position), while a method whose arguments are all primitives goes
 * straight to the C function. Measured on the development machine with stat on tmpfs, 256 paths per batch (noisy,
 * shared cores; an indication, not evidence): about 490 ns per call with addresses, 600 ns with a {@code byte[]} path
 * and a {@code long[10]} out-array, 700 ns with direct buffers, against 540 ns for NIO. The price is that a wrong
 * address is a crash instead of an exception, so addresses come only from {@link Scratch} and {@link NativeBuffer},
 * and every length passed with one is that memory's capacity. A {@code long} is a pointer on the LP64 platforms the
 * build ships for (Linux x86-64 and aarch64).
 *
 * <p>Every call returns 0, a positive errno (possibly ORed with {@link #FSB_SECOND}) or one of the {@code FSB_E_*}
 * codes; {@link NativeErrors} turns them into the exceptions NIO throws.
 */
final class LibFsb {
  private LibFsb() {}

  /** The ABI this binding implements; a library that reports another one is refused. */
  static final int ABI_VERSION = 4;

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

  static native int fsb_access(long path, int mode);

  static native int fsb_exists(long path);

  static native int fsb_read_file(long path, long buf, long cap, long outLen);

  static native int fsb_write_file(long path, long data, long len);

  static native int fsb_append_file(long path, long data, long len);

  static native int fsb_truncate(long path, long length);

  static native int fsb_copy_file(long src, long dst, int flags);

  /** out: int64[10] size, mode, uid, gid, nlink, ino, dev, atime_ns, mtime_ns, ctime_ns. */
  static native int fsb_stat(long path, int follow, long out);

  static native int fsb_chmod(long path, int mode);

  static native int fsb_chown(long path, int uid, int gid);

  static native int fsb_utimes(long path, long atimeNanos, long mtimeNanos);

  static native int fsb_mkdir(long path, int mode, int recursive);

  static native int fsb_mkdtemp(long prefix, long out, long cap, long outLen);

  static native int fsb_rmdir(long path);

  static native int fsb_unlink(long path);

  static native int fsb_rename(long src, long dst);

  static native int fsb_link(long existing, long link);

  static native int fsb_symlink(long target, long link);

  static native int fsb_readlink(long path, long buf, long cap, long outLen);

  static native int fsb_realpath(long path, long buf, long cap, long outLen);

  /** out: int64[2] address and length of the result, released with {@link #fsb_free}. */
  static native int fsb_readdir(long path, int recursive, int concurrency, long out);

  static native int fsb_glob(long cwd, long patterns, long patternsLen, int flags, int concurrency, long out);

  static native int fsb_scan(long root, int flags, int concurrency, long out);

  static native int fsb_cp(long src, long dst, int flags, int concurrency);

  static native int fsb_rm(long path, int flags, int concurrency);

  /** The length of the path the calling thread's last failed tree call recorded; copies min(length, cap) bytes. */
  static native long fsb_last_error_path(long buf, long cap);

  static native void fsb_free(long address, long length);
}
