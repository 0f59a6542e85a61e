package dev.fsbench.nativefs;

import com.sun.jna.Pointer;
import dev.fsbench.spi.AbstractFsBackend;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.GlobOptions;
import dev.fsbench.spi.MkdirOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ReaddirOptions;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.spi.Route;
import dev.fsbench.spi.ScanEntry;
import dev.fsbench.spi.ScanOptions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.AccessMode;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The 26 families, each one call into {@code libfsbench_native} (see {@link LibFsb}).
 *
 * <p>The hot path of a single-path family is: encode the path ({@link PathBytes#argument}: the
 * path's string, which NIO caches, as UTF-8 and a NUL), make one direct-mapped call, read any
 * out-parameters from this thread's native memory with one bulk copy ({@link Scratch}), return. No
 * stat beforehand, no absolute path, no allocation but the encoded path and the result (a {@link
 * FileStat}, the bytes read). What each of those choices cost is in {@link LibFsb}; what is left
 * beyond NIO's own call is JNA's dispatch, about 100 ns a call, and for the calls that return a
 * name, turning it into a {@link Path} by parsing its string (NIO builds its path from the bytes).
 *
 * <p>Which paths an exception names follows the {@code Files} method NIO users would call: a copy
 * names the path that failed ({@code FSB_SECOND} says which), a rename names source and target, a
 * hard link names the link and then the existing file, a symbolic link names the link. Tree calls
 * name the path the library recorded ({@code fsb_last_error_path}).
 */
final class NativeBackend extends AbstractFsBackend {

  /** The calls {@link Failures} makes on an error path, through this binding. */
  private static final ErrorProbe PROBE =
      new ErrorProbe() {
        @Override
        public int access(byte[] path) {
          return LibFsb.fsb_access(path, LibFsb.F_OK);
        }

        @Override
        public int lstatMode(byte[] path) {
          Scratch scratch = Scratch.get();
          return LibFsb.fsb_stat(path, 0, scratch.statOut()) == 0
              ? (int) scratch.stat()[LibFsb.STAT_MODE]
              : -1;
        }

        @Override
        public String lastErrorPath() {
          return NativeBackend.lastErrorPath();
        }
      };

  NativeBackend(BackendConfig config) {
    super(NativeBackendProvider.ID, config);
  }

  @Override
  public Route route(Op op) {
    return Route.own(Call.serving(Objects.requireNonNull(op, "op")).symbol());
  }

  @Override
  public Set<Capability> capabilities() {
    return Abi.CAPABILITIES;
  }

  // ---------------------------------------------------------------- single paths

  @Override
  public void access(Path path, AccessMode... modes) throws IOException {
    check(path, "path");
    int mode = Abi.accessMode(modes);
    succeed(Call.ACCESS, LibFsb.fsb_access(PathBytes.argument(path), mode), path);
  }

  @Override
  public boolean exists(Path path) {
    check(path, "path");
    return LibFsb.fsb_exists(PathBytes.argument(path)) == 1;
  }

  @Override
  public FileStat stat(Path path) throws IOException {
    return stat(path, 1);
  }

  @Override
  public FileStat lstat(Path path) throws IOException {
    return stat(path, 0);
  }

  private FileStat stat(Path path, int follow) throws IOException {
    check(path, "path");
    Scratch scratch = Scratch.get();
    succeed(Call.STAT, LibFsb.fsb_stat(PathBytes.argument(path), follow, scratch.statOut()), path);
    return Abi.fileStat(scratch.stat());
  }

  @Override
  public void chmod(Path path, int mode) throws IOException {
    check(path, "path");
    succeed(Call.CHMOD, LibFsb.fsb_chmod(PathBytes.argument(path), mode & 07777), path);
  }

  @Override
  public void chown(Path path, int uid, int gid) throws IOException {
    check(path, "path");
    succeed(Call.CHOWN, LibFsb.fsb_chown(PathBytes.argument(path), uid, gid), path);
  }

  @Override
  public void utimes(Path path, FileTime atime, FileTime mtime) throws IOException {
    check(path, "path");
    long atimeNanos = Objects.requireNonNull(atime, "atime").to(TimeUnit.NANOSECONDS);
    long mtimeNanos = Objects.requireNonNull(mtime, "mtime").to(TimeUnit.NANOSECONDS);
    succeed(Call.UTIMES, LibFsb.fsb_utimes(PathBytes.argument(path), atimeNanos, mtimeNanos), path);
  }

  @Override
  public void truncate(Path path, long length) throws IOException {
    check(path, "path");
    if (length < 0) {
      throw new IllegalArgumentException("negative length " + length);
    }
    succeed(Call.TRUNCATE, LibFsb.fsb_truncate(PathBytes.argument(path), length), path);
  }

  @Override
  public void mkdir(Path path, MkdirOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    int result =
        LibFsb.fsb_mkdir(PathBytes.argument(path), options.mode(), options.recursive() ? 1 : 0);
    if (result != 0) {
      throw Failures.mkdir(result, path, options.recursive(), PROBE);
    }
  }

  @Override
  public void rmdir(Path path) throws IOException {
    check(path, "path");
    succeed(Call.RMDIR, LibFsb.fsb_rmdir(PathBytes.argument(path)), path);
  }

  @Override
  public void unlink(Path path) throws IOException {
    check(path, "path");
    succeed(Call.UNLINK, LibFsb.fsb_unlink(PathBytes.argument(path)), path);
  }

  // ---------------------------------------------------------------- content

  /**
   * Reads into this thread's content block and copies the result out once. When the library answers
   * {@code FSB_E_RANGE} with the size it needs, grows the block (or borrows memory past what a
   * thread keeps) and calls again; a file that grew in between just takes another round.
   */
  @Override
  public byte[] readFile(Path path) throws IOException {
    check(path, "path");
    byte[] p = PathBytes.argument(path);
    Scratch scratch = Scratch.get();
    NativeBuffer buf = scratch.content();
    NativeBuffer borrowed = null;
    try {
      while (true) {
        int result = LibFsb.fsb_read_file(p, buf.address(), buf.capacity(), scratch.lengthOut());
        if (result == 0) {
          byte[] out = new byte[(int) Math.min(scratch.length(), buf.capacity())];
          buf.read(0, out, out.length);
          return out;
        }
        if (result != LibFsb.FSB_E_RANGE) {
          throw failure(Call.READ_FILE, result, path);
        }
        long needed = scratch.length();
        if (needed <= buf.capacity()) {
          throw Failures.sizeRefused(Call.READ_FILE, needed, buf.capacity(), path);
        }
        if (needed > Failures.MAX_ARRAY_SIZE) {
          throw Failures.tooLargeForAnArray(path);
        }
        buf = scratch.content(needed);
        if (buf == null) {
          if (borrowed != null) {
            borrowed.close();
          }
          borrowed = NativeBuffer.borrow(needed);
          buf = borrowed;
        }
      }
    } finally {
      if (borrowed != null) {
        borrowed.close();
      }
    }
  }

  @Override
  public void writeFile(Path path, byte[] data) throws IOException {
    check(path, "path");
    Objects.requireNonNull(data, "data");
    drain(Call.WRITE_FILE, path, data);
  }

  @Override
  public void appendFile(Path path, byte[] data) throws IOException {
    check(path, "path");
    Objects.requireNonNull(data, "data");
    drain(Call.APPEND_FILE, path, data);
  }

  /**
   * Copies {@code data} into this thread's content block (or borrowed memory) and writes or appends
   * it. Content goes through native memory rather than as a {@code byte[]} argument: JNA would copy
   * an array into C memory and back after the call, twice the bytes, into memory it allocates on
   * every call (8 MiB for the largest case).
   */
  private static void drain(Call call, Path path, byte[] data) throws IOException {
    byte[] p = PathBytes.argument(path);
    NativeBuffer own = Scratch.get().content(data.length);
    int result;
    if (own != null) {
      own.write(0, data);
      result = write(call, p, own.address(), data.length);
    } else {
      try (NativeBuffer borrowed = NativeBuffer.borrow(data.length)) {
        borrowed.write(0, data);
        result = write(call, p, borrowed.address(), data.length);
      }
    }
    succeed(call, result, path);
  }

  private static int write(Call call, byte[] path, long data, long length) {
    return call == Call.APPEND_FILE
        ? LibFsb.fsb_append_file(path, data, length)
        : LibFsb.fsb_write_file(path, data, length);
  }

  // ---------------------------------------------------------------- names

  @Override
  public Path mkdtemp(Path prefix) throws IOException {
    check(prefix, "prefix");
    if (prefix.getFileName() == null) {
      throw new IllegalArgumentException("mkdtemp needs a name prefix, not a root: " + prefix);
    }
    // A name prefix, not a path to resolve: the empty prefix makes a directory named by the suffix
    // alone.
    Scratch scratch = Scratch.get();
    int length = name(Call.MKDTEMP, PathBytes.verbatim(prefix), prefix, scratch);
    return PathBytes.toPath(fileSystem(), scratch.names(length), 0, length);
  }

  @Override
  public Path readlink(Path path) throws IOException {
    check(path, "path");
    Scratch scratch = Scratch.get();
    int length = name(Call.READLINK, PathBytes.argument(path), path, scratch);
    return PathBytes.toPath(fileSystem(), scratch.names(length), 0, length);
  }

  /**
   * When the canonical path is the argument itself, byte for byte, returns the caller's {@code
   * path}: it is then absolute and equal to the path that parsing the result would make, and this
   * saves decoding that string and parsing it into a new {@link Path} (NIO's realpath builds its
   * path from the bytes and has neither cost). What the shortcut costs: one comparison of the
   * result with the encoded argument, in Java ({@code Arrays.equals}, compiled JDK code); any other
   * result takes the general way.
   */
  @Override
  public Path realpath(Path path) throws IOException {
    check(path, "path");
    byte[] p = PathBytes.argument(path);
    Scratch scratch = Scratch.get();
    int length = name(Call.REALPATH, p, path, scratch);
    byte[] real = scratch.names(length);
    if (length == p.length - 1 && Arrays.equals(real, 0, length, p, 0, length)) {
      return path;
    }
    return PathBytes.toPath(fileSystem(), real, 0, length);
  }

  /**
   * Runs a call that writes a name into this thread's content block (readlink, realpath, mkdtemp)
   * and copies it, with one bulk read, into {@code scratch.names()}; returns its length. A name is
   * at most a few KiB (PATH_MAX), so a block too small for it grows once.
   */
  private static int name(Call call, byte[] p, Path path, Scratch scratch) throws IOException {
    NativeBuffer buf = scratch.content();
    while (true) {
      int result;
      switch (call) {
        case READLINK:
          result = LibFsb.fsb_readlink(p, buf.address(), buf.capacity(), scratch.lengthOut());
          break;
        case REALPATH:
          result = LibFsb.fsb_realpath(p, buf.address(), buf.capacity(), scratch.lengthOut());
          break;
        case MKDTEMP:
          result = LibFsb.fsb_mkdtemp(p, buf.address(), buf.capacity(), scratch.lengthOut());
          break;
        default:
          throw new IllegalArgumentException("not a call that returns a name: " + call);
      }
      long length = scratch.length();
      if (result == 0) {
        int n = (int) Math.min(length, buf.capacity());
        buf.read(0, scratch.names(n), n);
        return n;
      }
      if (result != LibFsb.FSB_E_RANGE) {
        throw failure(call, result, path);
      }
      NativeBuffer bigger = length > buf.capacity() ? scratch.content(length) : null;
      if (bigger == null) {
        throw Failures.sizeRefused(call, length, buf.capacity(), path);
      }
      buf = bigger;
    }
  }

  @Override
  public void rename(Path source, Path target) throws IOException {
    check(source, "source");
    check(target, "target");
    int result = LibFsb.fsb_rename(PathBytes.argument(source), PathBytes.argument(target));
    if (result != 0) {
      throw NativeErrors.of(Call.RENAME, result, source.toString(), target.toString());
    }
  }

  @Override
  public void link(Path existing, Path link) throws IOException {
    check(existing, "existing");
    check(link, "link");
    int result = LibFsb.fsb_link(PathBytes.argument(existing), PathBytes.argument(link));
    if (result != 0) {
      throw NativeErrors.of(Call.LINK, result, link.toString(), existing.toString());
    }
  }

  @Override
  public void symlink(Path target, Path link) throws IOException {
    check(target, "target");
    check(link, "link");
    // The target is stored verbatim, so the empty path stays empty (and fails as NIO's does).
    succeed(
        Call.SYMLINK,
        LibFsb.fsb_symlink(PathBytes.verbatim(target), PathBytes.argument(link)),
        link);
  }

  @Override
  public void copyFile(Path source, Path target, CopyFileOptions options) throws IOException {
    check(source, "source");
    check(target, "target");
    Objects.requireNonNull(options, "options");
    int flags = Abi.copyFileFlags(options);
    int result =
        LibFsb.fsb_copy_file(PathBytes.argument(source), PathBytes.argument(target), flags);
    if (result != 0) {
      Path failed = NativeErrors.concernsSecond(result) ? target : source;
      throw failure(Call.COPY_FILE, result, failed);
    }
  }

  // ---------------------------------------------------------------- trees

  @Override
  public List<String> readdir(Path path, ReaddirOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    Scratch scratch = Scratch.get();
    int recursive = options.recursive() ? 1 : 0;
    int concurrency = concurrency(options.concurrency());
    int result =
        LibFsb.fsb_readdir(PathBytes.argument(path), recursive, concurrency, scratch.resultOut());
    if (result != 0) {
      throw treeFailure(Call.READDIR, result, path);
    }
    long[] out = scratch.result();
    long address = out[0];
    long length = out[1];
    try {
      return PackedResults.names(view(address, length, Call.READDIR), Call.READDIR);
    } finally {
      LibFsb.fsb_free(address, length);
    }
  }

  @Override
  public List<String> glob(Path cwd, List<String> patterns, GlobOptions options)
      throws IOException {
    check(cwd, "cwd");
    Objects.requireNonNull(patterns, "patterns");
    Objects.requireNonNull(options, "options");
    patterns.forEach(pattern -> Objects.requireNonNull(pattern, "pattern"));
    if (patterns.isEmpty()) {
      throw new IllegalArgumentException("glob needs at least one pattern");
    }
    byte[] packed = PathBytes.patterns(patterns);
    int flags = Abi.globFlags(options);
    Scratch scratch = Scratch.get();
    int concurrency = concurrency(options.concurrency());
    int result =
        LibFsb.fsb_glob(
            PathBytes.argument(cwd),
            packed,
            packed.length,
            flags,
            concurrency,
            scratch.resultOut());
    if (result != 0) {
      throw Failures.glob(result, cwd, PROBE, fileSystem());
    }
    long[] out = scratch.result();
    long address = out[0];
    long length = out[1];
    try {
      return PackedResults.names(view(address, length, Call.GLOB), Call.GLOB);
    } finally {
      LibFsb.fsb_free(address, length);
    }
  }

  @Override
  public List<ScanEntry> scan(Path root, ScanOptions options) throws IOException {
    check(root, "root");
    Objects.requireNonNull(options, "options");
    int flags = Abi.scanFlags(options);
    Scratch scratch = Scratch.get();
    int result =
        LibFsb.fsb_scan(
            PathBytes.argument(root),
            flags,
            concurrency(options.concurrency()),
            scratch.resultOut());
    if (result != 0) {
      throw treeFailure(Call.SCAN, result, root);
    }
    long[] out = scratch.result();
    long address = out[0];
    long length = out[1];
    try {
      return PackedResults.scanEntries(view(address, length, Call.SCAN));
    } finally {
      LibFsb.fsb_free(address, length);
    }
  }

  @Override
  public void cp(Path source, Path target, CpOptions options) throws IOException {
    check(source, "source");
    check(target, "target");
    Objects.requireNonNull(options, "options");
    int flags = Abi.cpFlags(options);
    int concurrency = concurrency(options.concurrency());
    int result =
        LibFsb.fsb_cp(PathBytes.argument(source), PathBytes.argument(target), flags, concurrency);
    if (result != 0) {
      throw Failures.cp(result, source, target, PROBE, fileSystem());
    }
  }

  @Override
  public void rm(Path path, RmOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    int flags = Abi.rmFlags(options);
    int result = LibFsb.fsb_rm(PathBytes.argument(path), flags, concurrency(options.concurrency()));
    if (result != 0) {
      throw treeFailure(Call.RM, result, path);
    }
  }

  /** The library's result buffer as a ByteBuffer over its memory (no copy). */
  static ByteBuffer view(long address, long length, Call call) throws IOException {
    Failures.checkResult(address, length, call);
    if (length == 0) {
      return ByteBuffer.allocate(0);
    }
    return new Pointer(address).getByteBuffer(0, length);
  }

  // ---------------------------------------------------------------- errors

  private static void succeed(Call call, int result, Path path) throws IOException {
    if (result != 0) {
      throw failure(call, result, path);
    }
  }

  private static IOException failure(Call call, int result, Path path) {
    return Failures.of(call, result, path);
  }

  /**
   * The failure of a tree call, naming the path the library recorded, or {@code fallback} if it
   * recorded none.
   */
  private IOException treeFailure(Call call, int result, Path fallback) {
    return Failures.tree(call, result, fallback, PROBE, fileSystem());
  }

  /** The path this thread's last failed tree call recorded, or "" if none. */
  static String lastErrorPath() {
    Scratch scratch = Scratch.get();
    NativeBuffer buf = scratch.content();
    long length = LibFsb.fsb_last_error_path(buf.address(), buf.capacity());
    if (length > buf.capacity()) {
      buf = scratch.content(length);
      if (buf == null) {
        return "";
      }
      length = LibFsb.fsb_last_error_path(buf.address(), buf.capacity());
    }
    return length <= 0
        ? ""
        : PackedResults.string(buf.buffer(), 0, (int) Math.min(length, buf.capacity()), scratch);
  }
}
