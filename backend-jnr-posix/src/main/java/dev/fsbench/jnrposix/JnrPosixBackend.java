package dev.fsbench.jnrposix;

import dev.fsbench.nio.NioBackend;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.MkdirOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import dev.fsbench.support.DeclaredRoutes;
import dev.fsbench.support.DefaultFileSystemOnly;
import dev.fsbench.support.ForwardingFsBackend;
import dev.fsbench.support.LazyExecutor;
import dev.fsbench.support.NioFallback;
import dev.fsbench.support.NioFallbacks;
import dev.fsbench.support.OwnRoute;
import java.io.IOException;
import java.nio.file.AccessMode;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import jnr.constants.platform.Access;
import jnr.posix.POSIX;

/**
 * The {@code jnr-posix} backend: the peer a JVM engineer weighs before a native library of their
 * own. jnr-posix 3.2 (JRuby's POSIX layer) binds libc through jnr-ffi, whose calls go through a
 * small JNI stub (jffi) with generated call sites; its maintainers say a call costs close to
 * hand-written JNI. Every family jnr-posix has a call for goes through that call; the others are
 * handed to {@link NioBackend}, and {@link #route} says which is which, with the reason. It is a
 * {@link ForwardingFsBackend} over its own {@code NioBackend}, overriding the families jnr-posix
 * serves; its async forms run its own sync calls on an executor of its own.
 *
 * <pre>{@code
 * try (FsBackend jnr = Backends.create("jnr-posix", BackendConfig.DEFAULT)) {
 *   jnr.chmod(path, 0640);        // POSIX.chmod(path, 0640)
 *   jnr.route(Op.READDIR);        // nio fallback: ... no opendir/readdir ...
 * }
 * }</pre>
 *
 * <h2>Routes</h2>
 *
 * <table>
 *   <caption>Which jnr-posix call serves each family, or why NIO does</caption>
 *   <tr><th>family</th><th>jnr-posix call</th><th>notes</th></tr>
 *   <tr><td>access, exists</td><td>{@code POSIX.access(path, mode)}</td>
 *       <td>exists: {@code F_OK}, true when it returns 0</td></tr>
 *   <tr><td>stat, lstat</td><td>{@code POSIX.stat / lstat(path, FileStat)}</td>
 *       <td>{@code __xstat64} / {@code __lxstat64}; times in ns ({@link Stats})</td></tr>
 *   <tr><td>chmod, chown</td><td>{@code POSIX.chmod}, {@code POSIX.chown}</td><td></td></tr>
 *   <tr><td>link, symlink</td><td>{@code POSIX.link}, {@code POSIX.symlink}</td>
 *       <td>the link's target verbatim</td></tr>
 *   <tr><td>readlink</td><td>{@code POSIX.readlink(path, byte[], length)}</td>
 *       <td>the bytes, not its {@code readlink(String)}, which cuts targets at 256 bytes and
 *       decodes them as ASCII</td></tr>
 *   <tr><td>rename</td><td>{@code POSIX.rename}</td><td></td></tr>
 *   <tr><td>mkdir, rmdir</td><td>{@code POSIX.mkdir}, {@code POSIX.rmdir}</td>
 *       <td>errors through the handler; recursive mkdir is NIO's algorithm with these calls
 *       ({@link Directories})</td></tr>
 *   <tr><td>unlink, truncate</td><td>{@code POSIX.unlink}, {@code POSIX.truncate}</td><td></td></tr>
 *   <tr><td>utimes</td><td>{@code POSIX.utimensat(AT_FDCWD, path, atime, mtime, 0)}</td>
 *       <td>nanoseconds, links followed</td></tr>
 *   <tr><td>readFile, writeFile, appendFile</td><td>{@code POSIX.open} + {@code read} / {@code
 *       write} + {@code close}</td><td>within {@code ReadLimit}; short writes continued
 *       ({@link Content})</td></tr>
 *   <tr><td>copyFile</td><td>none: NIO</td><td>no copy call</td></tr>
 *   <tr><td>cp, rm, readdir, glob, scan</td><td>none: NIO</td>
 *       <td>no directory listing (opendir/readdir), no tree walk</td></tr>
 *   <tr><td>mkdtemp, realpath</td><td>none: NIO</td><td>not bound by jnr-posix</td></tr>
 * </table>
 *
 * <h2>Where it cannot go</h2>
 *
 * jnr-posix takes paths as Strings and passes them to the kernel: it addresses only the default
 * filesystem, so on another one (Jimfs) every family is NIO's, and the routes say so ({@link
 * DefaultFileSystemOnly} below). On the default filesystem, a path whose String would reach the
 * kernel as other bytes than its own goes to NIO ({@link Names}). Both decisions read the same
 * table the routes come from.
 *
 * <h2>Where the routes are declared</h2>
 *
 * Beside the code, and {@link DeclaredRoutes} derives the table from them: an {@link OwnRoute} on
 * each method jnr-posix does, every one noting that a path whose string would name another file
 * goes to NIO ({@link #STRING_NAMES}); below, the families jnr-posix has no call for, with the
 * reason; and {@link DefaultFileSystemOnly}: jnr-posix calls the kernel with path strings, so on
 * any other filesystem (Jimfs) every family is NIO's and its route says so. The dispatch reads the
 * same derived table ({@code addressable} is the route of stat), so a route and the code that runs
 * cannot drift apart.
 *
 * <h2>Errors</h2>
 *
 * jnr-posix returns -1 and leaves the errno ({@code POSIX.errno()}), except {@code mkdir} and
 * {@code rmdir}, which report through the {@code POSIXHandler}: the backend gives jnr-posix its own
 * ({@link FailingHandler}), which prints nothing and hands the errno back. Either way the errno
 * becomes what {@code java.nio.file.Files} throws for the equivalent call ({@link Errors}), naming
 * the paths NIO names: a rename the source and the target, a hard link the link and the existing
 * file, a symbolic link the link.
 */
