package dev.fsbench.guava;

import dev.fsbench.nio.NioBackend;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.MkdirOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ReaddirOptions;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.support.NioFallback;
import dev.fsbench.support.NioFallbacks;
import dev.fsbench.support.OwnRoute;
import dev.fsbench.support.PeerBackend;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * The {@code guava} backend: Google Guava's file utilities, what a JVM team that already has Guava
 * on its class path reaches for before adding anything. Every family Guava really does itself goes
 * through Guava; the others are handed to {@link NioBackend}, and {@link #route} says which is
 * which, with the reason. It is a {@link PeerBackend} over its own {@code NioBackend}, overriding
 * the seven families Guava serves; its async forms run its own sync calls on threads of its own
 * ({@code fsbench-guava-async-N}).
 *
 * <pre>{@code
 * try (FsBackend guava = Backends.create("guava", BackendConfig.DEFAULT)) {
 *   guava.rm(tree, RmOptions.RECURSIVE_FORCE);      // MoreFiles.deleteRecursively
 *   guava.route(Op.CP);                             // nio fallback: ... no tree copy ...
 * }
 * }</pre>
 *
 * <h2>Routes</h2>
 *
 * <table>
 *   <caption>Which Guava call serves each family, or why NIO does</caption>
 *   <tr><th>family</th><th>Guava call</th><th>notes</th></tr>
 *   <tr><td>rm</td><td>{@code MoreFiles.deleteRecursively}</td>
 *       <td>by directory handles ({@code SecureDirectoryStream}); without recursive, NIO's delete
 *       ({@link Removal})</td></tr>
 *   <tr><td>readdir</td><td>{@code MoreFiles.listFiles}, {@code MoreFiles.fileTraverser()}</td>
 *       <td>a stat of the argument first ({@link Listing})</td></tr>
 *   <tr><td>copyFile</td><td>{@code MoreFiles.asByteSource(..).copyTo(MoreFiles.asByteSink(..))}</td>
 *       <td>preserve through NIO; a fresh copy's mode is the sink's ({@link FileCopy})</td></tr>
 *   <tr><td>lines</td><td>{@code MoreFiles.asByteSource(..).asCharSource(UTF_8).readLines}
 *       with a {@code LineProcessor}</td><td>stopped after the range, {@code LineBudget} under it
 *       ({@link ContentRead})</td></tr>
 *   <tr><td>readFile</td><td>{@code MoreFiles.asByteSource(..).read()}, {@code
 *       asCharSource(UTF_8).read()}</td><td>within {@code ReadLimit} by {@code sizeIfKnown} and
 *       {@code slice} ({@link ContentRead})</td></tr>
 *   <tr><td>writeFile, appendFile</td><td>{@code MoreFiles.asByteSink}, {@code
 *       MoreFiles.asCharSink}</td><td>{@code CREATE, APPEND} for appendFile ({@link
 *       FileWrites})</td></tr>
 *   <tr><td>mkdir</td><td>{@code MoreFiles.createParentDirectories} + {@code
 *       Files.createDirectory}</td><td>recursive; without it NIO's {@code createDirectory}
 *       ({@link DirectoryCreation})</td></tr>
 *   <tr><td>access, chmod, chown, exists, link, symlink, readlink, lstat, stat, realpath,
 *       truncate, utimes, rmdir, unlink</td><td>none: NIO</td><td>Guava has no such call</td></tr>
 *   <tr><td>cp, glob, scan</td><td>none: NIO</td><td>no tree copy, no glob; the traverser gives
 *       paths without attributes</td></tr>
 *   <tr><td>mkdtemp</td><td>none: NIO</td><td>{@code Files.createTempDir} takes no prefix nor
 *       directory</td></tr>
 *   <tr><td>rename</td><td>none: NIO</td><td>{@code Files.move(File, File)} is {@code
 *       File.renameTo} with a non-atomic copy fallback</td></tr>
 * </table>
 *
 * <h2>Any filesystem</h2>
 *
 * Every Guava call used takes a {@link Path} ({@code MoreFiles}); none of Guava's {@code
 * java.io.File} calls ({@code com.google.common.io.Files}) is, so the routes are the same on the
 * default filesystem and on Jimfs, and names that are not valid UTF-8 are kept as bytes. Tree
 * operations are serial: the options' concurrency is ignored ({@link Capability#TREE_CONCURRENCY}
 * is absent).
 *
 * <h2>Where the routes are declared</h2>
 *
 * Beside the code: an {@link OwnRoute} on each method Guava does, and below for the others, which
 * {@link PeerBackend} derives the table from. Guava's file calls take a {@link Path} ({@code
 * MoreFiles}) or a {@link java.io.File} ({@code com.google.common.io.Files}); the backend uses the
 * {@code Path} ones only, so every route holds on any filesystem (the default one and Jimfs alike)
 * and no route depends on it. A family Guava has no call for is NIO's, with the reason, because a
 * reader comparing columns needs it; so is a family whose only Guava call is a thin cover of one
 * NIO call a user would make directly. Tree families say "serial": Guava walks on the calling
 * thread, so a tree option's concurrency changes nothing.
 */
