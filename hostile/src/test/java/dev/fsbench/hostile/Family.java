package dev.fsbench.hostile;

import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.GlobOptions;
import dev.fsbench.spi.MkdirOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ReaddirOptions;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.spi.ScanOptions;
import dev.fsbench.support.RelativePaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Locale;

/**
 * The calls a hostile input is given: each family of the SPI (the tree families and the two-path
 * families in the roles the input can take), with the call {@code java.nio.file} makes for the same
 * thing, the oracle. The oracle is NIO's own call plus only the adaptations the SPI's contract
 * documents ({@link dev.fsbench.spi.FsBackend}): unlink refuses a directory, rmdir a non-directory,
 * rm without recursive a directory, a directory read as a file is named, a listing of a
 * non-directory is {@code NotDirectoryException}; the tree families, which {@code Files} has no
 * single call for, are its idiomatic walks ({@link NioReference}).
 *
 * <p>Every {@link Op} is called through at least one constant, or listed with its reason in {@link
 * FamilyCoverageTest#NOT_CALLED}; {@link #op} is a switch without a default, so a constant without
 * its op does not compile.
 */
enum Family {
  ACCESS(
      (b, m, f) -> m.call(() -> done(() -> b.access(f.p())), () -> b.accessAsync(f.p())),
      f -> done(() -> f.p().getFileSystem().provider().checkAccess(f.p()))),
  EXISTS(
      (b, m, f) -> m.call(() -> b.exists(f.p()), () -> b.existsAsync(f.p())),
      f -> Files.exists(f.p())),
  STAT(
      (b, m, f) -> m.call(() -> b.stat(f.p()), () -> b.statAsync(f.p())),
      f -> NioReference.stat(f.p(), true)),
  LSTAT(
      (b, m, f) -> m.call(() -> b.lstat(f.p()), () -> b.lstatAsync(f.p())),
      f -> NioReference.stat(f.p(), false)),
  READ_FILE(
      (b, m, f) -> m.call(() -> b.readFile(f.p()), () -> b.readFileAsync(f.p())),
      f -> NioReference.fileExpected(f.p(), () -> Files.readAllBytes(f.p()))),
  LINES(
      (b, m, f) ->
          Values.lines(
              m.call(
                  () -> b.lines(f.p(), 0, Args.LINES), () -> b.linesAsync(f.p(), 0, Args.LINES))),
      f -> NioReference.fileExpected(f.p(), () -> Values.lines(NioReference.lines(f.p())))),
  WRITE_FILE(
      (b, m, f) ->
          m.call(
              () -> done(() -> b.writeFile(f.p(), Args.DATA)),
              () -> b.writeFileAsync(f.p(), Args.DATA)),
      f -> NioReference.fileExpected(f.p(), () -> done(() -> Files.write(f.p(), Args.DATA)))),
  APPEND_FILE(
      (b, m, f) ->
          m.call(
              () -> done(() -> b.appendFile(f.p(), Args.DATA)),
              () -> b.appendFileAsync(f.p(), Args.DATA)),
      f ->
          NioReference.fileExpected(
              f.p(),
              () ->
                  done(
                      () ->
                          Files.write(
                              f.p(),
                              Args.DATA,
                              StandardOpenOption.CREATE,
                              StandardOpenOption.APPEND)))),
  TRUNCATE(
      (b, m, f) -> m.call(() -> done(() -> b.truncate(f.p(), 1)), () -> b.truncateAsync(f.p(), 1)),
      f -> NioReference.fileExpected(f.p(), () -> done(() -> NioReference.truncate(f.p(), 1)))),
  CHMOD(
      (b, m, f) -> m.call(() -> done(() -> b.chmod(f.p(), 0640)), () -> b.chmodAsync(f.p(), 0640)),
      f ->
          done(
              () ->
                  Files.setPosixFilePermissions(
                      f.p(), PosixFilePermissions.fromString("rw-r-----")))),
  CHOWN(
      (b, m, f) ->
          m.call(
              () -> done(() -> b.chown(f.p(), Args.UID, Args.GID)),
              () -> b.chownAsync(f.p(), Args.UID, Args.GID)),
      f ->
          done(
              () -> {
                Files.setAttribute(f.p(), "unix:uid", Args.UID);
                Files.setAttribute(f.p(), "unix:gid", Args.GID);
              })),
  UTIMES(
      (b, m, f) ->
          m.call(
              () -> done(() -> b.utimes(f.p(), Args.TIME, Args.TIME)),
              () -> b.utimesAsync(f.p(), Args.TIME, Args.TIME)),
      f ->
          done(
              () ->
                  Files.getFileAttributeView(f.p(), BasicFileAttributeView.class)
                      .setTimes(Args.TIME, Args.TIME, null))),
  READDIR(
      (b, m, f) ->
          m.call(
              () -> b.readdir(f.p(), ReaddirOptions.DEFAULT),
              () -> b.readdirAsync(f.p(), ReaddirOptions.DEFAULT)),
      f -> NioReference.readdir(f.p())),
  READLINK(
      (b, m, f) -> m.call(() -> b.readlink(f.p()), () -> b.readlinkAsync(f.p())),
      f -> Files.readSymbolicLink(f.p())),
  REALPATH(
      (b, m, f) -> m.call(() -> b.realpath(f.p()), () -> b.realpathAsync(f.p())),
      f -> f.p().toRealPath()),
  UNLINK(
      (b, m, f) -> m.call(() -> done(() -> b.unlink(f.p())), () -> b.unlinkAsync(f.p())),
      f -> done(() -> NioReference.unlink(f.p()))),
  RMDIR(
      (b, m, f) -> m.call(() -> done(() -> b.rmdir(f.p())), () -> b.rmdirAsync(f.p())),
      f -> done(() -> NioReference.rmdir(f.p()))),
  RM(
      (b, m, f) ->
          m.call(
              () -> done(() -> b.rm(f.p(), RmOptions.DEFAULT)),
              () -> b.rmAsync(f.p(), RmOptions.DEFAULT)),
      f -> done(() -> NioReference.rm(f.p()))),
  RM_RECURSIVE(
      (b, m, f) ->
          m.call(
              () -> done(() -> b.rm(f.p(), RmOptions.RECURSIVE_FORCE)),
              () -> b.rmAsync(f.p(), RmOptions.RECURSIVE_FORCE)),
      f -> done(() -> NioReference.rmRecursive(f.p()))),
  MKDIR(
      (b, m, f) ->
          m.call(
              () -> done(() -> b.mkdir(f.p(), MkdirOptions.DEFAULT)),
              () -> b.mkdirAsync(f.p(), MkdirOptions.DEFAULT)),
      f -> done(() -> Files.createDirectory(f.p()))),
  MKDTEMP(
      (b, m, f) -> created(f, (Path) m.call(() -> b.mkdtemp(f.p()), () -> b.mkdtempAsync(f.p()))),
      f -> created(f, NioReference.mkdtemp(f.p()))),
  COPY_FILE_FROM(
      (b, m, f) ->
          m.call(
              () -> done(() -> b.copyFile(f.p(), f.copy(), CopyFileOptions.DEFAULT)),
              () -> b.copyFileAsync(f.p(), f.copy(), CopyFileOptions.DEFAULT)),
      f -> done(() -> NioReference.copyFile(f.p(), f.copy()))),
  COPY_FILE_TO(
      (b, m, f) ->
          m.call(
              () -> done(() -> b.copyFile(f.src(), f.p(), CopyFileOptions.DEFAULT)),
              () -> b.copyFileAsync(f.src(), f.p(), CopyFileOptions.DEFAULT)),
      f -> done(() -> NioReference.copyFile(f.src(), f.p()))),
  RENAME_FROM(
      (b, m, f) ->
          m.call(
              () -> done(() -> b.rename(f.p(), f.moved())), () -> b.renameAsync(f.p(), f.moved())),
      f -> done(() -> NioReference.rename(f.p(), f.moved()))),
  RENAME_TO(
      (b, m, f) ->
          m.call(() -> done(() -> b.rename(f.src(), f.p())), () -> b.renameAsync(f.src(), f.p())),
      f -> done(() -> NioReference.rename(f.src(), f.p()))),
  SYMLINK_AT(
      (b, m, f) ->
          m.call(
              () -> done(() -> b.symlink(Fixture.LINK_TARGET, f.p())),
              () -> b.symlinkAsync(Fixture.LINK_TARGET, f.p())),
      f -> done(() -> Files.createSymbolicLink(f.p(), Fixture.LINK_TARGET))),
  LINK_FROM(
      (b, m, f) ->
          m.call(() -> done(() -> b.link(f.p(), f.hard())), () -> b.linkAsync(f.p(), f.hard())),
      f -> done(() -> Files.createLink(f.hard(), f.p()))),
  READDIR_RECURSIVE(
      (b, m, f) ->
          m.call(
              () -> b.readdir(f.p(), ReaddirOptions.RECURSIVE),
              () -> b.readdirAsync(f.p(), ReaddirOptions.RECURSIVE)),
      f -> NioReference.walk(f.p(), false, (root, entry, attrs) -> RelativePaths.of(root, entry))),
  SCAN(
      (b, m, f) ->
          m.call(
              () -> b.scan(f.p(), ScanOptions.DEFAULT),
              () -> b.scanAsync(f.p(), ScanOptions.DEFAULT)),
      f -> NioReference.walk(f.p(), false, NioReference::scanLine)),
  SCAN_FOLLOW(
      (b, m, f) -> m.call(() -> b.scan(f.p(), Args.FOLLOW), () -> b.scanAsync(f.p(), Args.FOLLOW)),
      f -> NioReference.walk(f.p(), true, NioReference::scanLine)),
  GLOB(
      (b, m, f) ->
          m.call(
              () -> b.glob(f.p(), List.of("**"), Args.ALL_NAMES),
              () -> b.globAsync(f.p(), List.of("**"), Args.ALL_NAMES)),
      f -> NioReference.walk(f.p(), false, (root, entry, attrs) -> RelativePaths.of(root, entry))),
  CP_FROM(
      (b, m, f) ->
          m.call(
              () -> done(() -> b.cp(f.p(), f.copy(), CpOptions.DEFAULT)),
              () -> b.cpAsync(f.p(), f.copy(), CpOptions.DEFAULT)),
      f -> done(() -> NioReference.cp(f.p(), f.copy()))),
  CP_TO(
      (b, m, f) ->
          m.call(
              () -> done(() -> b.cp(f.srcTree(), f.p(), CpOptions.DEFAULT)),
              () -> b.cpAsync(f.srcTree(), f.p(), CpOptions.DEFAULT)),
      f -> done(() -> NioReference.cp(f.srcTree(), f.p())));

