package dev.fsbench.nativefs;

import com.sun.jna.Pointer;
import dev.fsbench.spi.AbstractFsBackend;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FileKind;
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
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessMode;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The 26 families, each one call into {@code libfsbench_native} (see {@link LibFsb}).
 *
 * <p>The hot path of a single-path family is one JNI call with the {@link Path} itself (the library reads the bytes NIO
 * holds for it) and, for stat, an out-array: no stat beforehand, no absolute path, no string made or encoded in Java,
 * no thread-local lookup; a path's string form is made only to name it in an exception. The harness's single-shot
 * samples run this code interpreted or C1-compiled, where every Java method call on the way costs tens of nanoseconds
 * and every allocated byte a first touch of the heap, so the path to the call is kept short on purpose (see {@link
 * LibFsb}). A call that returns a name (readlink, realpath, mkdtemp) gets a {@code byte[]} and makes the {@link Path}
 * from its string, which is the one step NIO does not need (it builds its path from the bytes).
 *
 * <p>Which paths an exception names follows the {@code Files} method NIO users would call: a copy names the path that
 * failed ({@code FSB_SECOND} says which), a rename names source and target, a hard link names the link and then the
 * existing file, a symbolic link names the link. Tree calls name the path the library recorded
 * ({@code fsb_last_error_path}).
 */
final class NativeBackend extends AbstractFsBackend {

  private static final Set<Capability> CAPABILITIES =
      Collections.unmodifiableSet(
          EnumSet.of(
              Capability.POSIX_PERMISSIONS,
              Capability.OWNERSHIP,
              Capability.HARD_LINKS,
              Capability.SYMBOLIC_LINKS,
              Capability.TREE_CONCURRENCY));

  /** The largest array the JVM can make, as {@code Files.readAllBytes} knows it. */
  private static final long MAX_ARRAY_SIZE = Integer.MAX_VALUE - 8;

  NativeBackend(BackendConfig config) {
    super(NativeBackendProvider.ID, config);
  }

  @Override
  public Route route(Op op) {
    return Route.own(Call.serving(Objects.requireNonNull(op, "op")).symbol());
  }

  @Override
  public Set<Capability> capabilities() {
    return CAPABILITIES;
  }

  // ---------------------------------------------------------------- single paths

  @Override
  public void access(Path path, AccessMode... modes) throws IOException {
    check(path, "path");
    Objects.requireNonNull(modes, "modes");
    int mode = LibFsb.F_OK;
    for (AccessMode m : modes) {
      switch (Objects.requireNonNull(m, "mode")) {
        case READ:
          mode |= LibFsb.R_OK;
          break;
        case WRITE:
          mode |= LibFsb.W_OK;
          break;
        case EXECUTE:
          mode |= LibFsb.X_OK;
          break;
        default:
          throw new UnsupportedOperationException("access mode " + m);
      }
    }
    succeed(Call.ACCESS, LibFsb.fsb_access(path, mode), path);
  }

  @Override
  public boolean exists(Path path) {
    check(path, "path");
    return LibFsb.fsb_exists(path) == 1;
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
    long[] out = new long[LibFsb.STAT_FIELDS];
    succeed(Call.STAT, LibFsb.fsb_stat(path, follow, out), path);
    int mode = (int) out[LibFsb.STAT_MODE];
    return new FileStat(
        FileKind.ofMode(mode),
        out[LibFsb.STAT_SIZE],
        mode,
        (int) out[LibFsb.STAT_UID],
        (int) out[LibFsb.STAT_GID],
        out[LibFsb.STAT_NLINK],
        out[LibFsb.STAT_INO],
        out[LibFsb.STAT_DEV],
        out[LibFsb.STAT_ATIME],
        out[LibFsb.STAT_MTIME],
        out[LibFsb.STAT_CTIME]);
  }

  @Override
  public void chmod(Path path, int mode) throws IOException {
    check(path, "path");
    succeed(Call.CHMOD, LibFsb.fsb_chmod(path, mode & 07777), path);
  }

  @Override
  public void chown(Path path, int uid, int gid) throws IOException {
    check(path, "path");
    succeed(Call.CHOWN, LibFsb.fsb_chown(path, uid, gid), path);
  }

  @Override
  public void utimes(Path path, FileTime atime, FileTime mtime) throws IOException {
    check(path, "path");
    long atimeNanos = Objects.requireNonNull(atime, "atime").to(TimeUnit.NANOSECONDS);
    long mtimeNanos = Objects.requireNonNull(mtime, "mtime").to(TimeUnit.NANOSECONDS);
    succeed(Call.UTIMES, LibFsb.fsb_utimes(path, atimeNanos, mtimeNanos), path);
  }

