package dev.fsbench.commonsio;

import dev.fsbench.nio.NioBackend;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FsErrors;
import dev.fsbench.spi.MkdirOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ReaddirOptions;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.spi.Route;
import dev.fsbench.spi.ScanEntry;
import dev.fsbench.spi.ScanOptions;
import dev.fsbench.support.ForwardingFsBackend;
import dev.fsbench.support.LazyExecutor;
import dev.fsbench.support.StringNames;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;

/**
 * The {@code commons-io} backend: the peer baseline, what a JVM team uses today when {@code
 * java.nio.file} feels too low-level. Every family Apache Commons IO 2.22.0 has an operation for
 * goes through that operation; the others are handed to {@link NioBackend}, and {@link #route} says
 * which is which, with the reason. It is a {@link ForwardingFsBackend} over its own {@code
 * NioBackend}, overriding the families Commons IO serves, so the fourteen it has no operation for
 * are the SPI's forwarders; its async forms run its own sync calls on an executor of its own.
 *
 * <pre>{@code
 * try (FsBackend cio = Backends.create("commons-io", BackendConfig.DEFAULT)) {
 *   cio.cp(src, dst, CpOptions.DEFAULT);               // a CopyDirectoryVisitor walk
 *   cio.route(Op.STAT);                                // nio fallback: ... no uid, gid, ino ...
 * }
 * }</pre>
 *
 * <h2>Routes</h2>
 *
 * <table>
 *   <caption>Which Commons IO call serves each family, or why NIO does</caption>
 *   <tr><th>family</th><th>Commons IO call</th><th>notes</th></tr>
 *   <tr><td>appendFile</td><td>{@code PathUtils.newOutputStream(path, true)} + {@code IOUtils.write}</td>
 *       <td>what {@code FileUtils.writeByteArrayToFile(file, data, true)} does, on a Path</td></tr>
 *   <tr><td>writeFile</td><td>{@code PathUtils.newOutputStream(path, false)} + {@code IOUtils.write}</td>
 *       <td>as appendFile; both check the parent first ({@link FileWrites})</td></tr>
 *   <tr><td>cp</td><td>{@code PathUtils.visitFileTree} + {@code CopyDirectoryVisitor}</td>
 *       <td>as {@code PathUtils.copyDirectory}; dangling links, modes, times added ({@link TreeCopyVisitor})</td></tr>
 *   <tr><td>readdir</td><td>{@code PathUtils.visitFileTree} + {@code AccumulatorPathVisitor}</td>
 *       <td>depth 1 or the whole tree; dangling links kept ({@link ListingVisitor})</td></tr>
 *   <tr><td>rm</td><td>{@code PathUtils.delete} ({@code DeletingPathVisitor})</td>
 *       <td>its counters tell a missing path ({@link Removal})</td></tr>
 *   <tr><td>unlink</td><td>{@code PathUtils.deleteFile}</td>
 *       <td>counters, and its directory refusal translated</td></tr>
 *   <tr><td>scan</td><td>{@code PathUtils.visitFileTree} + {@code CountingPathVisitor} +
 *       {@code PathUtils.readPosixFileAttributes}</td>
 *       <td>mode without setuid/setgid/sticky ({@link ScanVisitor})</td></tr>
 *   <tr><td>copyFile</td><td>{@code FileUtils.copyFile(File, File, preserveFileDate, CopyOption...)}</td>
 *       <td>default filesystem only; preserve through {@code COPY_ATTRIBUTES} ({@link FileCopy})</td></tr>
 *   <tr><td>mkdir</td><td>{@code FileUtils.forceMkdir}</td>
 *       <td>default filesystem only ({@link DirectoryCreation})</td></tr>
 *   <tr><td>lines</td><td>{@code IOUtils.lineIterator} over {@code FileUtils.openInputStream}</td>
 *       <td>default filesystem only; stopped after the range, {@code LineBudget} under it; an open
 *       that fails: NIO's lines says why ({@link ContentRead})</td></tr>
 *   <tr><td>readFile</td><td>{@code FileUtils.readFileToByteArray}, {@code FileUtils.readFileToString}</td>
 *       <td>default filesystem only; one stat first, and a source of unknown size through
 *       {@code BoundedInputStream}, within the SPI's {@code ReadLimit} ({@link ContentRead})</td></tr>
 *   <tr><td>rename</td><td>{@code FileUtils.moveFile}, {@code FileUtils.moveDirectory}</td>
 *       <td>default filesystem only; replacing a target is not atomic ({@link Moving}); a source
 *       whose last name is {@code .} or {@code ..} goes to NIO, which refuses it</td></tr>
 *   <tr><td>rmdir</td><td>{@code FileUtils.delete}</td><td>default filesystem only</td></tr>
 *   <tr><td>access</td><td>none: NIO</td><td>Commons IO has no access check</td></tr>
 *   <tr><td>chmod</td><td>none: NIO</td><td>{@code PathUtils.setReadOnly} only toggles owner write</td></tr>
 *   <tr><td>chown</td><td>none: NIO</td><td>no ownership call</td></tr>
 *   <tr><td>exists</td><td>none: NIO</td><td>no existence test of its own</td></tr>
 *   <tr><td>glob</td><td>none: NIO</td><td>{@code WildcardFileFilter} matches one name, {@code *} and {@code ?}
 *       only</td></tr>
 *   <tr><td>link, symlink, readlink</td><td>none: NIO</td><td>no link calls</td></tr>
 *   <tr><td>lstat, stat</td><td>none: NIO</td><td>only the basic, POSIX and DOS views: no uid, gid, ino, dev, nlink,
 *       ctime</td></tr>
 *   <tr><td>mkdtemp</td><td>none: NIO</td><td>no temporary directories</td></tr>
 *   <tr><td>realpath</td><td>none: NIO</td><td>{@code FilenameUtils.normalize} is lexical</td></tr>
 *   <tr><td>truncate</td><td>none: NIO</td><td>{@code RandomAccessFileMode} only opens the file</td></tr>
 *   <tr><td>utimes</td><td>none: NIO</td><td>only mtime, to now ({@code touch}) or from another file</td></tr>
 * </table>
 *
 * <h2>The default filesystem and the others</h2>
 *
 * Where Commons IO takes a {@link Path} the backend works on any {@link java.nio.file.FileSystem}.
 * Where it only takes a {@link java.io.File} (copyFile, mkdir, readFile, rename, rmdir) it can only
 * work on the default one, since {@code Path.toFile()} exists nowhere else: on another filesystem
 * (Jimfs) those five families fall back to NIO, and {@link #route} says so for the filesystem this
 * backend was created on. The dispatch below reads the same table, so route and behaviour cannot
 * disagree. On the default filesystem too, a path whose name is not valid UTF-8 goes to NIO in
 * those five families: {@code java.io.File} holds the path as a string, which names another file
 * ({@link StringNames}); their routes say so.
 *
 * <h2>Semantics</h2>
 *
 * Commons IO's calls are kept with their own checks and costs, and adapted where they differ from
 * the contract (they create missing parents, accept existing directories, refuse existing targets,
 * swallow failures, answer a missing file with empty counters): checked first where Commons IO
 * would otherwise do something irreversible, translated afterwards everywhere else ({@link
 * Failures}). Each adaptation, and what it costs, is documented on the class that makes it. Tree
 * operations are serial: the options' concurrency is ignored ({@link Capability#TREE_CONCURRENCY}
 * is absent).
 */
