package dev.fsbench.nio;

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
import dev.fsbench.support.DeclaredRoutes;
import dev.fsbench.support.LineBudget;
import dev.fsbench.support.OwnRoute;
import dev.fsbench.support.TreeRemoval;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessMode;
import java.nio.file.CopyOption;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The {@code nio} backend: every family written with {@code java.nio.file} alone, as a good JVM
 * engineer would write it without a library, on any {@link java.nio.file.FileSystem} (the default
 * one, Jimfs, ...). It is the baseline the other backends are measured against, so it is idiomatic
 * and not deliberately slow, and clever only where {@code Files} has no call for the family (glob,
 * scan, recursive readdir).
 *
 * <pre>{@code
 * try (FsBackend nio = new NioBackend(BackendConfig.DEFAULT)) {
 *   nio.writeFile(dir.resolve("a.txt"), "hello");
 * }
 * }</pre>
 *
 * Where {@code Files} differs from the contract it is adapted, and each adaptation is named in
 * {@link #route}: a directory is refused by unlink, rm (without recursive) and copyFile, a
 * non-directory by rmdir, before NIO would delete or copy it; rm refuses a path whose last name is
 * {@code .} or {@code ..} (as GNU rm does), which a tree walk would otherwise resolve to a
 * directory the caller did not name; truncate extends with zeros; failures on a directory read or
 * written as a file name the path. Tree operations are serial: the concurrency of their options is
 * ignored ({@link Capability#TREE_CONCURRENCY} is absent).
 *
 * <p>Public so that other backends can delegate their NIO fallbacks to it.
 */
public final class NioBackend extends AbstractFsBackend {

  /** The id the provider registers. */
  public static final String ID = "nio";

  private static final FileAttribute<?>[] NO_ATTRIBUTES = new FileAttribute<?>[0];

  /**
   * What serves each family: always NIO itself ({@link Route.Kind#OWN}), through the calls an
   * {@link OwnRoute} on each family's method names. The names include the checks added for the
   * contract, and "serial" on tree families whose concurrency is ignored, because a reader
   * comparing timings must know that a call does more (or less) than its namesake. The same on
   * every filesystem; a family without its method's route fails here, at class initialization.
   */
  private static final Map<Op, Route> ROUTES =
      DeclaredRoutes.of(NioBackend.class).on(FileSystems.getDefault());

  private final Set<Capability> capabilities;
  private final Metadata metadata;
  private final boolean posix;
  private final boolean rawMode;

  public NioBackend(BackendConfig config) {
    super(ID, config);
    this.capabilities = NioCapabilities.of(config.fileSystem());
    this.metadata = new Metadata(config.fileSystem());
    this.posix = capabilities.contains(Capability.POSIX_PERMISSIONS);
    this.rawMode = NioCapabilities.hasSettableRawMode(config.fileSystem());
  }

  @Override
  public Route route(Op op) {
    return ROUTES.get(Objects.requireNonNull(op, "op"));
  }

  @Override
  public Set<Capability> capabilities() {
    return capabilities;
  }

  @OwnRoute(op = Op.ACCESS, via = "FileSystemProvider.checkAccess")
  @Override
  public void access(Path path, AccessMode... modes) throws IOException {
    check(path, "path");
    for (AccessMode mode : Objects.requireNonNull(modes, "modes")) {
      Objects.requireNonNull(mode, "mode");
    }
    path.getFileSystem().provider().checkAccess(path, modes);
  }

  @OwnRoute(op = Op.APPEND_FILE, via = "Files.write(CREATE, APPEND)")
  @Override
  public void appendFile(Path path, byte[] data) throws IOException {
    check(path, "path");
    Objects.requireNonNull(data, "data");
    try {
      Files.write(path, data, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw NioErrors.fileExpected(path, e);
    }
  }

  @OwnRoute(
      op = Op.CHMOD,
      via = "Files.setPosixFilePermissions (unix:mode for setuid/setgid/sticky)")
  @Override
  public void chmod(Path path, int mode) throws IOException {
    check(path, "path");
    requirePosix("chmod");
    int bits = mode & 07777;
    if ((bits & 07000) == 0) {
      Files.setPosixFilePermissions(path, Metadata.permissions(bits));
    } else if (rawMode) {
      Files.setAttribute(
          path, "unix:mode", bits); // the only NIO call that can set setuid, setgid and sticky
    } else {
      throw new UnsupportedOperationException(
          "setuid/setgid/sticky bits (0"
              + Integer.toOctalString(bits)
              + ") need a settable unix:mode, which "
              + path.getFileSystem().provider().getScheme()
              + " does not offer");
    }
  }

  @OwnRoute(op = Op.CHOWN, via = "Files.setAttribute(unix:uid) + Files.setAttribute(unix:gid)")
  @Override
  public void chown(Path path, int uid, int gid) throws IOException {
    check(path, "path");
    if (!capabilities.contains(Capability.OWNERSHIP)) {
      throw new UnsupportedOperationException(
          "numeric ownership: the "
              + path.getFileSystem().provider().getScheme()
              + " filesystem has no settable unix:uid/unix:gid");
    }
    Files.setAttribute(path, "unix:uid", uid);
    Files.setAttribute(path, "unix:gid", gid);
  }

  @OwnRoute(
      op = Op.COPY_FILE,
      via = "Files.readAttributes (refuses a directory) + Files.copy; no clone")
  @Override
  public void copyFile(Path source, Path target, CopyFileOptions options) throws IOException {
    check(source, "source");
    check(target, "target");
    Objects.requireNonNull(options, "options");
    // Files.copy would copy a directory source as a new empty directory and replace an empty target
    // directory.
    if (Files.readAttributes(source, BasicFileAttributes.class).isDirectory()) {
      throw FsErrors.isADirectory(source);
    }
    List<CopyOption> copyOptions = new ArrayList<>(2);
    if (options.replaceExisting()) {
      if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
        throw FsErrors.isADirectory(target);
      }
      copyOptions.add(StandardCopyOption.REPLACE_EXISTING);
    }
    if (options.preserve()) {
      copyOptions.add(StandardCopyOption.COPY_ATTRIBUTES);
    }
    // cloneHint: NIO has no way to ask for a copy-on-write clone; the route says so.
    Files.copy(source, target, copyOptions.toArray(new CopyOption[0]));
  }

  @OwnRoute(
      op = Op.CP,
      via =
          "SecureDirectoryStream (by directory handles: FileChannel.transferTo, directories and links"
              + " made in a staging directory and moved into place); Files.copy for a file or a link,"
              + " Files.walkFileTree without SecureDirectoryStream; serial")
  @Override
  public void cp(Path source, Path target, CpOptions options) throws IOException {
    check(source, "source");
    check(target, "target");
    Objects.requireNonNull(options, "options");
    TreeCopy.copy(source, target, options);
  }

  @OwnRoute(op = Op.EXISTS, via = "Files.exists")
  @Override
  public boolean exists(Path path) {
    check(path, "path");
    return Files.exists(path);
  }

  @OwnRoute(
      op = Op.GLOB,
      via = "GlobPattern + Files.newDirectoryStream + Files.readAttributes, pruned walk; serial")
  @Override
  public List<String> glob(Path cwd, List<String> patterns, GlobOptions options)
      throws IOException {
    check(cwd, "cwd");
    Objects.requireNonNull(patterns, "patterns");
    Objects.requireNonNull(options, "options");
    GlobPattern pattern = GlobPattern.compile(patterns, options.dot());
    Directories.requireDirectory(cwd); // a FIFO would block newDirectoryStream's open
    return GlobWalk.run(cwd, pattern, options.includeDirectories());
  }

  @OwnRoute(op = Op.LINK, via = "Files.createLink")
  @Override
  public void link(Path existing, Path link) throws IOException {
    check(existing, "existing");
    check(link, "link");
    Files.createLink(link, existing);
  }

  @OwnRoute(
      op = Op.LSTAT,
      via = "Files.readAttributes(NOFOLLOW_LINKS) of the 13 unix attributes a FileStat needs")
  @Override
  public FileStat lstat(Path path) throws IOException {
    check(path, "path");
    try {
      return metadata.stat(path, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      throw NioErrors.named(e, path, null);
    }
  }

  @OwnRoute(op = Op.MKDIR, via = "Files.createDirectory / Files.createDirectories")
  @Override
  public void mkdir(Path path, MkdirOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    int mode = options.mode();
    FileAttribute<?>[] attributes = NO_ATTRIBUTES;
    if (mode != MkdirOptions.DEFAULT_MODE) {
      requirePosix("mkdir with a mode");
      if ((mode & 07000) != 0) {
        throw new UnsupportedOperationException(
            "mkdir: NIO cannot create a directory with setuid/setgid/sticky bits");
      }
      attributes =
          new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(Metadata.permissions(mode))};
    }
    if (options.recursive()) {
      Files.createDirectories(path, attributes);
    } else {
      Files.createDirectory(path, attributes);
    }
  }

  @OwnRoute(op = Op.MKDTEMP, via = "Files.createTempDirectory")
  @Override
  public Path mkdtemp(Path prefix) throws IOException {
    check(prefix, "prefix");
    Path name = prefix.getFileName();
    if (name == null) {
      throw new IllegalArgumentException("mkdtemp needs a name prefix, not a root: " + prefix);
    }
    Path parent =
        prefix.getParent() != null ? prefix.getParent() : prefix.getFileSystem().getPath("");
    // Explicit 0700: the JDK applies it on the default filesystem, but Jimfs would otherwise use
    // its 0644 default.
    FileAttribute<?>[] attributes =
        posix
            ? new FileAttribute<?>[] {
              PosixFilePermissions.asFileAttribute(Metadata.permissions(0700))
            }
            : NO_ATTRIBUTES;
    return Files.createTempDirectory(parent, name.toString(), attributes);
  }

  @OwnRoute(op = Op.READ_FILE, via = "Files.readAllBytes, within ReadLimit (BoundedRead)")
  @Override
  public byte[] readFile(Path path) throws IOException {
    check(path, "path");
    try {
      return BoundedRead.readAllBytes(
          path); // Files.readAllBytes with a bound (/dev/zero never ends)
    } catch (IOException e) {
      throw NioErrors.fileExpected(path, e);
    }
  }

  @OwnRoute(
      op = Op.LINES,
      via =
          "BufferedReader(InputStreamReader(Files.newInputStream, UTF-8)).readLine, stopping after the"
              + " range (LineBudget counts the bytes under it)")
  @Override
  public List<String> lines(Path path, long from, int count) throws IOException {
    check(path, "path");
    LineBudget.checkRange(from, count);
    try {
      return LineBudget.readLines(Files.newInputStream(path), path, from, count);
    } catch (IOException e) {
      throw NioErrors.fileExpected(path, e);
    }
  }

  @OwnRoute(
      op = Op.READDIR,
      via = "Files.newDirectoryStream (+ Files.readAttributes per entry when recursive); serial")
  @Override
  public List<String> readdir(Path path, ReaddirOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    Directories.requireDirectory(path); // a FIFO would block newDirectoryStream's open
    if (options.recursive()) {
      return TreeListing.list(path);
    }
    List<String> names = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(path)) {
      for (Path entry : entries) {
        names.add(entry.getFileName().toString());
      }
    }
    return names;
  }

  @OwnRoute(op = Op.READLINK, via = "Files.readSymbolicLink")
  @Override
  public Path readlink(Path path) throws IOException {
    check(path, "path");
    return Files.readSymbolicLink(path);
  }

  @OwnRoute(op = Op.REALPATH, via = "Path.toRealPath")
  @Override
  public Path realpath(Path path) throws IOException {
    check(path, "path");
    try {
      return path.toRealPath();
    } catch (IOException e) {
      throw NioErrors.named(e, path, null);
    }
  }

  @OwnRoute(op = Op.RENAME, via = "Files.move(ATOMIC_MOVE)")
  @Override
  public void rename(Path source, Path target) throws IOException {
    check(source, "source");
    check(target, "target");
    try {
      // On Linux ATOMIC_MOVE is rename(2) itself and the other option is ignored; Jimfs needs
      // REPLACE_EXISTING to
      // replace a target file as rename(2) does.
      Files.move(
          source, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw NioErrors.named(e, source, target);
    }
  }

  @OwnRoute(
      op = Op.RM,
      via =
          "Files.readAttributes + Files.delete / TreeRemoval (SecureDirectoryStream: by directory"
              + " handles, links never followed); serial")
  @Override
  public void rm(Path path, RmOptions options) throws IOException {
    check(path, "path");
    Objects.requireNonNull(options, "options");
    if (FsErrors.endsInDotOrDotDot(path)) {
      throw FsErrors.dotOrDotDot(
          path); // dir/.. would walk and remove dir's parent; GNU rm refuses it too
    }
    BasicFileAttributes attrs = kindBeforeRemoval(path, options.force());
    if (attrs == null) {
      return;
    }
    if (!attrs.isDirectory()) {
      Files.delete(path);
    } else if (options.recursive()) {
      TreeRemoval.remove(
          path); // by directory handles: a directory swapped for a link is not followed
    } else {
      throw FsErrors.isADirectory(path);
    }
  }

  @OwnRoute(op = Op.RMDIR, via = "Files.readAttributes (refuses a non-directory) + Files.delete")
  @Override
  public void rmdir(Path path) throws IOException {
    check(path, "path");
    // Files.delete removes files too; rmdir(2) refuses them (and links, even to directories) with
    // ENOTDIR.
    BasicFileAttributes attrs = kindBeforeRemoval(path, false);
    if (attrs == null) {
      return;
    }
    if (!attrs.isDirectory()) {
      throw FsErrors.notADirectory(path);
    }
    Files.delete(path);
  }

  @OwnRoute(
      op = Op.SCAN,
      via = "Files.newDirectoryStream + Files.readAttributes(unix:*) per entry; serial")
  @Override
  public List<ScanEntry> scan(Path root, ScanOptions options) throws IOException {
    check(root, "root");
    Objects.requireNonNull(options, "options");
    Directories.requireDirectory(root); // a FIFO would block newDirectoryStream's open
    return TreeScan.scan(root, metadata, options.followLinks(), options.includeDirectories());
  }

  @OwnRoute(op = Op.STAT, via = "Files.readAttributes of the 13 unix attributes a FileStat needs")
  @Override
  public FileStat stat(Path path) throws IOException {
    check(path, "path");
    try {
      return metadata.stat(path);
    } catch (IOException e) {
      throw NioErrors.named(e, path, null); // Jimfs reports a link loop as a bare IOException
    }
  }

  @OwnRoute(op = Op.SYMLINK, via = "Files.createSymbolicLink")
  @Override
  public void symlink(Path target, Path link) throws IOException {
    check(target, "target");
    check(link, "link");
    Files.createSymbolicLink(link, target);
  }

  @OwnRoute(op = Op.TRUNCATE, via = "FileChannel.truncate (FileChannel.write to extend)")
  @Override
  public void truncate(Path path, long length) throws IOException {
    check(path, "path");
    if (length < 0) {
      throw new IllegalArgumentException("negative length " + length);
    }
    try (FileChannel channel = FileChannel.open(path, StandardOpenOption.WRITE)) {
      long size = channel.size();
      if (length < size) {
        channel.truncate(length);
      } else if (length > size) {
        // FileChannel.truncate never extends; writing the last byte does, and the gap reads as
        // zeros.
        channel.write(ByteBuffer.allocate(1), length - 1);
      }
    } catch (IOException e) {
      throw NioErrors.fileExpected(path, e);
    }
  }

  @OwnRoute(op = Op.UNLINK, via = "Files.readAttributes (refuses a directory) + Files.delete")
  @Override
  public void unlink(Path path) throws IOException {
    check(path, "path");
    // Files.delete removes empty directories too; unlink(2) refuses every directory with EISDIR.
    BasicFileAttributes attrs = kindBeforeRemoval(path, false);
    if (attrs == null) {
      return;
    }
    if (attrs.isDirectory()) {
      throw FsErrors.isADirectory(path);
    }
    Files.delete(path);
  }

  /**
   * The lookup unlink, rmdir and rm make to learn the kind before removing. Where it finds nothing,
   * the call fails as {@code Files.delete} fails, which is not always how the lookup fails: JDK
   * 25's lookups report a file used as a directory as missing, its delete says "Not a directory" as
   * JDK 17's does (JDK-8356678; DESIGN.md, errors). So delete runs there and throws its own
   * exception; it can succeed only if the path appeared since the lookup, and then it is gone as it
   * would be had the call come a moment later. Null when that happened, or when {@code
   * missingIsFine} and the path is missing.
   */
  private static BasicFileAttributes kindBeforeRemoval(Path path, boolean missingIsFine)
      throws IOException {
    try {
      return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException missing) {
      if (missingIsFine) {
        Files.deleteIfExists(path);
      } else {
        Files.delete(path);
      }
      return null;
    }
  }

  @OwnRoute(
      op = Op.UTIMES,
      via =
          "Files.readAttributes + BasicFileAttributeView.setTimes (a FIFO held open O_RDWR"
              + " meanwhile)")
  @Override
  public void utimes(Path path, FileTime atime, FileTime mtime) throws IOException {
    check(path, "path");
    Objects.requireNonNull(atime, "atime");
    Objects.requireNonNull(mtime, "mtime");
    TimeSetting.set(path, atime, mtime); // setTimes, which would wait forever opening a FIFO
  }

  @OwnRoute(op = Op.WRITE_FILE, via = "Files.write")
  @Override
  public void writeFile(Path path, byte[] data) throws IOException {
    check(path, "path");
    Objects.requireNonNull(data, "data");
    try {
      Files.write(path, data);
    } catch (IOException e) {
      throw NioErrors.fileExpected(path, e);
    }
  }

  private void requirePosix(String what) {
    if (!posix) {
      throw new UnsupportedOperationException(what + ": this filesystem has no POSIX permissions");
    }
  }
}
