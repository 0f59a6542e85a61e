package dev.fsbench.guava;

import dev.fsbench.nio.NioBackend;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.MkdirOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ReaddirOptions;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.spi.Route;
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
 */
public final class GuavaBackend extends PeerBackend {

  /** The id the provider registers. */
  public static final String ID = "guava";

  private final boolean posix;

  public GuavaBackend(BackendConfig config) {
    super(ID, new NioBackend(config), config);
    this.posix = capabilities().contains(Capability.POSIX_PERMISSIONS);
  }

  @Override
  public Route route(Op op) {
    return Routes.of(Objects.requireNonNull(op, "op"));
  }

  @Override
  public void rm(Path path, RmOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    Removal.rm(path, options);
  }

  @Override
  public List<String> readdir(Path path, ReaddirOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    return Listing.readdir(path, options.recursive());
  }

  @Override
  public void copyFile(Path source, Path target, CopyFileOptions options) throws IOException {
    check(source, "source");
    check(target, "target");
    Objects.requireNonNull(options, "options");
    FileCopy.copyFile(source, target, options);
  }

  @Override
  public byte[] readFile(Path path) throws IOException {
    check(path, "path");
    return ContentRead.bytes(path);
  }

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
  public void mkdir(Path path, MkdirOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    DirectoryCreation.mkdir(path, options, posix);
  }
}
