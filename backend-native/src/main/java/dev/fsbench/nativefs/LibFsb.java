package dev.fsbench.nativefs;

import java.nio.ByteBuffer;

/**
 * The C ABI of {@code libfsbench_native} (rust/ABI.md), bound with JNA direct mapping. Nothing here is usable until
 * {@link Library} has registered the class against a library whose ABI version it checked.
 *
 * <p>Why these argument types: direct mapping passes a primitive and a direct {@link ByteBuffer} straight through (the
 * buffer's address), while a primitive array is copied into C memory before the call and back after it (JNI's
 * Get/Release{@code <Type>}ArrayElements). That copy is cheap for a path (tens of bytes) or an out-array of ten longs,
 * and it is what the brief asks for paths; it would be two wasted copies of a payload, so file content always travels
 * in a direct buffer ({@link Scratch}). Every buffer passed here starts at position 0: the address JNA passes is the
 * buffer's, whatever its position.
 *
 * <p>Every call returns 0, a positive errno (possibly ORed with {@link #FSB_SECOND}) or one of the {@code FSB_E_*}
 * codes; {@link NativeErrors} turns them into the exceptions NIO throws.
 */
final class LibFsb {
  private LibFsb() {}

  /** The ABI this binding implements; a library that reports another one is refused. */
  static final int ABI_VERSION = 1;

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

  /** The length of {@code fsb_stat}'s out-array, in the order of {@link #fsb_stat}'s fields. */
  static final int STAT_FIELDS = 10;

  static native int fsb_abi_version();

  static native int fsb_access(byte[] path, int mode);

  static native int fsb_exists(byte[] path);

  static native int fsb_read_file(byte[] path, ByteBuffer buf, long cap, long[] outLen);

  static native int fsb_write_file(byte[] path, ByteBuffer data, long len);

  static native int fsb_append_file(byte[] path, ByteBuffer data, long len);

  static native int fsb_truncate(byte[] path, long length);

  static native int fsb_copy_file(byte[] src, byte[] dst, int flags);

  /** out: size, mode, uid, gid, nlink, ino, dev, atime_ns, mtime_ns, ctime_ns. */
  static native int fsb_stat(byte[] path, int follow, long[] out);

  static native int fsb_chmod(byte[] path, int mode);

  static native int fsb_chown(byte[] path, int uid, int gid);

  static native int fsb_utimes(byte[] path, long atimeNanos, long mtimeNanos);

  static native int fsb_mkdir(byte[] path, int mode, int recursive);

  static native int fsb_mkdtemp(byte[] prefix, ByteBuffer out, long cap, long[] outLen);

  static native int fsb_rmdir(byte[] path);

  static native int fsb_unlink(byte[] path);

  static native int fsb_rename(byte[] src, byte[] dst);

  static native int fsb_link(byte[] existing, byte[] link);

  static native int fsb_symlink(byte[] target, byte[] link);

  static native int fsb_readlink(byte[] path, ByteBuffer buf, long cap, long[] outLen);

  static native int fsb_realpath(byte[] path, ByteBuffer buf, long cap, long[] outLen);

  /** out: address and length of the result, released with {@link #fsb_free}. */
  static native int fsb_readdir(byte[] path, int recursive, int concurrency, long[] out);

  static native int fsb_glob(byte[] cwd, byte[] patterns, long patternsLen, int flags, int concurrency, long[] out);

  static native int fsb_scan(byte[] root, int flags, int concurrency, long[] out);

  static native int fsb_cp(byte[] src, byte[] dst, int flags, int concurrency);

  static native int fsb_rm(byte[] path, int flags, int concurrency);

  /** The length of the path the calling thread's last failed tree call recorded; copies min(length, cap) bytes. */
  static native long fsb_last_error_path(ByteBuffer buf, long cap);

  static native void fsb_free(long address, long length);
}
