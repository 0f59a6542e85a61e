package dev.fsbench.nativefs;

import com.sun.jna.Pointer;
import java.nio.ByteBuffer;

/**
 * The {@link Binding} of the {@code native} backend: each call one direct-mapped function of {@link
 * LibFsb}, paths as the {@code byte[]} JNA copies into C memory, everything the library writes back
 * in this thread's native memory ({@link JnaScratch}) and copied out with one bulk read. Why those
 * forms, and what JNA's dispatch costs, is in {@link LibFsb}.
 */
final class JnaBinding implements Binding {

  /** The one instance; loaded only when a {@code native} backend is created. */
  static final JnaBinding INSTANCE = new JnaBinding();

  private JnaBinding() {}

  @Override
  public int access(byte[] path, int mode) {
    return LibFsb.fsb_access(path, mode);
  }

  @Override
  public int exists(byte[] path) {
    return LibFsb.fsb_exists(path);
  }

  @Override
  public Scratch scratch() {
    return JnaScratch.LOCAL.get();
  }

  @Override
  public int stat(Scratch scratch, byte[] path, int follow) {
    JnaScratch s = (JnaScratch) scratch;
    return s.statRead(LibFsb.fsb_stat(path, follow, s.statOut()));
  }

  @Override
  public int chmod(byte[] path, int mode) {
    return LibFsb.fsb_chmod(path, mode);
  }

  @Override
  public int chown(byte[] path, int uid, int gid) {
    return LibFsb.fsb_chown(path, uid, gid);
  }

  @Override
  public int utimes(byte[] path, long atimeNanos, long mtimeNanos) {
    return LibFsb.fsb_utimes(path, atimeNanos, mtimeNanos);
  }

  @Override
  public int truncate(byte[] path, long length) {
    return LibFsb.fsb_truncate(path, length);
  }

  @Override
  public int mkdir(byte[] path, int mode, int recursive) {
    return LibFsb.fsb_mkdir(path, mode, recursive);
  }

  @Override
  public int rmdir(byte[] path) {
    return LibFsb.fsb_rmdir(path);
  }

  @Override
  public int unlink(byte[] path) {
    return LibFsb.fsb_unlink(path);
  }

  @Override
  public int rename(byte[] source, byte[] target) {
    return LibFsb.fsb_rename(source, target);
  }

  @Override
  public int link(byte[] existing, byte[] link) {
    return LibFsb.fsb_link(existing, link);
  }

  @Override
  public int symlink(byte[] target, byte[] link) {
    return LibFsb.fsb_symlink(target, link);
  }

  @Override
  public int readFile(Scratch scratch, byte[] path) {
    JnaScratch s = (JnaScratch) scratch;
    NativeBuffer buf = s.current();
    return s.lengthRead(LibFsb.fsb_read_file(path, buf.address(), buf.capacity(), s.lengthOut()));
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
    return append
        ? LibFsb.fsb_append_file(path, data, length)
        : LibFsb.fsb_write_file(path, data, length);
  }

  @Override
  public int copyFile(byte[] source, byte[] target, int flags) {
    return LibFsb.fsb_copy_file(source, target, flags);
  }

  @Override
  public int readlink(Scratch scratch, byte[] path) {
    JnaScratch s = (JnaScratch) scratch;
    NativeBuffer buf = s.contentBlock();
    return s.nameRead(LibFsb.fsb_readlink(path, buf.address(), buf.capacity(), s.lengthOut()));
  }

  @Override
  public int realpath(Scratch scratch, byte[] path) {
    JnaScratch s = (JnaScratch) scratch;
    NativeBuffer buf = s.contentBlock();
    return s.nameRead(LibFsb.fsb_realpath(path, buf.address(), buf.capacity(), s.lengthOut()));
  }

  @Override
  public int mkdtemp(Scratch scratch, byte[] prefix) {
    JnaScratch s = (JnaScratch) scratch;
    NativeBuffer buf = s.contentBlock();
    return s.nameRead(LibFsb.fsb_mkdtemp(prefix, buf.address(), buf.capacity(), s.lengthOut()));
  }

  @Override
  public int lines(Scratch scratch, byte[] path, long from, int count, long limit) {
    JnaScratch s = (JnaScratch) scratch;
    return s.resultRead(LibFsb.fsb_lines(path, from, count, limit, s.resultOut()));
  }

  @Override
  public int readdir(Scratch scratch, byte[] path, int recursive, int concurrency) {
    JnaScratch s = (JnaScratch) scratch;
    return s.resultRead(LibFsb.fsb_readdir(path, recursive, concurrency, s.resultOut()));
  }

  @Override
  public int glob(Scratch scratch, byte[] cwd, byte[] patterns, int flags, int concurrency) {
    JnaScratch s = (JnaScratch) scratch;
    return s.resultRead(
        LibFsb.fsb_glob(cwd, patterns, patterns.length, flags, concurrency, s.resultOut()));
  }

  @Override
  public int scan(Scratch scratch, byte[] root, int flags, int concurrency) {
    JnaScratch s = (JnaScratch) scratch;
    return s.resultRead(LibFsb.fsb_scan(root, flags, concurrency, s.resultOut()));
  }

  @Override
  public int cp(byte[] source, byte[] target, int flags, int concurrency) {
    return LibFsb.fsb_cp(source, target, flags, concurrency);
  }

  @Override
  public int rm(byte[] path, int flags, int concurrency) {
    return LibFsb.fsb_rm(path, flags, concurrency);
  }

  @Override
  public long lastErrorPath(Scratch scratch) {
    JnaScratch s = (JnaScratch) scratch;
    NativeBuffer buf = s.contentBlock();
    return s.lastErrorPathRead(LibFsb.fsb_last_error_path(buf.address(), buf.capacity()));
  }

  @Override
  public ByteBuffer view(long address, long length) {
    return new Pointer(address).getByteBuffer(0, length);
  }

  @Override
  public void free(long address, long length) {
    LibFsb.fsb_free(address, length);
  }
}
