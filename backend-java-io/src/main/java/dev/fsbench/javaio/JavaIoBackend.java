package dev.fsbench.javaio;

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
import java.nio.file.AccessMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * The {@code java-io} backend: {@link java.io.File} and its streams, what most older JVM code still
 * calls, and what a JVM engineer weighs first: is the API already there good enough? Every family
 * that {@code File}, {@code FileInputStream}, {@code FileOutputStream} and {@code RandomAccessFile}
 * can do goes through them; the others are handed to {@link NioBackend}, each route naming the
 * limit of the legacy API that makes it so. It is a {@link PeerBackend} over its own {@code
 * NioBackend}; its async forms run its own sync calls on threads of its own ({@code
 * fsbench-java-io-async-N}). No dependency: java.io is the JDK's.
 *
 * <pre>{@code
 * try (FsBackend io = Backends.create("java-io", BackendConfig.DEFAULT)) {
 *   io.readdir(dir, ReaddirOptions.DEFAULT);   // File.list
 *   io.route(Op.CHMOD);                        // nio fallback: ... 0640 cannot be expressed
 * }
 * }</pre>
 *
 * <h2>Routes</h2>
 *
 * <table>
 *   <caption>Which java.io call serves each family, or why NIO does</caption>
 *   <tr><th>family</th><th>java.io call</th><th>notes</th></tr>
 *   <tr><td>exists, access</td><td>{@code File.exists}, {@code canRead}, {@code canWrite}, {@code
 *       canExecute}</td><td>on false, NIO's lookup says why ({@link Lookups})</td></tr>
 *   <tr><td>mkdir</td><td>{@code File.mkdir}, {@code File.mkdirs}</td><td>on false, NIO's mkdir
 *       says why; a mode: NIO</td></tr>
 *   <tr><td>rmdir, unlink</td><td>{@code File.delete}</td><td>the kind asked through NIO first
 *       ({@link Removal})</td></tr>
 *   <tr><td>rename</td><td>{@code File.renameTo}</td><td>on false, NIO's rename says why</td></tr>
 *   <tr><td>readdir</td><td>{@code File.list}</td><td>recursive with the canonical-path link test
 *       ({@link Listing}, {@link LinkTest})</td></tr>
 *   <tr><td>lines</td><td>{@code BufferedReader(InputStreamReader(FileInputStream))
 *       .readLine}</td><td>stopped after the range, {@code LineBudget} under it; an open that fails:
 *       NIO's lines says why ({@link ContentRead})</td></tr>
 *   <tr><td>readFile</td><td>{@code FileInputStream.readAllBytes}</td><td>within {@code ReadLimit}
 *       ({@link ContentRead})</td></tr>
 *   <tr><td>writeFile, appendFile</td><td>{@code FileOutputStream(file, append)}</td>
 *       <td>({@link FileWrites})</td></tr>
 *   <tr><td>copyFile</td><td>{@code FileInputStream.transferTo(FileOutputStream)}</td><td>the
 *       target's kind and {@code preserve} through NIO ({@link FileCopy})</td></tr>
 *   <tr><td>truncate</td><td>{@code RandomAccessFile.setLength}</td><td>{@code File.exists}
 *       first: {@code "rw"} creates ({@link FileWrites})</td></tr>
 *   <tr><td>realpath</td><td>{@code File.getCanonicalFile}</td><td>{@code File.exists} after: a
 *       missing path has one too ({@link Lookups})</td></tr>
 *   <tr><td>rm</td><td>{@code File.list}, {@code File.delete}</td><td>a walk by path: follows a
 *       directory swapped for a link mid-walk, declared ({@link Removal})</td></tr>
 *   <tr><td>chmod</td><td>none: NIO</td><td>{@code setReadable} and co. set the owner's bit or
 *       everyone's: 0640 cannot be expressed</td></tr>
 *   <tr><td>utimes</td><td>none: NIO</td><td>{@code setLastModified}: the modification time
 *       alone, in milliseconds</td></tr>
 *   <tr><td>stat, lstat, scan</td><td>none: NIO</td><td>no mode, uid, gid, ino, nlink; times in
 *       milliseconds; links followed</td></tr>
 *   <tr><td>link, symlink, readlink, chown</td><td>none: NIO</td><td>no such call</td></tr>
 *   <tr><td>cp</td><td>none: NIO</td><td>cannot create a link nor keep a mode</td></tr>
 *   <tr><td>mkdtemp</td><td>none: NIO</td><td>the idiom ({@code createTempFile}, {@code delete},
 *       {@code mkdir}) leaves the name free in between</td></tr>
 *   <tr><td>glob</td><td>none: NIO</td><td>no glob</td></tr>
 * </table>
 *
 * <h2>Why NIO answers where java.io fails</h2>
 *
 * java.io says true or false, null, or a {@code FileNotFoundException} whose message holds the
 * reason in words. The contract wants NIO's exception, naming the path: where java.io fails, the
 * NIO call that is the family's oracle is made for the same arguments, on the error path only, and
 * what it throws is thrown. Should it succeed instead (the cause gone meanwhile, or a limit of
 * java.io's own, which each route names), it has done what was asked. A successful call never
 * touches NIO but where its route says so.
 *
 * <h2>Only the default filesystem</h2>
 *
 * {@code File} exists nowhere else: on Jimfs every family falls back to NIO (each route says so,
 * and the dispatch below reads the same table). On the default filesystem too, a path {@code File}
 * would name otherwise (not valid UTF-8, or empty; where java.io canonicalizes, one with a {@code
 * .} or {@code ..} name: {@link FileNames}) goes to NIO. Tree operations are serial ({@link
 * Capability#TREE_CONCURRENCY} is absent).
 *
 * <h2>Where the routes are declared</h2>
 *
 * Beside the code, and {@link PeerBackend} derives the table from them: an {@link OwnRoute} on each
 * method java.io does, holding on the default filesystem only ({@code elsewhere}: {@link
 * java.io.File} addresses no other, {@code Path.toFile()} fails there, so on Jimfs every family
 * falls back to NIO and each route says so); and below, the families java.io has no call for, NIO's
 * on every filesystem, each with the limit of the legacy API that makes it so ({@code
 * LegacyLimitsTest} shows each limit). The dispatch ({@code viaNio}) reads the same derived table,
 * so a report's route and the code that runs cannot drift apart. On the default filesystem too, a
 * path that {@code File} would name otherwise (the empty path, a name that is not valid UTF-8, and
 * where java.io canonicalizes a {@code .} or {@code ..} name: {@link FileNames}) goes to NIO, and
 * every own route says that.
 */
@NioFallbacks(
    otherwise = "java.io has no call for it",
    value = {
      @NioFallback(
          op = Op.CHMOD,
          reason =
              "java.io.File sets a permission for the owner or for everyone (setReadable,"
                  + " setWritable, setExecutable): 0640 cannot be expressed"),
      @NioFallback(op = Op.CHOWN, reason = "java.io.File has no ownership call"),
      @NioFallback(
          op = Op.CP,
          reason =
              "java.io.File cannot create a symbolic link (cp copies links as links) nor set group"
                  + " or other permission bits (cp keeps each entry's mode)"),
      @NioFallback(op = Op.GLOB, reason = "java.io has no glob (a FilenameFilter sees one name)"),
      @NioFallback(op = Op.LINK, reason = "java.io.File cannot create hard links"),
      @NioFallback(
          op = Op.LSTAT,
          reason = "java.io.File follows links (no lstat); " + JavaIoBackend.NO_STAT),
      @NioFallback(
          op = Op.MKDTEMP,
          reason =
              "java.io's idiom (File.createTempFile, delete, mkdir) leaves the name free between"
                  + " the delete and the mkdir, and File.mkdir cannot ask for 0700"),
      @NioFallback(op = Op.READLINK, reason = "java.io.File cannot read a link's target"),
      @NioFallback(
          op = Op.SCAN,
          reason = "a scan needs each entry's mode: " + JavaIoBackend.NO_STAT),
      @NioFallback(op = Op.STAT, reason = JavaIoBackend.NO_STAT),
      @NioFallback(op = Op.SYMLINK, reason = "java.io.File cannot create symbolic links"),
      @NioFallback(
          op = Op.UTIMES,
          reason =
              "java.io.File sets only the modification time, in milliseconds"
                  + " (File.setLastModified)")
    })
public final class JavaIoBackend extends PeerBackend {

  /** The id the provider registers. */
  public static final String ID = "java-io";

  /** The note every own route carries. */
  private static final String OTHER_NAMES =
      "; NIO for a path File would name otherwise (empty, or not valid UTF-8)";

  /** Why every own route is NIO's on a filesystem other than the default one. */
  private static final String ELSEWHERE =
      "java.io.File exists only on the default filesystem (Path.toFile() fails elsewhere)";

  private static final String DOTS =
      "; NIO for a path with a . or .. name (where realpath fails, File.getCanonicalPath removes"
          + " them as text: f/.. of a file is its directory)";
  private static final String WHY_NOT = "; on false, NIO's own call says why";
  private static final String DEEP_OR_LOST =
      " a directory deeper than "
          + LinkTest.MAX_DEPTH
          + " levels (the link test's realpath grows with the depth) or holding a name with"
          + " U+FFFD";

  /** Why stat, lstat and scan are NIO's. */
  static final String NO_STAT =
      "java.io.File reads no mode, uid, gid, ino, dev or nlink, and times in milliseconds"
          + " (length, lastModified, isDirectory, isFile only)";

  public JavaIoBackend(BackendConfig config) {
    super(ID, new NioBackend(config), config);
  }

  /** Whether {@code op} goes to NIO for these paths: its route, or a path File cannot name. */
  private boolean viaNio(Op op, Path path) {
    return fallsBack(op) || !FileNames.survive(path);
  }

  private boolean viaNio(Op op, Path path, Path other) {
    return viaNio(op, path) || !FileNames.survive(other);
  }

  @OwnRoute(op = Op.EXISTS, via = "File.exists" + OTHER_NAMES, elsewhere = ELSEWHERE)
  @Override
  public boolean exists(Path path) {
    check(path, "path");
    return viaNio(Op.EXISTS, path) ? delegate().exists(path) : path.toFile().exists();
  }

  @OwnRoute(
      op = Op.ACCESS,
      via =
          "File.exists + File.canRead / canWrite / canExecute (access(2))" + WHY_NOT + OTHER_NAMES,
      elsewhere = ELSEWHERE)
  @Override
  public void access(Path path, AccessMode... modes) throws IOException {
    check(path, "path");
    for (AccessMode mode : Objects.requireNonNull(modes, "modes")) {
      Objects.requireNonNull(mode, "mode");
    }
    if (viaNio(Op.ACCESS, path)) {
      delegate().access(path, modes);
      return;
    }
    Lookups.access(path, modes, delegate());
  }

  @OwnRoute(
      op = Op.MKDIR,
      via =
          "File.mkdir / File.mkdirs"
              + WHY_NOT
              + "; a mode other than 0777: NIO (File cannot ask for one)"
              + OTHER_NAMES,
      elsewhere = ELSEWHERE)
  @Override
  public void mkdir(Path path, MkdirOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    if (viaNio(Op.MKDIR, path) || options.mode() != MkdirOptions.DEFAULT_MODE) {
      delegate().mkdir(path, options);
      return;
    }
    // File.mkdirs is false for an existing directory too; NIO's mkdir then decides (success, or
    // FileAlreadyExists for a link or a file in the way), as it decides every other false
    boolean made = options.recursive() ? path.toFile().mkdirs() : path.toFile().mkdir();
    if (!made) {
      delegate().mkdir(path, options);
    }
  }

  @OwnRoute(
      op = Op.RMDIR,
      via =
          "Files.readAttributes (java.io cannot tell a link from its target) + File.delete"
              + WHY_NOT
              + OTHER_NAMES,
      elsewhere = ELSEWHERE)
  @Override
  public void rmdir(Path path) throws IOException {
    check(path, "path");
    if (viaNio(Op.RMDIR, path)) {
      delegate().rmdir(path);
      return;
    }
    Removal.rmdir(path, delegate());
  }

  @OwnRoute(
      op = Op.UNLINK,
      via =
          "Files.readAttributes (java.io cannot tell a link from its target) + File.delete"
              + WHY_NOT
              + OTHER_NAMES,
      elsewhere = ELSEWHERE)
  @Override
  public void unlink(Path path) throws IOException {
    check(path, "path");
    if (viaNio(Op.UNLINK, path)) {
      delegate().unlink(path);
      return;
    }
    Removal.unlink(path, delegate());
  }

  @OwnRoute(
      op = Op.RM,
      via =
          "File.list / File.isDirectory + the canonical-path link test / File.delete, walked by"
              + " path; serial; by path: follows a directory swapped for a link mid-walk;"
              + DEEP_OR_LOST
              + ": NIO's rm"
              + DOTS
              + "; without recursive: Files.readAttributes + File.delete"
              + WHY_NOT
              + OTHER_NAMES,
      elsewhere = ELSEWHERE)
  @Override
  public void rm(Path path, RmOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    if (viaNio(Op.RM, path) || (options.recursive() && FileNames.hasDotNames(path))) {
      delegate().rm(path, options);
      return;
    }
    Removal.rm(path, options, delegate());
  }

  @OwnRoute(op = Op.RENAME, via = "File.renameTo" + WHY_NOT + OTHER_NAMES, elsewhere = ELSEWHERE)
  @Override
  public void rename(Path source, Path target) throws IOException {
    check(source, "source");
    check(target, "target");
    if (viaNio(Op.RENAME, source, target) || !source.toFile().renameTo(target.toFile())) {
      delegate().rename(source, target); // rename(2)'s errno is lost in renameTo's false
    }
  }

  @OwnRoute(
      op = Op.READDIR,
      via =
          "File.list; recursive: File.list per directory, File.isDirectory + the canonical-path link"
              + " test (File.getCanonicalFile) per entry; serial; on null, NIO's listing says why;"
              + DEEP_OR_LOST
              + ": NIO's listing"
              + DOTS
              + OTHER_NAMES,
      elsewhere = ELSEWHERE)
  @Override
  public List<String> readdir(Path path, ReaddirOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    if (viaNio(Op.READDIR, path) || (options.recursive() && FileNames.hasDotNames(path))) {
      return delegate().readdir(path, options);
    }
    return Listing.readdir(path, options.recursive(), delegate());
  }

  @OwnRoute(
      op = Op.READ_FILE,
      via =
          "File.length + FileInputStream.readAllBytes; a length of 0: a FileInputStream.read loop to"
              + " ReadLimit + 1; an"
              + " open that fails: NIO's readFile says why"
              + OTHER_NAMES,
      elsewhere = ELSEWHERE)
  @Override
  public byte[] readFile(Path path) throws IOException {
    check(path, "path");
    return viaNio(Op.READ_FILE, path)
        ? delegate().readFile(path)
        : ContentRead.bytes(path, delegate());
  }

  @OwnRoute(
      op = Op.LINES,
      via =
          "BufferedReader(InputStreamReader(FileInputStream, UTF-8)).readLine, stopped after the"
              + " range (LineBudget counts the bytes under it); an open that fails: NIO's lines says"
              + " why"
              + OTHER_NAMES,
      elsewhere = ELSEWHERE)
  @Override
  public List<String> lines(Path path, long from, int count) throws IOException {
    check(path, "path");
    return viaNio(Op.LINES, path)
        ? delegate().lines(path, from, count)
        : ContentRead.lines(path, from, count, delegate());
  }

  @OwnRoute(
      op = Op.WRITE_FILE,
      via =
          "FileOutputStream(file).write; an open that fails: NIO's writeFile says why"
              + OTHER_NAMES,
      elsewhere = ELSEWHERE)
  @Override
  public void writeFile(Path path, byte[] data) throws IOException {
    check(path, "path");
    Objects.requireNonNull(data, "data");
    if (viaNio(Op.WRITE_FILE, path)) {
      delegate().writeFile(path, data);
      return;
    }
    FileWrites.write(path, data, false, delegate());
  }

  @OwnRoute(
      op = Op.APPEND_FILE,
      via =
          "FileOutputStream(file, true).write; an open that fails: NIO's appendFile says why"
              + OTHER_NAMES,
      elsewhere = ELSEWHERE)
  @Override
  public void appendFile(Path path, byte[] data) throws IOException {
    check(path, "path");
    Objects.requireNonNull(data, "data");
    if (viaNio(Op.APPEND_FILE, path)) {
      delegate().appendFile(path, data);
      return;
    }
    FileWrites.write(path, data, true, delegate());
  }

  @OwnRoute(
      op = Op.COPY_FILE,
      via =
          "FileInputStream.transferTo(FileOutputStream) (JDK 21+: FileChannel.transferTo; 17: an 8"
              + " KiB loop), after an lstat of the target through NIO (File.exists follows links);"
              + " preserve: times and permission bits set through NIO; an open that fails: NIO's"
              + " copyFile says why; no clone"
              + OTHER_NAMES,
      elsewhere = ELSEWHERE)
  @Override
  public void copyFile(Path source, Path target, CopyFileOptions options) throws IOException {
    check(source, "source");
    check(target, "target");
    Objects.requireNonNull(options, "options");
    if (viaNio(Op.COPY_FILE, source, target)) {
      delegate().copyFile(source, target, options);
      return;
    }
    FileCopy.copyFile(source, target, options, delegate());
  }

  @OwnRoute(
      op = Op.TRUNCATE,
      via =
          "File.exists + RandomAccessFile(file, \"rw\").setLength; an open that fails: NIO's"
              + " truncate says why"
              + OTHER_NAMES,
      elsewhere = ELSEWHERE)
  @Override
  public void truncate(Path path, long length) throws IOException {
    check(path, "path");
    if (viaNio(Op.TRUNCATE, path) || length < 0) {
      delegate().truncate(path, length); // a negative length: NIO's IllegalArgumentException
      return;
    }
    FileWrites.truncate(path, length, delegate());
  }

  @OwnRoute(
      op = Op.REALPATH,
      via =
          "File.getCanonicalFile + File.exists (a missing path has a canonical path too); a missing"
              + " or U+FFFD result: NIO's toRealPath"
              + DOTS
              + OTHER_NAMES,
      elsewhere = ELSEWHERE)
  @Override
  public Path realpath(Path path) throws IOException {
    check(path, "path");
    return viaNio(Op.REALPATH, path) || FileNames.hasDotNames(path)
        ? delegate().realpath(path)
        : Lookups.realpath(path, delegate());
  }
}