@DefaultFileSystemOnly(
    "jnr-posix passes path strings to the kernel, which cannot address a {scheme} filesystem")
@NioFallbacks(
    otherwise = "jnr-posix binds no call for it",
    value = {
      @NioFallback(
          op = Op.COPY_FILE,
          reason = "jnr-posix has no copy call (no sendfile or copy_file_range binding)"),
      @NioFallback(op = Op.CP, reason = JnrPosixBackend.NO_LISTING),
      @NioFallback(op = Op.RM, reason = JnrPosixBackend.NO_LISTING),
      @NioFallback(op = Op.READDIR, reason = JnrPosixBackend.NO_LISTING),
      @NioFallback(op = Op.GLOB, reason = JnrPosixBackend.NO_LISTING + ", and has no glob"),
      @NioFallback(op = Op.SCAN, reason = JnrPosixBackend.NO_LISTING),
      @NioFallback(
          op = Op.LINES,
          reason =
              "jnr-posix reads bytes (POSIX.read), not lines: the line splitting over them would"
                  + " be this adapter's code, not jnr-posix's"),
      @NioFallback(op = Op.MKDTEMP, reason = "jnr-posix binds no mkdtemp"),
      @NioFallback(op = Op.REALPATH, reason = "jnr-posix binds no realpath")
    })
public final class JnrPosixBackend extends ForwardingFsBackend {

  /** The id the provider registers. */
  public static final String ID = "jnr-posix";

  /** {@code AT_FDCWD} on Linux: {@code utimensat} relative to the working directory. */
  static final int AT_FDCWD = -100;

  private static final int F_OK = Access.F_OK.intValue();
  private static final int R_OK = Access.R_OK.intValue();
  private static final int W_OK = Access.W_OK.intValue();
  private static final int X_OK = Access.X_OK.intValue();

  /**
   * The note every own route carries: the names a String cannot carry ({@link Names}: bytes not
   * valid in {@code sun.jnu.encoding}, or non-ASCII where jnr-ffi's charset is another).
   */
  static final String STRING_NAMES = "; NIO for a path whose String would name another file";

  /** Why the tree families are NIO's. */
  static final String NO_LISTING =
      "jnr-posix binds no directory listing (no opendir/readdir) and walks no tree";

  private final POSIX posix;