@NioFallbacks(
    otherwise = "Guava has no call for it",
    value = {
      @NioFallback(op = Op.ACCESS, reason = "Guava has no access check"),
      @NioFallback(op = Op.CHMOD, reason = "Guava cannot set permission bits"),
      @NioFallback(op = Op.CHOWN, reason = "Guava has no ownership call"),
      @NioFallback(
          op = Op.CP,
          reason =
              "Guava has no tree copy (Files.copy and ByteSource.copyTo copy one file's bytes)"),
      @NioFallback(
          op = Op.EXISTS,
          reason =
              "Guava has no existence test (MoreFiles.isDirectory / isRegularFile are predicates"
                  + " over Files)"),
      @NioFallback(op = Op.GLOB, reason = "Guava has no glob"),
      @NioFallback(op = Op.LINK, reason = "Guava cannot create hard links"),
      @NioFallback(op = Op.LSTAT, reason = GuavaBackend.NO_STAT),
      @NioFallback(
          op = Op.MKDTEMP,
          reason =
              "Guava's Files.createTempDir (deprecated) makes a directory in java.io.tmpdir only,"
                  + " with no prefix"),
      @NioFallback(op = Op.READLINK, reason = "Guava cannot read a link's target"),
      @NioFallback(op = Op.REALPATH, reason = "Guava has no canonical path"),
      @NioFallback(
          op = Op.RENAME,
          reason =
              "Guava's only move, com.google.common.io.Files.move(File, File), is"
                  + " java.io.File.renameTo with a copy-and-delete fallback that is not atomic"
                  + " (java-io measures renameTo)"),
      @NioFallback(op = Op.RMDIR, reason = "Guava removes only recursively"),
      @NioFallback(
          op = Op.SCAN,
          reason =
              "Guava's fileTraverser gives paths only; a scan needs each entry's mode, size and"
                  + " mtime"),
      @NioFallback(op = Op.STAT, reason = GuavaBackend.NO_STAT),
      @NioFallback(op = Op.SYMLINK, reason = "Guava cannot create symbolic links"),
      @NioFallback(op = Op.TRUNCATE, reason = "Guava cannot truncate (a ByteSink only writes)"),
      @NioFallback(op = Op.UNLINK, reason = "Guava removes only recursively"),
      @NioFallback(
          op = Op.UTIMES,
          reason = "Guava sets only the modification time, to now (MoreFiles.touch)")
    })
public final class GuavaBackend extends PeerBackend {

  /** The id the provider registers. */
  public static final String ID = "guava";

  /** Why stat and lstat are NIO's. */
  static final String NO_STAT =
      "Guava reads no attributes (ByteSource.sizeIfKnown reads the size alone)";

  private final boolean posix;

  public GuavaBackend(BackendConfig config) {
    super(ID, new NioBackend(config), config);
    this.posix = capabilities().contains(Capability.POSIX_PERMISSIONS);
  }

  @OwnRoute(
      op = Op.RM,
      via =
          "MoreFiles.deleteRecursively (SecureDirectoryStream: by directory handles, links never"
              + " followed; no RecursiveDeleteOption, so InsecureRecursiveDeleteException where a"
              + " filesystem has none); serial; without recursive: Files.readAttributes +"
              + " Files.delete (Guava removes only recursively)")
  @Override
  public void rm(Path path, RmOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    Removal.rm(path, options);
  }

  @OwnRoute(
      op = Op.READDIR,
      via =
          "MoreFiles.listFiles; recursive: MoreFiles.fileTraverser().depthFirstPreOrder"
              + " (Files.isDirectory(NOFOLLOW_LINKS) per entry); serial; after"
              + " Files.readAttributes of the argument (a FIFO would block the listing's open)")
  @Override
  public List<String> readdir(Path path, ReaddirOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    return Listing.readdir(path, options.recursive());
  }

  @OwnRoute(
      op = Op.COPY_FILE,
      via =
          "MoreFiles.asByteSource(source).copyTo(MoreFiles.asByteSink(target, CREATE_NEW))"
              + " after Files.readAttributes of the source and an lstat of the target (as"
              + " Files.copy starts); replaceExisting: Files.delete of the target first;"
              + " preserve: times and permission bits set afterwards through NIO (Guava copies"
              + " bytes only); no clone")
  @Override
  public void copyFile(Path source, Path target, CopyFileOptions options) throws IOException {
    check(source, "source");
    check(target, "target");
    Objects.requireNonNull(options, "options");
    FileCopy.copyFile(source, target, options);
  }

  @OwnRoute(
      op = Op.READ_FILE,
      via =
          "MoreFiles.asByteSource(path).read() / asCharSource(UTF_8).read() after"
              + " ByteSource.sizeIfKnown (one stat); a source of unknown size through"
              + " ByteSource.slice(0, ReadLimit + 1)")
  @Override
  public byte[] readFile(Path path) throws IOException {
    check(path, "path");
    return ContentRead.bytes(path);
  }

  @OwnRoute(
      op = Op.LINES,
      via =
          "MoreFiles.asByteSource(path).asCharSource(UTF_8).readLines(LineProcessor), stopped"
              + " after the range (LineBudget counts the bytes under it)")
  @Override
  public List<String> lines(Path path, long from, int count) throws IOException {
    check(path, "path");
    return ContentRead.lines(path, from, count);
  }

  @Override
  public String readFileText(Path path) throws IOException {
    check(path, "path");
    return ContentRead.text(path);
  }

  @OwnRoute(op = Op.WRITE_FILE, via = "MoreFiles.asByteSink(path) / asCharSink(path, UTF_8)")
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
      op = Op.APPEND_FILE,
      via = "MoreFiles.asByteSink(path, CREATE, APPEND) / asCharSink(path, UTF_8, ...)")
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
      op = Op.MKDIR,
      via =
          "recursive: MoreFiles.createParentDirectories + Files.createDirectory; without"
              + " recursive: Files.createDirectory alone (Guava has no single-level call)")
  @Override
  public void mkdir(Path path, MkdirOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    DirectoryCreation.mkdir(path, options, posix);
  }
}
