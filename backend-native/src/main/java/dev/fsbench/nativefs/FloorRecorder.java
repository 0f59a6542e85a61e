package dev.fsbench.nativefs;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.Floor;
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
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessMode;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * The backend a floor's workload calls: each call is recorded as a {@link FloorCall}, in the
 * library's terms (the same flags, modes and path bytes {@link LibraryBackend} passes), and nothing
 * is done. Every method returns a placeholder: {@code null}, {@code false}.
 *
 * <p>Sync calls only: a floor's batch is one call after another, so the async forms, which would
 * record from other threads in any order, are refused ({@link #asyncExecutor()}).
 */
final class FloorRecorder extends AbstractFsBackend {
  private static final byte[] NONE = new byte[0];

  private final Floor floor;
  private final List<FloorCall> recorded = new ArrayList<>();

  FloorRecorder(Floor floor) {
    super(floor.id(), BackendConfig.DEFAULT);
    this.floor = floor;
  }

  /** The calls recorded since the last take, in order; the recorder starts afresh. */
  List<FloorCall> take() {
    List<FloorCall> calls = List.copyOf(recorded);
    recorded.clear();
    return calls;
  }

  @Override
  public Route route(Op op) {
    return floor.route(Objects.requireNonNull(op, "op"));
  }

  @Override
  public Set<Capability> capabilities() {
    return floor.capabilities();
  }

  @Override
  public Executor asyncExecutor() {
    throw new UnsupportedOperationException(
        "floor '" + id() + "' records sync calls only: its batch is one call after another");
  }

  private void record(Op call, FloorCall.Result result, Path first, Path second, long... args) {
    record(call, result, first, second, NONE, args);
  }

  private void record(
      Op call, FloorCall.Result result, Path first, Path second, byte[] data, long... args) {
    byte[] one = call == Op.SYMLINK || call == Op.MKDTEMP ? verbatim(first) : argument(first);
    byte[] bytes = one;
    if (second != null) {
      byte[] other = argument(second);
      bytes = new byte[one.length + other.length];
      System.arraycopy(one, 0, bytes, 0, one.length);
      System.arraycopy(other, 0, bytes, one.length, other.length);
    }
    recorded.add(new FloorCall(call, result, first, second, bytes, fourArgs(args), data));
  }

  private byte[] argument(Path path) {
    return PathBytes.argument(check(path, "path"));
  }

  private byte[] verbatim(Path path) {
    return PathBytes.verbatim(check(path, "path"));
  }

  private static long[] fourArgs(long... args) {
    long[] four = new long[4];
    System.arraycopy(args, 0, four, 0, args.length);
    return four;
  }

  // ---------------------------------------------------------------- single paths

  @Override
  public void access(Path path, AccessMode... modes) {
    record(Op.ACCESS, FloorCall.Result.NONE, path, null, Abi.accessMode(modes));
  }

  @Override
  public boolean exists(Path path) {
    record(Op.EXISTS, FloorCall.Result.EXISTS, path, null);
    return false;
  }

  @Override
  public FileStat stat(Path path) {
    record(Op.STAT, FloorCall.Result.STAT, path, null, 1);
    return null;
  }

  @Override
  public FileStat lstat(Path path) {
    record(Op.LSTAT, FloorCall.Result.STAT, path, null, 0);
    return null;
  }

  @Override
  public void chmod(Path path, int mode) {
    record(Op.CHMOD, FloorCall.Result.NONE, path, null, mode & 07777);
  }

  @Override
  public void chown(Path path, int uid, int gid) {
    record(Op.CHOWN, FloorCall.Result.NONE, path, null, uid, gid);
  }

  @Override
  public void utimes(Path path, FileTime atime, FileTime mtime) {
    long a = Objects.requireNonNull(atime, "atime").to(TimeUnit.NANOSECONDS);
    long m = Objects.requireNonNull(mtime, "mtime").to(TimeUnit.NANOSECONDS);
    record(Op.UTIMES, FloorCall.Result.NONE, path, null, a, m);
  }

  @Override
  public void truncate(Path path, long length) {
    if (length < 0) {
      throw new IllegalArgumentException("negative length " + length);
    }
    record(Op.TRUNCATE, FloorCall.Result.NONE, path, null, length);
  }

  @Override
  public void mkdir(Path path, MkdirOptions options) {
    Objects.requireNonNull(options, "options");
    record(
        Op.MKDIR, FloorCall.Result.NONE, path, null, options.mode(), options.recursive() ? 1 : 0);
  }

  @Override
  public void rmdir(Path path) {
    record(Op.RMDIR, FloorCall.Result.NONE, path, null);
  }

  @Override
  public void unlink(Path path) {
    record(Op.UNLINK, FloorCall.Result.NONE, path, null);
  }

  // ---------------------------------------------------------------- content

  @Override
  public byte[] readFile(Path path) {
    record(Op.READ_FILE, FloorCall.Result.BYTES, path, null);
    return null;
  }

  @Override
  public String readFileText(Path path) {
    record(Op.READ_FILE, FloorCall.Result.TEXT, path, null);
    return null;
  }

  @Override
  public List<String> lines(Path path, long from, int count) {
    LineBudget.checkRange(from, count);
    record(Op.LINES, FloorCall.Result.LINES, path, null, from, count, LineBudget.bytes());
    return null;
  }

  @Override
  public void writeFile(Path path, byte[] data) {
    record(Op.WRITE_FILE, FloorCall.Result.NONE, path, null, Objects.requireNonNull(data, "data"));
  }

  @Override
  public void writeFile(Path path, String text) {
    writeFile(path, text.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public void appendFile(Path path, byte[] data) {
    record(Op.APPEND_FILE, FloorCall.Result.NONE, path, null, Objects.requireNonNull(data, "data"));
  }

  @Override
  public void appendFile(Path path, String text) {
    appendFile(path, text.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public void copyFile(Path source, Path target, CopyFileOptions options) {
    Objects.requireNonNull(target, "target");
    record(
        Op.COPY_FILE,
        FloorCall.Result.NONE,
        source,
        target,
        Abi.copyFileFlags(Objects.requireNonNull(options, "options")));
  }

  // ---------------------------------------------------------------- names

  @Override
  public Path mkdtemp(Path prefix) {
    if (check(prefix, "prefix").getFileName() == null) {
      throw new IllegalArgumentException("mkdtemp needs a name prefix, not a root: " + prefix);
    }
    record(Op.MKDTEMP, FloorCall.Result.NAME, prefix, null);
    return null;
  }

  @Override
  public Path readlink(Path path) {
    record(Op.READLINK, FloorCall.Result.NAME, path, null);
    return null;
  }

  @Override
  public Path realpath(Path path) {
    record(Op.REALPATH, FloorCall.Result.NAME, path, null);
    return null;
  }

  @Override
  public void rename(Path source, Path target) {
    record(Op.RENAME, FloorCall.Result.NONE, source, Objects.requireNonNull(target, "target"));
  }

  @Override
  public void link(Path existing, Path link) {
    record(Op.LINK, FloorCall.Result.NONE, existing, Objects.requireNonNull(link, "link"));
  }

  @Override
  public void symlink(Path target, Path link) {
    record(Op.SYMLINK, FloorCall.Result.NONE, target, Objects.requireNonNull(link, "link"));
  }

  // ---------------------------------------------------------------- trees

  @Override
  public List<String> readdir(Path path, ReaddirOptions options) {
    Objects.requireNonNull(options, "options");
    record(
        Op.READDIR,
        FloorCall.Result.NAMES,
        path,
        null,
        options.recursive() ? 1 : 0,
        concurrency(options.concurrency()));
    return null;
  }

  @Override
  public List<String> glob(Path cwd, List<String> patterns, GlobOptions options) {
    Objects.requireNonNull(patterns, "patterns");
    Objects.requireNonNull(options, "options");
    if (patterns.isEmpty()) {
      throw new IllegalArgumentException("glob needs at least one pattern");
    }
    record(
        Op.GLOB,
        FloorCall.Result.NAMES,
        cwd,
        null,
        PathBytes.patterns(patterns),
        Abi.globFlags(options),
        concurrency(options.concurrency()));
    return null;
  }

  @Override
  public List<ScanEntry> scan(Path root, ScanOptions options) {
    Objects.requireNonNull(options, "options");
    record(
        Op.SCAN,
        FloorCall.Result.SCAN,
        root,
        null,
        Abi.scanFlags(options),
        concurrency(options.concurrency()));
    return null;
  }

  @Override
  public void cp(Path source, Path target, CpOptions options) {
    Objects.requireNonNull(options, "options");
    record(
        Op.CP,
        FloorCall.Result.NONE,
        source,
        Objects.requireNonNull(target, "target"),
        Abi.cpFlags(options),
        concurrency(options.concurrency()));
  }

  @Override
  public void rm(Path path, RmOptions options) {
    Objects.requireNonNull(options, "options");
    record(
        Op.RM,
        FloorCall.Result.NONE,
        path,
        null,
        Abi.rmFlags(options),
        concurrency(options.concurrency()));
  }
}