  /** The routes declared here, on this backend's filesystem: what {@link #route} answers. */
  private final Map<Op, Route> routes;

  /** Whether jnr-posix can address this backend's filesystem at all: the default one only. */
  private final boolean addressable;

  /**
   * The async forms run this backend's sync calls on threads of its own, not on the NIO delegate's.
   */
  private final LazyExecutor async;

  /** With jnr-posix's native POSIX, as the provider creates it. */
  JnrPosixBackend(BackendConfig config, POSIX posix) {
    super(new NioBackend(config));
    this.posix = Objects.requireNonNull(posix, "posix");
    this.routes = DeclaredRoutes.of(JnrPosixBackend.class).on(config.fileSystem());
    this.addressable = !routes.get(Op.STAT).isFallback();
    this.async = new LazyExecutor(ID, config.asyncThreads());
  }

  @Override
  public String id() {
    return ID;
  }

  @Override
  public Route route(Op op) {
    return routes.get(Objects.requireNonNull(op, "op"));
  }

  @Override
  public Set<Capability> capabilities() {
    // the fallbacks are NIO's, and jnr-posix's own families need nothing NIO lacks
    return delegate().capabilities();
  }

  @Override
  public Executor asyncExecutor() {
    return async.get();
  }

  @Override
  public void close() {
    try {
      async.close();
    } finally {
      super.close();
    }
  }

  /** The string jnr-posix gets for {@code path}, or null: NIO serves the call. */
  private String name(Path path) {
    return addressable ? Names.argument(path) : null;
  }

  // ---------------------------------------------------------------- metadata

  @OwnRoute(op = Op.ACCESS, via = "POSIX.access(path, mode): access(2)" + STRING_NAMES)
  @Override
  public void access(Path path, AccessMode... modes) throws IOException {
    check(path, "path");
    int mode = F_OK;
    for (AccessMode m : Objects.requireNonNull(modes, "modes")) {
      switch (Objects.requireNonNull(m, "mode")) {
        case READ:
          mode |= R_OK;
          break;
        case WRITE:
          mode |= W_OK;
          break;
        case EXECUTE:
          mode |= X_OK;
          break;
      }
    }
    String s = name(path);
    if (s == null) {
      delegate().access(path, modes);
      return;
    }
    if (posix.access(s, mode) != 0) {
      throw Errors.of(posix, Call.ACCESS, posix.errno(), path);
    }
  }

  @OwnRoute(op = Op.EXISTS, via = "POSIX.access(path, F_OK) == 0" + STRING_NAMES)
  @Override
  public boolean exists(Path path) {
    check(path, "path");
    String s = name(path);
    return s == null ? delegate().exists(path) : posix.access(s, F_OK) == 0;
  }

  @OwnRoute(
      op = Op.STAT,
      via =
          "POSIX.stat(path, FileStat): __xstat64, times in ns (NanosecondFileStat)" + STRING_NAMES)
  @Override
  public FileStat stat(Path path) throws IOException {
    check(path, "path");
    String s = name(path);
    if (s == null) {
      return delegate().stat(path);
    }
    jnr.posix.FileStat st = posix.allocateStat();
    if (posix.stat(s, st) != 0) {
      throw Errors.of(posix, Call.STAT, posix.errno(), path);
    }
    return Stats.of(st);
  }

  @OwnRoute(
      op = Op.LSTAT,
      via =
          "POSIX.lstat(path, FileStat): __lxstat64, times in ns (NanosecondFileStat)"
              + STRING_NAMES)
  @Override
  public FileStat lstat(Path path) throws IOException {
    check(path, "path");
    String s = name(path);
    if (s == null) {
      return delegate().lstat(path);
    }
    jnr.posix.FileStat st = posix.allocateStat();
    if (posix.lstat(s, st) != 0) {
      throw Errors.of(posix, Call.LSTAT, posix.errno(), path);
    }
    return Stats.of(st);
  }

  @OwnRoute(op = Op.CHMOD, via = "POSIX.chmod(path, mode & 07777)" + STRING_NAMES)
  @Override
  public void chmod(Path path, int mode) throws IOException {
    check(path, "path");
    String s = name(path);
    if (s == null) {
      delegate().chmod(path, mode);
      return;
    }
    if (posix.chmod(s, mode & 07777) != 0) {
      throw Errors.of(posix, Call.CHMOD, posix.errno(), path);
    }
  }

