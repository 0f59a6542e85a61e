package dev.fsbench.nativefs;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

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
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
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
 * The 26 families, each one call into {@code libfsbench_native} through {@link FfmLibFsb}: the
 * native backend's calls, arguments and error translation ({@link PathBytes}, {@link Abi}, {@link
 * Failures}, {@link PackedResults}, shared with it), carried by the FFM API instead of JNA.
 *
 * <p>A short call passes heap segments to a critical handle: the path's bytes as {@link
 * PathBytes#argument} makes them (the bytes the path holds, a name that is not UTF-8 included), and
 * this thread's arrays ({@link FfmScratch}) for what the library writes back, read where it wrote
 * them. A long call (a copy, a tree, content past {@link FfmScratch#CRITICAL_CONTENT}) copies its
 * arguments into a confined arena of its own and runs plain, so that a collection is never held up
 * by it. Which paths an exception names is the native backend's choice, described there.
 */
final class FfmBackend extends AbstractFsBackend {

  /** The calls {@link Failures} makes on an error path: short ones, critical. */
  private static final ErrorProbe PROBE =
      new ErrorProbe() {
        @Override
        public int access(byte[] path) {
          return FfmLibFsb.access(MemorySegment.ofArray(path), LibFsb.F_OK);
        }

        @Override
        public int lstatMode(byte[] path) {
          FfmScratch scratch = FfmScratch.get();
          return FfmLibFsb.stat(MemorySegment.ofArray(path), 0, scratch.statOut()) == 0
              ? (int) scratch.stat()[LibFsb.STAT_MODE]
              : -1;
        }

        @Override
        public String lastErrorPath() {
          return FfmBackend.lastErrorPath();
        }
      };

  FfmBackend(BackendConfig config) {
    super(FfmBackendProvider.ID, config);
  }

  @Override
  public Route route(Op op) {
    return Route.own(Call.serving(Objects.requireNonNull(op, "op")).symbol());
  }

  @Override
  public Set<Capability> capabilities() {
    return Abi.CAPABILITIES;
  }

  /** A path argument of a critical call: its bytes and a NUL, in place on the heap. */
  private static MemorySegment onHeap(Path path) {
    return MemorySegment.ofArray(PathBytes.argument(path));
  }

  /** A path argument of a plain call: its bytes and a NUL, copied into {@code arena}. */
  private static MemorySegment offHeap(Arena arena, Path path) {
    return arena.allocateFrom(JAVA_BYTE, PathBytes.argument(path));
  }

  // ---------------------------------------------------------------- single paths

  @Override
  public void access(Path path, AccessMode... modes) throws IOException {
    check(path, "path");
    int mode = Abi.accessMode(modes);
    succeed(Call.ACCESS, FfmLibFsb.access(onHeap(path), mode), path);
  }

  @Override
  public boolean exists(Path path) {
    check(path, "path");
    return FfmLibFsb.exists(onHeap(path)) == 1;
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
    FfmScratch scratch = FfmScratch.get();
    succeed(Call.STAT, FfmLibFsb.stat(onHeap(path), follow, scratch.statOut()), path);
    return Abi.fileStat(scratch.stat());
  }

  @Override
  public void chmod(Path path, int mode) throws IOException {
    check(path, "path");
    succeed(Call.CHMOD, FfmLibFsb.chmod(onHeap(path), mode & 07777), path);
  }

  @Override
  public void chown(Path path, int uid, int gid) throws IOException {
    check(path, "path");
    succeed(Call.CHOWN, FfmLibFsb.chown(onHeap(path), uid, gid), path);
  }

  @Override
  public void utimes(Path path, FileTime atime, FileTime mtime) throws IOException {
    check(path, "path");
    long atimeNanos = Objects.requireNonNull(atime, "atime").to(TimeUnit.NANOSECONDS);
    long mtimeNanos = Objects.requireNonNull(mtime, "mtime").to(TimeUnit.NANOSECONDS);
    succeed(Call.UTIMES, FfmLibFsb.utimes(onHeap(path), atimeNanos, mtimeNanos), path);
  }

  @Override
  public void truncate(Path path, long length) throws IOException {
    check(path, "path");
    if (length < 0) {
      throw new IllegalArgumentException("negative length " + length);
    }
    succeed(Call.TRUNCATE, FfmLibFsb.truncate(onHeap(path), length), path);
  }

  @Override
  public void mkdir(Path path, MkdirOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    int result = FfmLibFsb.mkdir(onHeap(path), options.mode(), options.recursive() ? 1 : 0);
    if (result != 0) {
      throw Failures.mkdir(result, path, options.recursive(), PROBE);
    }
  }

  @Override
  public void rmdir(Path path) throws IOException {
    check(path, "path");
    succeed(Call.RMDIR, FfmLibFsb.rmdir(onHeap(path)), path);
  }

  @Override
  public void unlink(Path path) throws IOException {
    check(path, "path");
    succeed(Call.UNLINK, FfmLibFsb.unlink(onHeap(path)), path);
  }

  // ---------------------------------------------------------------- content

  /**
   * A critical read into this thread's heap block first: a file of up to {@link
   * FfmScratch#CRITICAL_CONTENT} bytes comes back from it with one copy. A larger one makes the
   * library answer {@code FSB_E_RANGE} with its size before it reads a byte, and is read plain, off
   * the heap ({@link #readOffHeap}).
   */
  @Override
  public byte[] readFile(Path path) throws IOException {
    check(path, "path");
    byte[] p = PathBytes.argument(path);
    FfmScratch scratch = FfmScratch.get();
    byte[] content = scratch.content();
    int result =
        FfmLibFsb.readFileCritical(
            MemorySegment.ofArray(p),
            scratch.contentSegment(),
            content.length,
            scratch.lengthOut());
    if (result == 0) {
      return Arrays.copyOf(content, (int) Math.min(scratch.length(), content.length));
    }
    if (result != LibFsb.FSB_E_RANGE) {
      throw failure(Call.READ_FILE, result, path);
    }
    return readOffHeap(path, p, content.length, scratch.length());
  }

  /**
   * Reads into this thread's off-heap block, or memory borrowed for the call past what a thread
   * keeps, and copies the result out once. When the library asks for more (a file that grew, or one
   * whose size it cannot know, such as {@code /dev/zero}), grows and calls again, as the native
   * backend does, with its limits.
   */
  private static byte[] readOffHeap(Path path, byte[] p, long given, long needed)
      throws IOException {
    FfmScratch scratch = FfmScratch.get();
    Arena borrowed = null;
    try (Arena call = Arena.ofConfined()) {
      MemorySegment pathSegment = call.allocateFrom(JAVA_BYTE, p);
      MemorySegment lengthOut = call.allocate(JAVA_LONG);
      while (true) {
        if (needed <= given) {
          throw Failures.sizeRefused(Call.READ_FILE, needed, given, path);
        }
        if (needed > Failures.MAX_ARRAY_SIZE) {
          throw Failures.tooLargeForAnArray(path);
        }
        MemorySegment buf = scratch.offHeap(needed);
        if (buf == null) {
          if (borrowed != null) {
            borrowed.close();
          }
          borrowed = Arena.ofConfined();
          buf = borrowed.allocate(needed, Long.BYTES);
        }
        int result = FfmLibFsb.readFile(pathSegment, buf, buf.byteSize(), lengthOut);
        long length = lengthOut.get(JAVA_LONG, 0);
        if (result == 0) {
          return buf.asSlice(0, Math.min(length, buf.byteSize())).toArray(JAVA_BYTE);
        }
        if (result != LibFsb.FSB_E_RANGE) {
          throw failure(Call.READ_FILE, result, path);
        }
        given = buf.byteSize();
        needed = length;
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
   * Up to {@link FfmScratch#CRITICAL_CONTENT} bytes, a critical call reads {@code data} where it
   * is; more, and the bytes are copied into this thread's off-heap block (or memory borrowed for
   * the call) for a plain call, which a collection does not wait for.
   */
  private static void drain(Call call, Path path, byte[] data) throws IOException {
    boolean append = call == Call.APPEND_FILE;
    byte[] p = PathBytes.argument(path);
    int result;
    if (data.length <= FfmScratch.CRITICAL_CONTENT) {
      result =
          FfmLibFsb.writeFileCritical(
              append, MemorySegment.ofArray(p), MemorySegment.ofArray(data), data.length);
    } else {
      try (Arena arena = Arena.ofConfined()) {
        MemorySegment buf = FfmScratch.get().offHeap(data.length);
        if (buf == null) {
          buf = arena.allocate(data.length, Long.BYTES);
        }
        MemorySegment.copy(data, 0, buf, JAVA_BYTE, 0, data.length);
        result = FfmLibFsb.writeFile(append, arena.allocateFrom(JAVA_BYTE, p), buf, data.length);
      }
    }
    succeed(call, result, path);
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
    FfmScratch scratch = FfmScratch.get();
    int length = name(Call.MKDTEMP, PathBytes.verbatim(prefix), prefix, scratch);
    return PathBytes.toPath(fileSystem(), scratch.names(), 0, length);
  }

  @Override
  public Path readlink(Path path) throws IOException {
    check(path, "path");
    FfmScratch scratch = FfmScratch.get();
    int length = name(Call.READLINK, PathBytes.argument(path), path, scratch);
    return PathBytes.toPath(fileSystem(), scratch.names(), 0, length);
  }

  /**
   * When the canonical path is the argument itself, byte for byte, returns the caller's {@code
   * path}, as the native backend does (see there for why).
   */
  @Override
  public Path realpath(Path path) throws IOException {
    check(path, "path");
    byte[] p = PathBytes.argument(path);
    FfmScratch scratch = FfmScratch.get();
    int length = name(Call.REALPATH, p, path, scratch);
    byte[] real = scratch.names();
    if (length == p.length - 1 && Arrays.equals(real, 0, length, p, 0, length)) {
      return path;
    }
    return PathBytes.toPath(fileSystem(), real, 0, length);
  }

  /**
   * Runs a call that writes a name back (readlink, realpath, mkdtemp), critical, into this thread's
   * names block, and returns the name's length; a block too small for it grows once.
   */
  private static int name(Call call, byte[] p, Path path, FfmScratch scratch) throws IOException {
    MemorySegment pathSegment = MemorySegment.ofArray(p);
    while (true) {
      long cap = scratch.names().length;
      MemorySegment buf = scratch.namesSegment();
      int result;
      switch (call) {
        case READLINK:
          result = FfmLibFsb.readlink(pathSegment, buf, cap, scratch.lengthOut());
          break;
        case REALPATH:
          result = FfmLibFsb.realpath(pathSegment, buf, cap, scratch.lengthOut());
          break;
        case MKDTEMP:
          result = FfmLibFsb.mkdtemp(pathSegment, buf, cap, scratch.lengthOut());
          break;
        default:
          throw new IllegalArgumentException("not a call that returns a name: " + call);
      }
      long length = scratch.length();
      if (result == 0) {
        return (int) Math.min(length, cap);
      }
      if (result != LibFsb.FSB_E_RANGE) {
        throw failure(call, result, path);
      }
      if (length <= cap || !scratch.growNames(length)) {
        throw Failures.sizeRefused(call, length, cap, path);
      }
    }
  }

  @Override
  public void rename(Path source, Path target) throws IOException {
    check(source, "source");
    check(target, "target");
    int result = FfmLibFsb.rename(onHeap(source), onHeap(target));
    if (result != 0) {
      throw NativeErrors.of(Call.RENAME, result, source.toString(), target.toString());
    }
  }

  @Override
  public void link(Path existing, Path link) throws IOException {
    check(existing, "existing");
    check(link, "link");
    int result = FfmLibFsb.link(onHeap(existing), onHeap(link));
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
        FfmLibFsb.symlink(MemorySegment.ofArray(PathBytes.verbatim(target)), onHeap(link)),
        link);
  }

  /** Plain: a copy's time grows with the file (copy_file_range, or read and write). */
  @Override
  public void copyFile(Path source, Path target, CopyFileOptions options) throws IOException {
    check(source, "source");
    check(target, "target");
    Objects.requireNonNull(options, "options");
    int flags = Abi.copyFileFlags(options);
    int result;
    try (Arena call = Arena.ofConfined()) {
      result = FfmLibFsb.copyFile(offHeap(call, source), offHeap(call, target), flags);
    }
    if (result != 0) {
      Path failed = NativeErrors.concernsSecond(result) ? target : source;
      throw failure(Call.COPY_FILE, result, failed);
    }
  }

  // ---------------------------------------------------------------- trees, all plain

  @Override
  public List<String> readdir(Path path, ReaddirOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    int recursive = options.recursive() ? 1 : 0;
    int concurrency = concurrency(options.concurrency());
    try (Arena call = Arena.ofConfined()) {
      MemorySegment out = call.allocate(JAVA_LONG, 2);
      int result = FfmLibFsb.readdir(offHeap(call, path), recursive, concurrency, out);
      if (result != 0) {
        throw Failures.tree(Call.READDIR, result, path, PROBE, fileSystem());
      }
      return names(out, Call.READDIR);
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
    int concurrency = concurrency(options.concurrency());
    try (Arena call = Arena.ofConfined()) {
      MemorySegment out = call.allocate(JAVA_LONG, 2);
      int result =
          FfmLibFsb.glob(
              offHeap(call, cwd),
              call.allocateFrom(JAVA_BYTE, packed),
              packed.length,
              flags,
              concurrency,
              out);
      if (result != 0) {
        throw Failures.glob(result, cwd, PROBE, fileSystem());
      }
      return names(out, Call.GLOB);
    }
  }

  @Override
  public List<ScanEntry> scan(Path root, ScanOptions options) throws IOException {
    check(root, "root");
    Objects.requireNonNull(options, "options");
    int flags = Abi.scanFlags(options);
    int concurrency = concurrency(options.concurrency());
    try (Arena call = Arena.ofConfined()) {
      MemorySegment out = call.allocate(JAVA_LONG, 2);
      int result = FfmLibFsb.scan(offHeap(call, root), flags, concurrency, out);
      if (result != 0) {
        throw Failures.tree(Call.SCAN, result, root, PROBE, fileSystem());
      }
      long address = out.getAtIndex(JAVA_LONG, 0);
      long length = out.getAtIndex(JAVA_LONG, 1);
      try {
        return PackedResults.scanEntries(view(address, length, Call.SCAN));
      } finally {
        FfmLibFsb.free(address, length);
      }
    }
  }

  @Override
  public void cp(Path source, Path target, CpOptions options) throws IOException {
    check(source, "source");
    check(target, "target");
    Objects.requireNonNull(options, "options");
    int flags = Abi.cpFlags(options);
    int concurrency = concurrency(options.concurrency());
    int result;
    try (Arena call = Arena.ofConfined()) {
      result = FfmLibFsb.cp(offHeap(call, source), offHeap(call, target), flags, concurrency);
    }
    if (result != 0) {
      throw Failures.cp(result, source, target, PROBE, fileSystem());
    }
  }

  @Override
  public void rm(Path path, RmOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    int flags = Abi.rmFlags(options);
    int concurrency = concurrency(options.concurrency());
    int result;
    try (Arena call = Arena.ofConfined()) {
      result = FfmLibFsb.rm(offHeap(call, path), flags, concurrency);
    }
    if (result != 0) {
      throw Failures.tree(Call.RM, result, path, PROBE, fileSystem());
    }
  }

  /** The names of the result whose address and length {@code out} holds, then frees it. */
  private static List<String> names(MemorySegment out, Call call) throws IOException {
    long address = out.getAtIndex(JAVA_LONG, 0);
    long length = out.getAtIndex(JAVA_LONG, 1);
    try {
      return PackedResults.names(view(address, length, call), call);
    } finally {
      FfmLibFsb.free(address, length);
    }
  }

  /** The library's result buffer as a ByteBuffer over its memory (no copy). */
  @SuppressWarnings("restricted") // reinterpret: the library says how long its buffer is
  private static ByteBuffer view(long address, long length, Call call) throws IOException {
    Failures.checkResult(address, length, call);
    if (length == 0) {
      return ByteBuffer.allocate(0);
    }
    return MemorySegment.ofAddress(address).reinterpret(length).asByteBuffer();
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

  /** The path this thread's last failed tree call recorded, or "" if none; critical. */
  private static String lastErrorPath() {
    FfmScratch scratch = FfmScratch.get();
    long length = FfmLibFsb.lastErrorPath(scratch.namesSegment(), scratch.names().length);
    if (length > scratch.names().length) {
      if (!scratch.growNames(length)) {
        return "";
      }
      length = FfmLibFsb.lastErrorPath(scratch.namesSegment(), scratch.names().length);
    }
    byte[] names = scratch.names();
    return length <= 0 ? "" : PathBytes.decode(names, 0, (int) Math.min(length, names.length));
  }
}