  @Override
  public void truncate(Path path, long length) throws IOException {
    check(path, "path");
    if (length < 0) {
      throw new IllegalArgumentException("negative length " + length);
    }
    succeed(Call.TRUNCATE, LibFsb.fsb_truncate(path, length), path);
  }

  @Override
  public void mkdir(Path path, MkdirOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    int result = LibFsb.fsb_mkdir(path, options.mode(), options.recursive() ? 1 : 0);
    if (result != 0) {
      if (options.recursive() && result == LinuxErrno.ENOTDIR) {
        IOException asNio = MkdirsFailure.of(path);
        if (asNio != null) {
          throw asNio;
        }
      }
      throw failure(Call.MKDIR, result, path);
    }
  }

  @Override
  public void rmdir(Path path) throws IOException {
    check(path, "path");
    succeed(Call.RMDIR, LibFsb.fsb_rmdir(path), path);
  }

  @Override
  public void unlink(Path path) throws IOException {
    check(path, "path");
    succeed(Call.UNLINK, LibFsb.fsb_unlink(path), path);
  }

  // ---------------------------------------------------------------- content

  /**
   * Reads into this thread's content block and copies the result out once. When the library answers {@code
   * FSB_E_RANGE} with the size it needs, grows the block (or borrows memory past what a thread keeps) and calls again;
   * a file that grew in between just takes another round.
   */
  @Override
  public byte[] readFile(Path path) throws IOException {
    check(path, "path");
    Scratch scratch = Scratch.get();
    long[] length = new long[1];
    NativeBuffer buf = scratch.content();
    NativeBuffer borrowed = null;
    try {
      while (true) {
        int result = LibFsb.fsb_read_file(path, buf.address(), buf.capacity(), length);
        if (result == 0) {
          byte[] out = new byte[(int) Math.min(length[0], buf.capacity())];
          buf.buffer().get(0, out, 0, out.length);
          return out;
        }
        if (result != LibFsb.FSB_E_RANGE) {
          throw failure(Call.READ_FILE, result, path);
        }
        long needed = length[0];
        if (needed <= buf.capacity()) {
          throw new IOException(
              Call.READ_FILE.symbol() + " asked for " + needed + " bytes with a buffer of " + buf.capacity() + " ("
                  + path + ")");
        }
        if (needed > MAX_ARRAY_SIZE) {
          throw new OutOfMemoryError("Required array size too large");
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
    drain(Call.WRITE_FILE, path, data, (buf, len) -> LibFsb.fsb_write_file(path, buf, len));
  }

  @Override
  public void appendFile(Path path, byte[] data) throws IOException {
    check(path, "path");
    Objects.requireNonNull(data, "data");
    drain(Call.APPEND_FILE, path, data, (buf, len) -> LibFsb.fsb_append_file(path, buf, len));
  }

  /** A call that sends {@code len} bytes of a buffer: write_file, append_file. */
  @FunctionalInterface
  private interface Draining {
    int call(long buf, long len);
  }

  /** Copies {@code data} into this thread's content block (or borrowed memory) and runs a draining call on it. */
  private static void drain(Call call, Path path, byte[] data, Draining draining) throws IOException {
    NativeBuffer own = Scratch.get().content(data.length);
    int result;
    if (own != null) {
      own.buffer().put(0, data);
      result = draining.call(own.address(), data.length);
    } else {
      try (NativeBuffer borrowed = NativeBuffer.borrow(data.length)) {
        borrowed.buffer().put(0, data);
        result = draining.call(borrowed.address(), data.length);
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
    // A name prefix, not a path to resolve: the empty prefix makes a directory named by the suffix alone.
    return named(Call.MKDTEMP, LibFsb.fsb_mkdtemp(prefix), prefix);
  }

  @Override
  public Path readlink(Path path) throws IOException {
    check(path, "path");
    return named(Call.READLINK, LibFsb.fsb_readlink(path), path);
  }

  @Override
  public Path realpath(Path path) throws IOException {
    check(path, "path");
    byte[] real = LibFsb.fsb_realpath(path);
    // Empty: the canonical path is the argument itself, byte for byte (so the argument is absolute, and equal to the
    // path parsing the result would make). Returning it saves decoding and parsing a long string into a Path, the step
    // NIO's realpath does not take (it builds its path from the bytes): measured single-shot on 256 canonical paths of
    // about 70 characters, 0.91 ms before against NIO's 0.74, 0.55 ms with it. What it costs: one comparison of the
    // result with the argument, in the library; any other path takes the general way.
    return real != null && real.length == 0 ? path : named(Call.REALPATH, real, path);
  }

  /**
   * The path a name-returning call gave, decoded as {@link PathBytes#decode} does (inlined: this is a hot path), or its
   * failure, whose code the library kept.
   */
  private Path named(Call call, byte[] name, Path path) throws IOException {
    if (name == null) {
      throw failure(call, LibFsb.fsb_last_result(), path);
    }
    return fileSystem().getPath(new String(name, StandardCharsets.UTF_8));
  }

  @Override
  public void rename(Path source, Path target) throws IOException {
    check(source, "source");
    check(target, "target");
    int result = LibFsb.fsb_rename(source, target);
    if (result != 0) {
      throw NativeErrors.of(Call.RENAME, result, source.toString(), target.toString());
    }
  }

  @Override
  public void link(Path existing, Path link) throws IOException {
    check(existing, "existing");
    check(link, "link");
    int result = LibFsb.fsb_link(existing, link);
    if (result != 0) {
      throw NativeErrors.of(Call.LINK, result, link.toString(), existing.toString());
    }
  }

  @Override
  public void symlink(Path target, Path link) throws IOException {
    check(target, "target");
    check(link, "link");
    // The target is stored verbatim, so the empty path stays empty (and fails as NIO's does).
    succeed(Call.SYMLINK, LibFsb.fsb_symlink(target, link), link);
  }

  @Override
  public void copyFile(Path source, Path target, CopyFileOptions options) throws IOException {
    check(source, "source");
    check(target, "target");
    Objects.requireNonNull(options, "options");
    int flags =
        (options.replaceExisting() ? LibFsb.COPY_REPLACE : 0)
            | (options.preserve() ? LibFsb.COPY_PRESERVE : 0)
            | (options.cloneHint() ? LibFsb.COPY_CLONE : 0);
    int result = LibFsb.fsb_copy_file(source, target, flags);
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
    long[] out = new long[2];
    int result =
        LibFsb.fsb_readdir(path, options.recursive() ? 1 : 0, concurrency(options.concurrency()), out);
    if (result != 0) {
      throw treeFailure(Call.READDIR, result, path);
    }
    long address = out[0];
    long length = out[1];
    try {
      return PackedResults.names(view(address, length, Call.READDIR), Scratch.get(), Call.READDIR);
    } finally {
      LibFsb.fsb_free(address, length);
    }
  }

  @Override
  public List<String> glob(Path cwd, List<String> patterns, GlobOptions options) throws IOException {
    check(cwd, "cwd");
    Objects.requireNonNull(patterns, "patterns");
    Objects.requireNonNull(options, "options");
    patterns.forEach(pattern -> Objects.requireNonNull(pattern, "pattern"));
    if (patterns.isEmpty()) {
      throw new IllegalArgumentException("glob needs at least one pattern");
    }
    byte[] packed = PathBytes.patterns(patterns);
    int flags = (options.includeDirectories() ? LibFsb.GLOB_DIRECTORIES : 0) | (options.dot() ? LibFsb.GLOB_DOT : 0);
    Scratch scratch = Scratch.get();
    long[] out = new long[2];
    int result;
    NativeBuffer own = scratch.content(packed.length);
    try (NativeBuffer borrowed = own == null ? NativeBuffer.borrow(packed.length) : null) {
      NativeBuffer buf = own != null ? own : borrowed;
      buf.buffer().put(0, packed);
      result =
          LibFsb.fsb_glob(
              cwd, buf.address(), packed.length, flags, concurrency(options.concurrency()), out);
    }
    if (result == LibFsb.FSB_E_INVAL_PATTERN) {
      throw new IllegalArgumentException("malformed or absolute glob pattern: '" + lastErrorPath() + "'");
    }
    if (result != 0) {
      throw treeFailure(Call.GLOB, result, cwd);
    }
    long address = out[0];
    long length = out[1];
    try {
      return PackedResults.names(view(address, length, Call.GLOB), scratch, Call.GLOB);
    } finally {
      LibFsb.fsb_free(address, length);
    }
  }

  @Override
  public List<ScanEntry> scan(Path root, ScanOptions options) throws IOException {
    check(root, "root");
    Objects.requireNonNull(options, "options");
    int flags =
        (options.followLinks() ? LibFsb.SCAN_FOLLOW : 0) | (options.includeDirectories() ? LibFsb.SCAN_DIRECTORIES : 0);
    long[] out = new long[2];
    int result = LibFsb.fsb_scan(root, flags, concurrency(options.concurrency()), out);
    if (result != 0) {
      throw treeFailure(Call.SCAN, result, root);
    }
    long address = out[0];
    long length = out[1];
    try {
      return PackedResults.scanEntries(view(address, length, Call.SCAN), Scratch.get());
    } finally {
      LibFsb.fsb_free(address, length);
    }
  }

  @Override
  public void cp(Path source, Path target, CpOptions options) throws IOException {
    check(source, "source");
    check(target, "target");
    Objects.requireNonNull(options, "options");
    int flags =
        (options.preserveTimestamps() ? LibFsb.CP_PRESERVE_TIMESTAMPS : 0) | (options.overwrite() ? LibFsb.CP_OVERWRITE : 0);
    int result = LibFsb.fsb_cp(source, target, flags, concurrency(options.concurrency()));
    if (result == 0) {
      return;
    }
    if (result > 0 && NativeErrors.errno(result) == LinuxErrno.EINVAL) {
      // The ABI's one EINVAL of cp: a directory copied into itself, refused before anything was written.
      throw FsErrors.intoItself(source, target);
    }
    IOException failure = treeFailure(Call.CP, result, NativeErrors.concernsSecond(result) ? target : source);
    if (result > 0 && NativeErrors.errno(result) == LinuxErrno.ENOTDIR && failure instanceof FileSystemException) {
      // The library says ENOTDIR when a non-directory stands where a directory is to be created; NIO's tree copy
      // says FileAlreadyExistsException for it (createDirectory finds the name taken). A missing path below a file
      // is ENOTDIR for both; only an existing non-directory at the named path tells the two apart.
      String named = ((FileSystemException) failure).getFile();
      if (isExistingNonDirectory(named)) {
        throw new FileAlreadyExistsException(named);
      }
      // The target itself, missing: creating its parents failed, which NIO does with Files.createDirectories.
      Path parent = target.getParent();
      if (parent != null && named.equals(target.toString())) {
        IOException asNio = MkdirsFailure.of(parent);
        if (asNio != null) {
          throw asNio;
        }
      }
    }
    throw failure;
  }

  /** Whether {@code path} names something that is not a directory, links not followed; on the error path only. */
  private boolean isExistingNonDirectory(String path) {
    Path named;
    try {
      named = fileSystem().getPath(path);
    } catch (InvalidPathException e) {
      return false;
    }
    long[] out = new long[LibFsb.STAT_FIELDS];
    int result = LibFsb.fsb_stat(named, 0, out);
    return result == 0 && FileKind.ofMode((int) out[LibFsb.STAT_MODE]) != FileKind.DIRECTORY;
  }

  @Override
  public void rm(Path path, RmOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    int flags = (options.recursive() ? LibFsb.RM_RECURSIVE : 0) | (options.force() ? LibFsb.RM_FORCE : 0);
    int result = LibFsb.fsb_rm(path, flags, concurrency(options.concurrency()));
    if (result != 0) {
      throw treeFailure(Call.RM, result, path);
    }
  }

  /** The library's result buffer as a ByteBuffer over its memory (no copy). */
  private static ByteBuffer view(long address, long length, Call call) throws IOException {
    if (length == 0) {
      return ByteBuffer.allocate(0);
    }
    if (address == 0 || length < 0 || length > Integer.MAX_VALUE) {
      throw new IOException(call.symbol() + " returned a result of " + length + " bytes at address " + address);
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
    return NativeErrors.of(call, result, path.toString(), null);
  }

  /** The failure of a tree call, naming the path the library recorded, or {@code fallback} if it recorded none. */
  private IOException treeFailure(Call call, int result, Path fallback) {
    String recorded = result > 0 ? lastErrorPath() : "";
    return NativeErrors.of(call, result, recorded.isEmpty() ? fallback.toString() : normalized(recorded), null);
  }

  /** The path this thread's last failed tree call recorded, or "" if none. */
  private static String lastErrorPath() {
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
    return length <= 0 ? "" : PackedResults.string(buf.buffer(), 0, (int) Math.min(length, buf.capacity()), scratch);
  }

  /** The recorded path in NIO's spelling (no doubled or trailing slash), as a path resolved by NIO would print. */
  private String normalized(String recorded) {
    try {
      return fileSystem().getPath(recorded).toString();
    } catch (InvalidPathException e) {
      return recorded;
    }
  }
}