  @OwnRoute(op = Op.CHOWN, via = "POSIX.chown(path, uid, gid)" + STRING_NAMES)
  @Override
  public void chown(Path path, int uid, int gid) throws IOException {
    check(path, "path");
    String s = name(path);
    if (s == null) {
      delegate().chown(path, uid, gid);
      return;
    }
    if (posix.chown(s, uid, gid) != 0) {
      throw Errors.of(posix, Call.CHOWN, posix.errno(), path);
    }
  }

  @OwnRoute(
      op = Op.UTIMES,
      via = "POSIX.utimensat(AT_FDCWD, path, atime, mtime, 0): ns, links followed" + STRING_NAMES)
  @Override
  public void utimes(Path path, FileTime atime, FileTime mtime) throws IOException {
    check(path, "path");
    long atimeNanos = Objects.requireNonNull(atime, "atime").to(TimeUnit.NANOSECONDS);
    long mtimeNanos = Objects.requireNonNull(mtime, "mtime").to(TimeUnit.NANOSECONDS);
    String s = name(path);
    if (s == null) {
      delegate().utimes(path, atime, mtime);
      return;
    }
    if (posix.utimensat(AT_FDCWD, s, timespec(atimeNanos), timespec(mtimeNanos), 0) != 0) {
      throw Errors.of(posix, Call.UTIMENSAT, posix.errno(), path);
    }
  }

