package dev.fsbench.nativefs;

import java.nio.ByteBuffer;

/**
 * The C ABI of {@code libfsbench_native} (rust/ABI.md) as Java calls: what a way of calling the
 * library implements, and all that {@link LibraryBackend} asks of it. Two implement it, each in the
 * jar that can load it: JNA direct mapping in this one ({@code JnaBinding}, backend {@code
 * native}), the FFM API in backend-native-ffm ({@code dev.fsbench.nativefs.ffm.FfmBinding}, backend
 * {@code native-ffm}). Everything else, the families' argument checks, the path encoding, which
 * call serves a family, the errno translation and the decoding of results, is {@link
 * LibraryBackend}'s, written once for both.
 *
 * <p>Paths are NUL-terminated bytes ({@link PathBytes}); every call returns what its C function
 * returns (0, an errno, possibly ORed with {@code FSB_SECOND}, or an {@code FSB_E_*} code). What a
 * call writes back goes to the calling thread's {@link Scratch}, which the binding makes ({@link
 * #scratch()}) and the backend reads: stat's fields, {@code *out_len}, a returned name, a tree
 * call's result buffer, a file's content. How the binding moves those bytes (native memory and one
 * bulk copy for JNA, Java arrays read in place by critical calls for FFM) is its own choice, and so
 * is which memory content travels in.
 *
 * <p>An implementation is one stateless instance per JVM: the backend keeps it in a final field and
 * calls it through this interface. A benchmark fork creates one backend, so only one implementation
 * is ever loaded there: the JIT binds every call here to it, and C2 inlines it (see {@link
 * LibraryBackend}).
 */
public interface Binding {

  /**
   * The version of rust/ABI.md these calls follow; a library that reports another is refused. A
   * function added to the ABI leaves it as it is: a library without it fails to bind naming it.
   */
  int ABI_VERSION = 7;

  /** The calling thread's memory for the calls that write back; made on its first call. */
  Scratch scratch();

  /** {@code fsb_access}. */
  int access(byte[] path, int mode);

  /** {@code fsb_exists}: 1 if the path exists (links followed), else 0. */
  int exists(byte[] path);

  /** {@code fsb_stat}; on 0 the fields are in {@code scratch}'s stat array. */
  int stat(Scratch scratch, byte[] path, int follow);

  /** {@code fsb_chmod}. */
  int chmod(byte[] path, int mode);

  /** {@code fsb_chown}. */
  int chown(byte[] path, int uid, int gid);

  /** {@code fsb_utimes}. */
  int utimes(byte[] path, long atimeNanos, long mtimeNanos);

  /** {@code fsb_truncate}. */
  int truncate(byte[] path, long length);

  /** {@code fsb_mkdir}. */
  int mkdir(byte[] path, int mode, int recursive);

  /** {@code fsb_rmdir}. */
  int rmdir(byte[] path);

  /** {@code fsb_unlink}. */
  int unlink(byte[] path);

  /** {@code fsb_rename}. */
  int rename(byte[] source, byte[] target);

  /** {@code fsb_link}. */
  int link(byte[] existing, byte[] link);

  /** {@code fsb_symlink}: {@code target} is stored verbatim. */
  int symlink(byte[] target, byte[] link);

  /**
   * {@code fsb_read_file} into the content memory {@code scratch} holds for this round ({@link
   * Scratch#useContent}); {@code *out_len} is then in {@code scratch}, the content is taken with
   * {@link Scratch#copyContent(int)}.
   */
  int readFile(Scratch scratch, byte[] path);

  /**
   * {@code fsb_lines}, the lines {@code [from, from + count)}, no line nor the kept ones together
   * longer than {@code limit} bytes; on 0 the library's result buffer is in {@code scratch}, as
   * {@link #readdir}'s.
   */
  int lines(Scratch scratch, byte[] path, long from, int count, long limit);

  /**
   * {@code fsb_append_file} if {@code append}, else {@code fsb_write_file}, of all of {@code data}.
   * Which memory the bytes travel in is the binding's choice.
   */
  int writeFile(byte[] path, byte[] data, boolean append);

  /** {@code fsb_copy_file}. */
  int copyFile(byte[] source, byte[] target, int flags);

  /**
   * {@code fsb_readlink} into {@code scratch}'s name memory ({@link Scratch#nameCapacity()} bytes):
   * {@code *out_len} is then in {@code scratch}, and on 0 the name is in its names array.
   */
  int readlink(Scratch scratch, byte[] path);

  /** {@code fsb_realpath}, as {@link #readlink}. */
  int realpath(Scratch scratch, byte[] path);

  /** {@code fsb_mkdtemp}, as {@link #readlink}; {@code prefix} is taken verbatim. */
  int mkdtemp(Scratch scratch, byte[] prefix);

  /**
   * {@code fsb_readdir}; on 0 the address and length of the library's result buffer are in {@code
   * scratch}, to be read through {@link #view} and released with {@link #free}.
   */
  int readdir(Scratch scratch, byte[] path, int recursive, int concurrency);

  /** {@code fsb_glob}, as {@link #readdir}; {@code patterns} as {@link PathBytes#patterns}. */
  int glob(Scratch scratch, byte[] cwd, byte[] patterns, int flags, int concurrency);

  /** {@code fsb_scan}, as {@link #readdir}. */
  int scan(Scratch scratch, byte[] root, int flags, int concurrency);

  /** {@code fsb_cp}. */
  int cp(byte[] source, byte[] target, int flags, int concurrency);

  /** {@code fsb_rm}. */
  int rm(byte[] path, int flags, int concurrency);

  /**
   * {@code fsb_last_error_path} into {@code scratch}'s name memory: the length of the path the
   * calling thread's last failed tree call recorded, of which the first {@link
   * Scratch#nameCapacity()} bytes are now in its names array.
   */
  long lastErrorPath(Scratch scratch);

  /** The library's result buffer of {@code length > 0} bytes at {@code address}, not copied. */
  ByteBuffer view(long address, long length);

  /** {@code fsb_free} of a result buffer. */
  void free(long address, long length);
}