  /**
   * The arguments the calls are given (a class of their own: enum constants cannot read the enum's
   * statics).
   */
  static final class Args {
    private Args() {}

    /** The lines lines asks for, from the first: a few, enough to show their order. */
    static final int LINES = 3;

    /** What writeFile and appendFile write. */
    static final byte[] DATA = "written by the call\n".getBytes(StandardCharsets.US_ASCII);

    /**
     * The owner chown sets: the process's own uid and gid, the only ones every machine lets it give
     * (a file it created keeps its owners, and the call still reaches the path).
     */
    static final int UID = ownId("Uid:");

    static final int GID = ownId("Gid:");

    /** The effective id of a {@code /proc/self/status} line: real, effective, saved, filesystem. */
    private static int ownId(String line) {
      try {
        for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
          if (l.startsWith(line)) {
            return Integer.parseInt(l.substring(line.length()).trim().split("\\s+")[1]);
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      throw new IllegalStateException("no " + line + " line in /proc/self/status");
    }

    /** What utimes sets. */
    static final FileTime TIME = FileTime.fromMillis(1_600_000_000_000L);

    static final ScanOptions FOLLOW = ScanOptions.DEFAULT.withFollowLinks(true);

    /** {@code **} with dot files: every entry below the directory, as the walks list them. */
    static final GlobOptions ALL_NAMES = GlobOptions.DEFAULT.withDot(true);
  }

  /** The call of a backend in a mode. */
  interface BackendCall {
    Object run(FsBackend backend, Mode mode, Fixture fixture) throws Exception;
  }

  /** The oracle's call. */
  interface NioCall {
    Object run(Fixture fixture) throws Exception;
  }

  private interface Action {
    void run() throws Exception;
  }

  private final BackendCall backend;
  private final NioCall nio;

  Family(BackendCall backend, NioCall nio) {
    this.backend = backend;
    this.nio = nio;
  }

  /** The SPI family this call is one of. */
  Op op() {
    return switch (this) {
      case ACCESS -> Op.ACCESS;
      case EXISTS -> Op.EXISTS;
      case STAT -> Op.STAT;
      case LSTAT -> Op.LSTAT;
      case READ_FILE -> Op.READ_FILE;
      case LINES -> Op.LINES;
      case WRITE_FILE -> Op.WRITE_FILE;
      case APPEND_FILE -> Op.APPEND_FILE;
      case TRUNCATE -> Op.TRUNCATE;
      case CHMOD -> Op.CHMOD;
      case CHOWN -> Op.CHOWN;
      case UTIMES -> Op.UTIMES;
      case READDIR, READDIR_RECURSIVE -> Op.READDIR;
      case READLINK -> Op.READLINK;
      case REALPATH -> Op.REALPATH;
      case UNLINK -> Op.UNLINK;
      case RMDIR -> Op.RMDIR;
      case RM, RM_RECURSIVE -> Op.RM;
      case MKDIR -> Op.MKDIR;
      case MKDTEMP -> Op.MKDTEMP;
      case COPY_FILE_FROM, COPY_FILE_TO -> Op.COPY_FILE;
      case RENAME_FROM, RENAME_TO -> Op.RENAME;
      case SYMLINK_AT -> Op.SYMLINK;
      case LINK_FROM -> Op.LINK;
      case SCAN, SCAN_FOLLOW -> Op.SCAN;
      case GLOB -> Op.GLOB;
      case CP_FROM, CP_TO -> Op.CP;
    };
  }

  /** The id in case names: {@code rm-recursive}, {@code copy-file-from}. */
  String id() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  Object callBackend(FsBackend b, Mode m, Fixture f) throws Exception {
    return backend.run(b, m, f);
  }

  Object callNio(Fixture f) throws Exception {
    return nio.run(f);
  }

  /** Whether the call walks a tree, where which entry a failure names depends on the walk order. */
  boolean walksTree() {
    switch (this) {
      case READDIR_RECURSIVE:
      case SCAN:
      case SCAN_FOLLOW:
      case GLOB:
      case CP_FROM:
      case CP_TO:
      case RM_RECURSIVE:
        return true;
      default:
        return false;
    }
  }

  static List<Family> all() {
    return List.of(values());
  }

  private static Object done(Action action) throws Exception {
    action.run();
    return null;
  }

  /**
   * mkdtemp's answer without its random part: where the directory is and whether its name starts
   * with the prefix; the directory is then removed, so that the fixture compares with its twin's.
   */
  private static String created(Fixture f, Path made) throws Exception {
    Path prefix = f.p().toAbsolutePath();
    Path parent = made.toAbsolutePath().getParent();
    boolean prefixed =
        made.getFileName().toString().startsWith(String.valueOf(prefix.getFileName()));
    BasicFileAttributes attrs =
        Files.readAttributes(made, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    boolean empty;
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(made)) {
      empty = !entries.iterator().hasNext();
    }
    if (attrs.isDirectory() && empty) {
      Files.delete(made);
    }
    return "directory="
        + attrs.isDirectory()
        + " empty="
        + empty
        + " in "
        + parent
        + " prefixed="
        + prefixed;
  }
}