  /** A {@code struct timespec} as jnr-posix takes it: seconds and nanoseconds. */
  private static long[] timespec(long nanos) {
    return new long[] {Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L)};
  }

  @OwnRoute(op = Op.TRUNCATE, via = "POSIX.truncate(path, length)" + STRING_NAMES)
  @Override
  public void truncate(Path path, long length) throws IOException {
    check(path, "path");
    if (length < 0) {
      throw new IllegalArgumentException("negative length " + length);
    }
    String s = name(path);
    if (s == null) {
      delegate().truncate(path, length);
      return;
    }
    if (posix.truncate(s, length) != 0) {
      throw Errors.of(posix, Call.TRUNCATE, posix.errno(), path);
    }
  }

  // ---------------------------------------------------------------- names

  @OwnRoute(
      op = Op.MKDIR,
      via =
          "POSIX.mkdir(path, mode), errors through its POSIXHandler; recursive: Files.createDirectories'"
              + " algorithm (the leaf, then POSIX.access up to the first existing ancestor, then"
              + " POSIX.mkdir down)"
              + STRING_NAMES)
  @Override
  public void mkdir(Path path, MkdirOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    String s = name(path);
    // recursive: the ancestors are named by the strings of the absolute path's prefixes
    if (s == null || (options.recursive() && name(path.toAbsolutePath()) == null)) {
      delegate().mkdir(path, options);
      return;
    }
    int mode = options.mode() & 07777;
    if (options.recursive()) {
      Directories.mkdirs(posix, s, path, mode);
    } else {
      Directories.mkdir(posix, s, path, mode);
    }
  }

  @OwnRoute(
      op = Op.RMDIR,
      via = "POSIX.rmdir(path), errors through its POSIXHandler" + STRING_NAMES)
  @Override
  public void rmdir(Path path) throws IOException {
    check(path, "path");
    String s = name(path);
    if (s == null) {
      delegate().rmdir(path);
      return;
    }
    Directories.rmdir(posix, s, path);
  }

  @OwnRoute(op = Op.UNLINK, via = "POSIX.unlink(path)" + STRING_NAMES)
  @Override
  public void unlink(Path path) throws IOException {
    check(path, "path");
    String s = name(path);
    if (s == null) {
      delegate().unlink(path);
      return;
    }
    if (posix.unlink(s) != 0) {
      throw Errors.of(posix, Call.UNLINK, posix.errno(), path);
    }
  }

  @OwnRoute(op = Op.RENAME, via = "POSIX.rename(source, target): rename(2)" + STRING_NAMES)
  @Override
  public void rename(Path source, Path target) throws IOException {
    check(source, "source");
    check(target, "target");
    String from = name(source);
    String to = name(target);
    if (from == null || to == null) {
      delegate().rename(source, target);
      return;
    }
    if (posix.rename(from, to) != 0) {
      throw Errors.of(posix, Call.RENAME, posix.errno(), source.toString(), target.toString());
    }
  }

  @OwnRoute(op = Op.LINK, via = "POSIX.link(existing, link)" + STRING_NAMES)
  @Override
  public void link(Path existing, Path link) throws IOException {
    check(existing, "existing");
    check(link, "link");
    String from = name(existing);
    String to = name(link);
    if (from == null || to == null) {
      delegate().link(existing, link);
      return;
    }
    if (posix.link(from, to) != 0) {
      throw Errors.of(posix, Call.LINK, posix.errno(), link.toString(), existing.toString());
    }
  }

  @OwnRoute(
      op = Op.SYMLINK,
      via = "POSIX.symlink(target, link), the target verbatim" + STRING_NAMES)
  @Override
  public void symlink(Path target, Path link) throws IOException {
    check(target, "target");
    check(link, "link");
    String stored = addressable ? Names.verbatim(target) : null;
    String at = name(link);
    if (stored == null || at == null) {
      delegate().symlink(target, link);
      return;
    }
    if (posix.symlink(stored, at) != 0) {
      throw Errors.of(posix, Call.SYMLINK, posix.errno(), link);
    }
  }

  /**
   * Reads the target into a byte array that grows until the target fits with a byte to spare
   * (readlink(2) fills the buffer without saying whether it cut the target): 256 bytes first, as
   * jnr-posix's own {@code readlink(String)} has.
   */
  @OwnRoute(
      op = Op.READLINK,
      via =
          "POSIX.readlink(path, byte[], length), the buffer grown until the target fits; NIO for a"
              + " target not valid in sun.jnu.encoding"
              + STRING_NAMES)
  @Override
  public Path readlink(Path path) throws IOException {
    check(path, "path");
    String s = name(path);
    if (s == null) {
      return delegate().readlink(path);
    }
    byte[] buf = new byte[256];
    while (true) {
      int n = posix.readlink(s, buf, buf.length);
      if (n < 0) {
        throw Errors.of(posix, Call.READLINK, posix.errno(), path);
      }
      if (n < buf.length) {
        Path target = Names.toPath(fileSystem(), buf, n);
        // a target a String cannot hold: NIO reads it again, into a path of its bytes
        return target != null ? target : delegate().readlink(path);
      }
      buf = new byte[buf.length * 4];
    }
  }

  // ---------------------------------------------------------------- content

  @OwnRoute(
      op = Op.READ_FILE,
      via =
          "POSIX.open(O_RDONLY | O_CLOEXEC) + fstat + read into the array (heap ByteBuffer) +"
              + " close; a size fstat does not know read in doubling buffers, within ReadLimit"
              + STRING_NAMES)
  @Override
  public byte[] readFile(Path path) throws IOException {
    check(path, "path");
    String s = name(path);
    return s == null ? delegate().readFile(path) : Content.read(posix, s, path);
  }

  @OwnRoute(
      op = Op.WRITE_FILE,
      via =
          "POSIX.open(O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666) + write until all is written"
              + " + close"
              + STRING_NAMES)
  @Override
  public void writeFile(Path path, byte[] data) throws IOException {
    check(path, "path");
    Objects.requireNonNull(data, "data");
    String s = name(path);
    if (s == null) {
      delegate().writeFile(path, data);
      return;
    }
    Content.write(posix, s, path, data, false);
  }

  @OwnRoute(
      op = Op.APPEND_FILE,
      via =
          "POSIX.open(O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666) + write until all is"
              + " written + close"
              + STRING_NAMES)
  @Override
  public void appendFile(Path path, byte[] data) throws IOException {
    check(path, "path");
    Objects.requireNonNull(data, "data");
    String s = name(path);
    if (s == null) {
      delegate().appendFile(path, data);
      return;
    }
    Content.write(posix, s, path, data, true);
  }
}