public final class CommonsIoBackend extends ForwardingFsBackend {

  /** The id the provider registers. */
  public static final String ID = "commons-io";

  private final Map<Op, Route> routes;
  private final Set<Capability> capabilities;

  /**
   * The async forms run this backend's sync calls on threads of its own, as every built-in
   * backend's do, not on the NIO delegate's.
   */
  private final LazyExecutor async;

  public CommonsIoBackend(BackendConfig config) {
    super(new NioBackend(config));
    this.routes = Routes.on(config.fileSystem());
    EnumSet<Capability> supported = EnumSet.noneOf(Capability.class);
    // the fallbacks are NIO's, and Commons IO adds no capability of its own
    supported.addAll(delegate().capabilities());
    supported.remove(Capability.TREE_CONCURRENCY);
    this.capabilities = Set.copyOf(supported);
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
    return capabilities;
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

  private boolean viaNio(Op op) {
    return routes.get(op).isFallback();
  }

  /**
   * As {@link #viaNio(Op)}, and also when a path's string would name another file ({@link
   * StringNames}).
   */
  private boolean viaNio(Op op, Path path) {
    return routes.get(op).isFallback() || StringNames.lost(path);
  }

  private boolean viaNio(Op op, Path path, Path other) {
    return routes.get(op).isFallback() || StringNames.lost(path) || StringNames.lost(other);
  }

  // ---------------------------------------------------------------- Commons IO on any filesystem

  @Override
  public void appendFile(Path path, byte[] data) throws IOException {
    check(path, "path");
    Objects.requireNonNull(data, "data");
    FileWrites.write(path, data, true);
  }

  @Override
  public void appendFile(Path path, String text) throws IOException {
    check(path, "path");
    Objects.requireNonNull(text, "text");
    FileWrites.write(path, text, true);
  }

  @Override
  public void writeFile(Path path, byte[] data) throws IOException {
    check(path, "path");
    Objects.requireNonNull(data, "data");
    FileWrites.write(path, data, false);
  }

  @Override
  public void writeFile(Path path, String text) throws IOException {
    check(path, "path");
    Objects.requireNonNull(text, "text");
    FileWrites.write(path, text, false);
  }

  @Override
  public void cp(Path source, Path target, CpOptions options) throws IOException {
    check(source, "source");
    check(target, "target");
    Objects.requireNonNull(options, "options");
    TreeCopy.cp(source, target, options);
  }

  @Override
  public List<String> readdir(Path path, ReaddirOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    return Listing.readdir(path, options.recursive());
  }

  @Override
  public void rm(Path path, RmOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    Removal.rm(path, options);
  }

  @Override
  public List<ScanEntry> scan(Path root, ScanOptions options) throws IOException {
    check(root, "root");
    Objects.requireNonNull(options, "options");
    return ScanVisitor.scan(root, options.followLinks(), options.includeDirectories());
  }

  @Override
  public void unlink(Path path) throws IOException {
    check(path, "path");
    Removal.deleteFile(path, false);
  }

  // ---------------------------------------------------------------- Commons IO on the default
  // filesystem

  @Override
  public void copyFile(Path source, Path target, CopyFileOptions options) throws IOException {
    check(source, "source");
    check(target, "target");
    Objects.requireNonNull(options, "options");
    if (viaNio(Op.COPY_FILE, source, target)) {
      delegate().copyFile(source, target, options);
      return;
    }
    FileCopy.copyFile(source, target, options);
  }

  @Override
  public void mkdir(Path path, MkdirOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    if (viaNio(Op.MKDIR, path)) {
      delegate().mkdir(path, options);
      return;
    }
    DirectoryCreation.mkdir(path, options);
  }

  @Override
  public byte[] readFile(Path path) throws IOException {
    check(path, "path");
    if (viaNio(Op.READ_FILE, path)) {
      return delegate().readFile(path);
    }
    return ContentRead.bytes(path);
  }

  @Override
  public List<String> lines(Path path, long from, int count) throws IOException {
    check(path, "path");
    if (viaNio(Op.LINES, path)) {
      return delegate().lines(path, from, count);
    }
    return ContentRead.lines(path, from, count, delegate());
  }

  @Override
  public String readFileText(Path path) throws IOException {
    check(path, "path");
    if (viaNio(Op.READ_FILE, path)) {
      return delegate().readFileText(path);
    }
    return ContentRead.text(path);
  }

  @Override
  public void rename(Path source, Path target) throws IOException {
    check(source, "source");
    check(target, "target");
    if (viaNio(Op.RENAME, source, target) || FsErrors.endsInDotOrDotDot(source)) {
      // For . or .. (and the empty path, the working directory) rename(2) always refuses, while
      // moveDirectory would copy the directory's content to the target, delete it, then fail:
      // NIO's rename fails as the contract's oracle does, and moves nothing.
      delegate().rename(source, target);
      return;
    }
    Moving.rename(source, target);
  }

  @Override
  public void rmdir(Path path) throws IOException {
    check(path, "path");
    if (viaNio(Op.RMDIR, path)) {
      delegate().rmdir(path);
      return;
    }
    Removal.rmdir(path);
  }
}
