package dev.fsbench.nativefs;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.FsErrors;
import dev.fsbench.spi.GlobOptions;
import dev.fsbench.spi.MkdirOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ReaddirOptions;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.spi.Route;
import dev.fsbench.spi.ScanEntry;
import dev.fsbench.spi.ScanOptions;
import dev.fsbench.support.AbstractFsBackend;
import dev.fsbench.support.LineBudget;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.AccessMode;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Every family, each one call into {@code libfsbench_native} through a {@link Binding}: the backend
 * {@code native} over JNA ({@code JnaBinding}) and {@code native-ffm} over the FFM API, the same
 * code for both.
 *
 * <p>The hot path of a single-path family is: encode the path ({@link PathBytes#argument}: the
 * path's string, which NIO caches, as UTF-8 and a NUL), make one call through the binding, read any
 * out-parameters from this thread's {@link Scratch}, return. No stat beforehand, no absolute path,
 * no allocation but the encoded path and the result (a {@link FileStat}, the bytes read). What is
 * left beyond NIO's own call is the binding's dispatch and, for the calls that return a name,
 * turning it into a {@link Path} by parsing its string (NIO builds its path from the bytes).
 *
 * <p>Which paths an exception names follows the {@code Files} method NIO users would call: a copy
 * names the path that failed ({@code FSB_SECOND} says which), a rename names source and target, a
 * hard link names the link and then the existing file, a symbolic link names the link. Tree calls
 * name the path the library recorded ({@code fsb_last_error_path}).
 *
 * <p><b>How the dispatch stays monomorphic.</b> The binding is a final field, and every call goes
 * through the {@link Binding} interface, whose implementations live in two jars and are loaded only
 * when their provider creates a backend ({@link LibraryProvider#create}: {@code JnaBinding} for
 * {@code native}, {@code FfmBinding} for {@code native-ffm}; listing, finding or asking a
 * provider's availability loads neither). A benchmark fork creates one backend, so it loads one
 * implementation of {@link Binding} and one subclass of {@link Scratch}, and every call site here
 * sees one receiver class: C2 inlines the binding's method (the type profile names that one class,
 * and class hierarchy analysis knows no other), down to the {@code static native} method of JNA or
 * the constant downcall handle of FFM; C1 inlines the smallest binding methods ({@code exists},
 * {@code scratch}) and calls the others through an inline cache that stays monomorphic. No call
 * allocates, boxes or captures anything to reach the binding: the arguments are the {@code byte[]}
 * and primitives the C function takes. A JVM that runs both backends (the tests, the hostile suite)
 * has two receivers per call site and is not measured.
 */
final class LibraryBackend extends AbstractFsBackend {

  private final Binding binding;
  private final ErrorProbe probe;

  LibraryBackend(String id, BackendConfig config, Binding binding) {
    super(id, config);
    this.binding = Objects.requireNonNull(binding, "binding");
    this.probe = new ErrorProbe(binding);
  }

  /**
   * The checks every provider of the library makes before it creates its backend: {@code config}
   * given, the backend {@code id} available, on the default filesystem.
   */
  static void requireCreatable(String id, Availability availability, BackendConfig config) {
    Objects.requireNonNull(config, "config");
    if (!availability.isAvailable()) {
      throw new IllegalStateException(
          "backend '" + id + "' is unavailable: " + availability.reason());
    }
    if (config.fileSystem() != FileSystems.getDefault()) {
      throw new UnsupportedOperationException(
          "backend '"
              + id
              + "' works on the default filesystem only, not on "
              + config.fileSystem());
    }
  }

  @Override
  public Route route(Op op) {
    return Route.own(Abi.symbol(Objects.requireNonNull(op, "op")));
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
    succeed(Op.ACCESS, binding.access(PathBytes.argument(path), mode), path);
  }

  @Override
  public boolean exists(Path path) {
    check(path, "path");
    return binding.exists(PathBytes.argument(path)) == 1;
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
    Scratch scratch = binding.scratch();
    succeed(
        follow == 1 ? Op.STAT : Op.LSTAT,
        binding.stat(scratch, PathBytes.argument(path), follow),
        path);
    return Abi.fileStat(scratch.stat);
  }

  @Override
  public void chmod(Path path, int mode) throws IOException {
    check(path, "path");
    succeed(Op.CHMOD, binding.chmod(PathBytes.argument(path), mode & 07777), path);
  }

  @Override
  public void chown(Path path, int uid, int gid) throws IOException {
    check(path, "path");
    succeed(Op.CHOWN, binding.chown(PathBytes.argument(path), uid, gid), path);
  }

  @Override
  public void utimes(Path path, FileTime atime, FileTime mtime) throws IOException {
    check(path, "path");
    long atimeNanos = Objects.requireNonNull(atime, "atime").to(TimeUnit.NANOSECONDS);
    long mtimeNanos = Objects.requireNonNull(mtime, "mtime").to(TimeUnit.NANOSECONDS);
    succeed(Op.UTIMES, binding.utimes(PathBytes.argument(path), atimeNanos, mtimeNanos), path);
  }

  @Override
  public void truncate(Path path, long length) throws IOException {
    check(path, "path");
    if (length < 0) {
      throw new IllegalArgumentException("negative length " + length);
    }
    succeed(Op.TRUNCATE, binding.truncate(PathBytes.argument(path), length), path);
  }

  @Override
  public void mkdir(Path path, MkdirOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    int result =
        binding.mkdir(PathBytes.argument(path), options.mode(), options.recursive() ? 1 : 0);
    if (result != 0) {
      throw Failures.mkdir(result, path, options.recursive(), probe);
    }
  }

  @Override
  public void rmdir(Path path) throws IOException {
    check(path, "path");
    succeed(Op.RMDIR, binding.rmdir(PathBytes.argument(path)), path);
  }

  @Override
  public void unlink(Path path) throws IOException {
    check(path, "path");
    succeed(Op.UNLINK, binding.unlink(PathBytes.argument(path)), path);
  }

  // ---------------------------------------------------------------- content

  /**
   * Reads into the content memory this thread's scratch chooses first (JNA: its native block; FFM:
   * its heap block, read by a critical call) and copies the result out once. When the library
   * answers {@code FSB_E_RANGE} with the size it needs, asks for memory of that size (the thread's
   * block grown, or memory borrowed past what a thread keeps; FFM: off the heap, read by a plain
   * call) and calls again, up to the SPI's {@code ReadLimit} ({@link Failures#nextReadCapacity}); a
   * file that grew in between just takes another round.
   */
  @Override
  public byte[] readFile(Path path) throws IOException {
    check(path, "path");
    byte[] p = PathBytes.argument(path);
    Scratch scratch = binding.scratch();
    try {
      long given = scratch.useContent(0);
      while (true) {
        int result = binding.readFile(scratch, p);
        long length = scratch.length[0];
        if (result == 0) {
          return scratch.copyContent(Failures.readLength(length, given, path));
        }
        if (result != Abi.FSB_E_RANGE) {
          throw failure(Op.READ_FILE, result, path);
        }
        given = scratch.useContent(Failures.nextReadCapacity(length, given, path));
      }
    } finally {
      scratch.release();
    }
  }

  /**
   * {@code fsb_lines}: the library reads the file in blocks and stops after the range, handing the
   * lines over undecoded; they are decoded here as {@code new String(bytes, UTF_8)} decodes (the
   * JVM's decoder, so malformed input becomes U+FFFD exactly as NIO's readers make it). Past the
   * limit (EFBIG) the refusal is the one every backend gives.
   */
  @Override
  public List<String> lines(Path path, long from, int count) throws IOException {
    check(path, "path");
    LineBudget.checkRange(from, count);
    Scratch scratch = binding.scratch();
    int result = binding.lines(scratch, PathBytes.argument(path), from, count, LineBudget.bytes());
    if (result == LinuxErrno.EFBIG) {
      throw LineBudget.tooLong(path);
    }
    succeed(Op.LINES, result, path);
    long address = scratch.result[0];
    long length = scratch.result[1];
    try {
      return PackedResults.lines(view(binding, address, length, Op.LINES), Op.LINES);
    } finally {
      binding.free(address, length);
    }
  }

  @Override
  public void writeFile(Path path, byte[] data) throws IOException {
    check(path, "path");
    Objects.requireNonNull(data, "data");
    succeed(Op.WRITE_FILE, binding.writeFile(PathBytes.argument(path), data, false), path);
  }

  @Override
  public void appendFile(Path path, byte[] data) throws IOException {
    check(path, "path");
    Objects.requireNonNull(data, "data");
    succeed(Op.APPEND_FILE, binding.writeFile(PathBytes.argument(path), data, true), path);
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
    Scratch scratch = binding.scratch();
    int length = name(Op.MKDTEMP, PathBytes.verbatim(prefix), prefix, scratch);
    return PathBytes.toPath(fileSystem(), scratch.names(), 0, length);
  }

  @Override
  public Path readlink(Path path) throws IOException {
    check(path, "path");
    Scratch scratch = binding.scratch();
    int length = name(Op.READLINK, PathBytes.argument(path), path, scratch);
    return PathBytes.toPath(fileSystem(), scratch.names(), 0, length);
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
    Scratch scratch = binding.scratch();
    int length = name(Op.REALPATH, p, path, scratch);
    byte[] real = scratch.names();
    if (length == p.length - 1 && Arrays.equals(real, 0, length, p, 0, length)) {
      return path;
    }
    return PathBytes.toPath(fileSystem(), real, 0, length);
  }

  /**
   * Runs a call that writes a name back (readlink, realpath, mkdtemp) and returns the name's
   * length; the name is then in {@code scratch}'s names array. A name is at most a few KiB
   * (PATH_MAX), so memory too small for it grows once.
   */
  private int name(Op call, byte[] p, Path path, Scratch scratch) throws IOException {
    while (true) {
      long capacity = scratch.nameCapacity();
      int result;
      switch (call) {
        case READLINK:
          result = binding.readlink(scratch, p);
          break;
        case REALPATH:
          result = binding.realpath(scratch, p);
          break;
        case MKDTEMP:
          result = binding.mkdtemp(scratch, p);
          break;
        default:
          throw new IllegalArgumentException("not a call that returns a name: " + call);
      }
      long length = scratch.length[0];
      if (result == 0) {
        return (int) Math.min(length, capacity);
      }
      if (result != Abi.FSB_E_RANGE) {
        throw failure(call, result, path);
      }
      if (length <= capacity || !scratch.growNames(length)) {
        throw Failures.sizeRefused(call, length, capacity, path);
      }
    }
  }

  @Override
  public void rename(Path source, Path target) throws IOException {
    check(source, "source");
    check(target, "target");
    int result = binding.rename(PathBytes.argument(source), PathBytes.argument(target));
    if (result != 0) {
      throw NativeErrors.of(Op.RENAME, result, source.toString(), target.toString());
    }
  }

  @Override
  public void link(Path existing, Path link) throws IOException {
    check(existing, "existing");
    check(link, "link");
    int result = binding.link(PathBytes.argument(existing), PathBytes.argument(link));
    if (result != 0) {
      throw NativeErrors.of(Op.LINK, result, link.toString(), existing.toString());
    }
  }

  @Override
  public void symlink(Path target, Path link) throws IOException {
    check(target, "target");
    check(link, "link");
    // The target is stored verbatim, so the empty path stays empty (and fails as NIO's does).
    succeed(
        Op.SYMLINK, binding.symlink(PathBytes.verbatim(target), PathBytes.argument(link)), link);
  }

  @Override
  public void copyFile(Path source, Path target, CopyFileOptions options) throws IOException {
    check(source, "source");
    check(target, "target");
    Objects.requireNonNull(options, "options");
    int flags = Abi.copyFileFlags(options);
    int result = binding.copyFile(PathBytes.argument(source), PathBytes.argument(target), flags);
    if (result != 0) {
      throw Failures.copyFile(result, source, target, probe);
    }
  }

  // ---------------------------------------------------------------- trees

  @Override
  public List<String> readdir(Path path, ReaddirOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    Scratch scratch = binding.scratch();
    int recursive = options.recursive() ? 1 : 0;
    int concurrency = concurrency(options.concurrency());
    int result = binding.readdir(scratch, PathBytes.argument(path), recursive, concurrency);
    if (result != 0) {
      throw Failures.tree(Op.READDIR, result, path, probe, fileSystem());
    }
    return names(scratch, Op.READDIR);
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
    Scratch scratch = binding.scratch();
    int concurrency = concurrency(options.concurrency());
    int result = binding.glob(scratch, PathBytes.argument(cwd), packed, flags, concurrency);
    if (result != 0) {
      throw Failures.glob(result, cwd, probe, fileSystem());
    }
    return names(scratch, Op.GLOB);
  }

  @Override
  public List<ScanEntry> scan(Path root, ScanOptions options) throws IOException {
    check(root, "root");
    Objects.requireNonNull(options, "options");
    int flags = Abi.scanFlags(options);
    Scratch scratch = binding.scratch();
    int concurrency = concurrency(options.concurrency());
    int result = binding.scan(scratch, PathBytes.argument(root), flags, concurrency);
    if (result != 0) {
      throw Failures.tree(Op.SCAN, result, root, probe, fileSystem());
    }
    long address = scratch.result[0];
    long length = scratch.result[1];
    try {
      return PackedResults.scanEntries(view(binding, address, length, Op.SCAN));
    } finally {
      binding.free(address, length);
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
        binding.cp(PathBytes.argument(source), PathBytes.argument(target), flags, concurrency);
    if (result != 0) {
      throw Failures.cp(result, source, target, probe, fileSystem());
    }
  }

  @Override
  public void rm(Path path, RmOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    if (FsErrors.endsInDotOrDotDot(path)) {
      // As nio's rm: GNU rm refuses . and ..; the empty path would reach the library as "."
      throw FsErrors.dotOrDotDot(path);
    }
    int flags = Abi.rmFlags(options);
    int result = binding.rm(PathBytes.argument(path), flags, concurrency(options.concurrency()));
    if (result != 0) {
      throw Failures.tree(Op.RM, result, path, probe, fileSystem());
    }
  }

  /** The names of the tree result {@code scratch} holds, then frees it. */
  private List<String> names(Scratch scratch, Op call) throws IOException {
    long address = scratch.result[0];
    long length = scratch.result[1];
    try {
      return PackedResults.names(view(binding, address, length, call), call);
    } finally {
      binding.free(address, length);
    }
  }

  /** The library's result buffer as a ByteBuffer over its memory (no copy). */
  static ByteBuffer view(Binding binding, long address, long length, Op call) throws IOException {
    Failures.checkResult(address, length, call);
    if (length == 0) {
      return ByteBuffer.allocate(0);
    }
    return binding.view(address, length);
  }

  // ---------------------------------------------------------------- errors

  private static void succeed(Op call, int result, Path path) throws IOException {
    if (result != 0) {
      throw failure(call, result, path);
    }
  }

  private static IOException failure(Op call, int result, Path path) {
    return Failures.of(call, result, path);
  }

  /** The path this thread's last failed tree call recorded, or "" if none. */
  static String lastErrorPath(Binding binding) {
    Scratch scratch = binding.scratch();
    long capacity = scratch.nameCapacity();
    long length = binding.lastErrorPath(scratch);
    if (length > capacity) {
      if (!scratch.growNames(length)) {
        return "";
      }
      capacity = scratch.nameCapacity();
      length = binding.lastErrorPath(scratch);
    }
    return length <= 0
        ? ""
        : PathBytes.decode(scratch.names(), 0, (int) Math.min(length, capacity));
  }
}
