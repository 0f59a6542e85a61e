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
import dev.fsbench.spi.ScanEntry;
import dev.fsbench.spi.ScanOptions;
import dev.fsbench.support.NioFallback;
import dev.fsbench.support.NioFallbacks;
import dev.fsbench.support.OwnRoute;
import dev.fsbench.support.PeerBackend;
import dev.fsbench.support.StringNames;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * The {@code commons-io} backend: the peer baseline, what a JVM team uses today when {@code
 * java.nio.file} feels too low-level. Every family Apache Commons IO 2.22.0 has an operation for
 * goes through that operation; the others are handed to {@link NioBackend}, and {@link #route} says
 * which is which, with the reason. It is a {@link PeerBackend} over its own {@code NioBackend},
 * overriding the families Commons IO serves, so the fourteen it has no operation for are the
 * forwarders of {@link dev.fsbench.support.ForwardingFsBackend}; its async forms run its own sync
 * calls on threads of its own ({@code fsbench-commons-io-async-N}), not on the NIO delegate's.
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
 * Where it only takes a {@link java.io.File} (copyFile, lines, mkdir, readFile, rename, rmdir) it
 * can only work on the default one, since {@code Path.toFile()} exists nowhere else: on another
 * filesystem (Jimfs) those families fall back to NIO, and {@link #route} says so for the filesystem
 * this backend was created on. The dispatch below reads the same table, so route and behaviour
 * cannot disagree. On the default filesystem too, a path whose name is not valid UTF-8 goes to NIO
 * in those five families: {@code java.io.File} holds the path as a string, which names another file
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
 *
 * <h2>Where the routes are declared</h2>
 *
 * Beside the code, and {@link PeerBackend} derives the table from them, on the filesystem this
 * backend was created on. Three groups. Families whose Commons IO call takes a {@link Path} run
 * through Commons IO on every filesystem: an {@link OwnRoute} on the method. Families whose Commons
 * IO call takes a {@link java.io.File} can only run on the default filesystem ({@code
 * Path.toFile()} fails elsewhere), so their {@code OwnRoute} names the reason they fall back to NIO
 * {@code elsewhere}, and on Jimfs the route says so; these are the only routes that depend on the
 * filesystem, and the dispatch ({@code viaNio}) reads the same derived table, so for them the route
 * a report prints and the code that runs cannot drift apart. Families Commons IO has no operation
 * for always fall back, listed below with the reason, because a reader comparing columns needs it.
 * The other routes are fixed per family; the RouteTruth tests hold every one of them against the
 * call stacks of a real run. Tree families say "serial": Commons IO walks on the calling thread, so
 * a tree option's concurrency changes nothing, and a reader of a {@code c4} column must see that.
 */
@NioFallbacks(
    otherwise = "Commons IO has no call for it",
    value = {
      @NioFallback(op = Op.ACCESS, reason = "Commons IO has no access check"),
      @NioFallback(
          op = Op.CHMOD,
          reason =
              "Commons IO cannot set mode bits (PathUtils.setReadOnly only toggles owner write)"),
      @NioFallback(op = Op.CHOWN, reason = "Commons IO has no ownership call"),
      @NioFallback(op = Op.EXISTS, reason = "Commons IO has no existence test of its own"),
      @NioFallback(
          op = Op.GLOB,
          reason =
              "Commons IO wildcards (WildcardFileFilter) match one name with * and ? only: no **,"
                  + " [...] or {a,b}"),
      @NioFallback(op = Op.LINK, reason = "Commons IO cannot create hard links"),
      @NioFallback(op = Op.LSTAT, reason = CommonsIoBackend.NO_STAT),
      @NioFallback(op = Op.MKDTEMP, reason = "Commons IO cannot create temporary directories"),
      @NioFallback(op = Op.READLINK, reason = "Commons IO cannot read a link's target"),
      @NioFallback(
          op = Op.REALPATH,
          reason =
              "Commons IO has no canonical path of its own (FilenameUtils.normalize is lexical)"),
      @NioFallback(op = Op.STAT, reason = CommonsIoBackend.NO_STAT),
      @NioFallback(op = Op.SYMLINK, reason = "Commons IO cannot create symbolic links"),
      @NioFallback(
          op = Op.TRUNCATE,
          reason = "Commons IO has no truncate (RandomAccessFileMode only opens the file)"),
      @NioFallback(
          op = Op.UTIMES,
          reason = "Commons IO sets only mtime, to now (touch) or from another file")
    })
public final class CommonsIoBackend extends PeerBackend {

  /** The id the provider registers. */
  public static final String ID = "commons-io";

  /** The note of every own route that is a java.io.File call. */
  private static final String LOST_NAMES =
      "; NIO for a name that is not valid UTF-8 (a File's string would name another file)";

  /** Why a java.io.File call is NIO's on a filesystem other than the default one. */
  private static final String FILE_ONLY =
      " takes java.io.File, which exists only on the default filesystem";

  private static final String COPY_FILE_CALL =
      "FileUtils.copyFile(File, File, preserveFileDate, CopyOption...)";
  private static final String LINES_CALL =
      "FileUtils.openInputStream + IOUtils.lineIterator(UTF-8)";
  private static final String MKDIR_CALL = "FileUtils.forceMkdir";
  private static final String READ_FILE_CALL =
      "FileUtils.readFileToByteArray / FileUtils.readFileToString";
  private static final String RENAME_CALL = "FileUtils.moveFile / FileUtils.moveDirectory";
  private static final String RMDIR_CALL = "FileUtils.delete";

  /** Why stat and lstat are NIO's. */
  static final String NO_STAT =
      "Commons IO reads only the basic, POSIX and DOS attribute views: no uid, gid, ino, dev,"
          + " nlink or ctime";

  public CommonsIoBackend(BackendConfig config) {
    // the fallbacks are NIO's, and Commons IO adds no capability of its own
    super(ID, new NioBackend(config), config);
  }

  /**
   * Whether {@code op} goes to NIO for this path: its route on this backend's filesystem, or a path
   * whose string would name another file ({@link StringNames}).
   */
  private boolean viaNio(Op op, Path path) {
    return fallsBack(op) || StringNames.lost(path);
  }

  private boolean viaNio(Op op, Path path, Path other) {
    return fallsBack(op) || StringNames.lost(path) || StringNames.lost(other);
  }

  // ---------------------------------------------------------------- Commons IO on any filesystem

  @OwnRoute(
      op = Op.APPEND_FILE,
      via = "PathUtils.newOutputStream(path, append=true) + IOUtils.write")
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

  @OwnRoute(
      op = Op.WRITE_FILE,
      via = "PathUtils.newOutputStream(path, append=false) + IOUtils.write")
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

  @OwnRoute(
      op = Op.CP,
      via =
          "PathUtils.visitFileTree + CopyDirectoryVisitor (as PathUtils.copyDirectory); serial;"
              + " by path: follows a directory swapped for a link mid-walk")
  @Override
  public void cp(Path source, Path target, CpOptions options) throws IOException {
    check(source, "source");
    check(target, "target");
    Objects.requireNonNull(options, "options");
    TreeCopy.cp(source, target, options);
  }

  @OwnRoute(op = Op.READDIR, via = "PathUtils.visitFileTree + AccumulatorPathVisitor; serial")
  @Override
  public List<String> readdir(Path path, ReaddirOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    return Listing.readdir(path, options.recursive());
  }

  @OwnRoute(
      op = Op.RM,
      via =
          "PathUtils.delete (DeletingPathVisitor); serial; by path: follows a directory swapped"
              + " for a link mid-walk")
  @Override
  public void rm(Path path, RmOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    Removal.rm(path, options);
  }

  @OwnRoute(
      op = Op.SCAN,
      via =
          "PathUtils.visitFileTree + CountingPathVisitor + PathUtils.readPosixFileAttributes;"
              + " serial")
  @Override
  public List<ScanEntry> scan(Path root, ScanOptions options) throws IOException {
    check(root, "root");
    Objects.requireNonNull(options, "options");
    return ScanVisitor.scan(root, options.followLinks(), options.includeDirectories());
  }

  @OwnRoute(op = Op.UNLINK, via = "PathUtils.deleteFile")
  @Override
  public void unlink(Path path) throws IOException {
    check(path, "path");
    Removal.deleteFile(path, false);
  }

  // ---------------------------------------------------------------- Commons IO on the default
  // filesystem

  @OwnRoute(
      op = Op.COPY_FILE,
      via = COPY_FILE_CALL + LOST_NAMES,
      elsewhere = COPY_FILE_CALL + FILE_ONLY)
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

  @OwnRoute(op = Op.MKDIR, via = MKDIR_CALL + LOST_NAMES, elsewhere = MKDIR_CALL + FILE_ONLY)
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

  @OwnRoute(
      op = Op.READ_FILE,
      via =
          READ_FILE_CALL
              + LOST_NAMES
              + "; after PathUtils.readBasicFileAttributes, a source of unknown size through"
              + " BoundedInputStream + IOUtils.toByteArray, within ReadLimit",
      elsewhere = READ_FILE_CALL + FILE_ONLY)
  @Override
  public byte[] readFile(Path path) throws IOException {
    check(path, "path");
    if (viaNio(Op.READ_FILE, path)) {
      return delegate().readFile(path);
    }
    return ContentRead.bytes(path);
  }

  @OwnRoute(
      op = Op.LINES,
      via =
          LINES_CALL
              + LOST_NAMES
              + "; stopped after the range (LineBudget counts the bytes under it); an open that fails:"
              + " NIO's lines says why",
      elsewhere = LINES_CALL + FILE_ONLY)
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

  @OwnRoute(
      op = Op.RENAME,
      via =
          RENAME_CALL
              + LOST_NAMES
              + "; NIO also for a source whose last name is . or .. (rename(2) refuses it, moveDirectory"
              + " would copy its content and then fail)",
      elsewhere = RENAME_CALL + FILE_ONLY)
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

  @OwnRoute(op = Op.RMDIR, via = RMDIR_CALL + LOST_NAMES, elsewhere = RMDIR_CALL + FILE_ONLY)
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
