package dev.fsbench.nio;

import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FsErrors;
import dev.fsbench.support.DirectoryHandle;
import dev.fsbench.support.HandleWalk;
import dev.fsbench.support.HandleWalk.Level;
import dev.fsbench.support.TreeRemoval;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

/**
 * cp -r of a directory by directory handles, so that a directory of the source or of the target
 * swapped for a symbolic link while the copy runs is never followed: the copy reads nothing outside
 * the source and writes nothing outside the target.
 *
 * <p>{@link TreeCopy}'s path walk reads an entry's attributes, then opens it (and creates its copy)
 * by a path that is resolved again at each call: a source directory replaced by a link in between
 * is listed through the link, and a target directory replaced by a link receives the rest of the
 * copy wherever the link points (1,679 entries were written into a victim directory in 1,000 such
 * races). Here every directory of both trees is opened relative to its parent's open handle with
 * {@code NOFOLLOW_LINKS} ({@code openat(O_NOFOLLOW)}), a file is read and written relative to those
 * handles ({@code openat(O_NOFOLLOW)}, the copy with {@code O_CREAT|O_EXCL}), and its bits and
 * times are set relative to them too. NIO cannot create a directory or a link relative to a handle,
 * so those are made in a staging directory of the copy's own, {@code .fsbench-cp-<random>} (mode
 * 0700) inside the target's top, and moved into place relative to the handles ({@link
 * SecureDirectoryStream#move}, {@code renameat}). The two tops are opened by the paths the caller
 * gave, each checked to be the directory whose attributes were read.
 *
 * <p>What it cannot do, and says here: a link's target is read by its path (the JDK has no {@code
 * readlinkat}), checked before and after against the entry seen through the handle, so only a swap
 * and a swap back between those two checks could make it read the target of a link elsewhere (never
 * a file's content); the staging directory is used by its path, so a process that swaps that
 * directory itself (not a directory of the trees) for a link can make one empty directory or link
 * appear where it points before the copy notices and fails; a FIFO swapped in for a file or a
 * directory at the instant of its open blocks that open (the JDK has no {@code O_NONBLOCK}); and a
 * copy killed midway leaves its staging directory in the target. A filesystem without {@link
 * SecureDirectoryStream} is copied by {@link TreeCopy}'s path walk, which is not race-safe.
 *
 * <p>The walk is {@link HandleWalk}'s, whose class comment says why by handles and what that walk
 * cannot do; this class is its visitor (the target's handles, kept per level as its state, are let
 * go and opened again the same way). From {@link HandleWalk#DEEP_AT} levels down a directory the
 * copy makes is built in the staging directory and moved into its parent once complete, so that no
 * rename reaches deep into the tree: the kernel's rename walks the parents of both directories, and
 * renames into place made the copy of a chain of 50,000 quadratic (well past the hostile suite's
 * 120 s).
 *
 * <p>What that costs against docs/semantics/cp.md, declared there: the handles' {@code
 * PosixFileAttributeView} sets the nine permission bits only ({@code fchmod} of them), so setuid,
 * setgid and sticky are dropped from the tree's files and directories (setting them by path could
 * set them on another file, which is worse than not copying them); and JDK 17 sets times through a
 * handle with {@code futimes}, to the microsecond (Temurin 25 keeps nanoseconds).
 */
final class SecureTreeCopy implements HandleWalk.Visitor<SecureTreeCopy.Copy> {
  private static final String STAGING_PREFIX = ".fsbench-cp-";

  private final Path source;
  private final Path target;
  private final CpOptions options;
  private final boolean posix;

  /**
   * Whether {@link SecureDirectoryStream#move} moves a link itself: the JDK's does ({@code
   * renameat}); Jimfs 1.3.1's resolves the link and moves its target (a dangling one fails), so on
   * any other filesystem a link's copy is made by its path.
   */
  private final boolean linksMoveAsLinks;

  private SecureDirectoryStream<Path> staging;
  private Path stagingPath;
  private long staged;

  private long files;
  private long directories;
  private long links;

  private SecureTreeCopy(Path source, Path target, CpOptions options, boolean posix) {
    this.source = source;
    this.target = target;
    this.options = options;
    this.posix = posix;
    this.linksMoveAsLinks = source.getFileSystem() == FileSystems.getDefault();
  }

  /**
   * Copies the directory {@code source} to {@code target} (created, or merged into); null, with
   * nothing written, when the filesystem offers no {@link SecureDirectoryStream}.
   */
  static TreeCopy.Result copy(Path source, Path target, CpOptions options) throws IOException {
    boolean posix = source.getFileSystem().supportedFileAttributeViews().contains("posix");
    BasicFileAttributes seen =
        Files.readAttributes(source, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    DirectoryStream<Path> opened = Files.newDirectoryStream(source);
    if (!(opened instanceof SecureDirectoryStream)) {
      opened.close();
      return null;
    }
    try (SecureDirectoryStream<Path> from = (SecureDirectoryStream<Path>) opened) {
      DirectoryHandle.requireSame(
          from, seen, source, "replaced by another file during the copy; nothing copied");
      SecureTreeCopy copy = new SecureTreeCopy(source, target, options, posix);
      copy.run(from);
      return new TreeCopy.Result(copy.files, copy.directories, copy.links, true);
    }
  }

  private void run(SecureDirectoryStream<Path> from) throws IOException {
    Attributes top = attributes(from);
    try {
      Files.createDirectory(target);
    } catch (FileAlreadyExistsException e) {
      if (!Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
        throw e;
      }
    }
    BasicFileAttributes seen =
        Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    DirectoryStream<Path> opened = Files.newDirectoryStream(target);
    if (!(opened instanceof SecureDirectoryStream)) {
      opened.close();
      throw new FileSystemException(
          target.toString(), null, "the target offers no SecureDirectoryStream, the source does");
    }
    try (SecureDirectoryStream<Path> to = (SecureDirectoryStream<Path>) opened) {
      DirectoryHandle.requireSame(
          to, seen, target, "replaced by another file during the copy; nothing copied");
      directories++;
      try {
        copyContents(from, to);
      } catch (IOException | RuntimeException e) {
        try {
          closeStaging(to);
        } catch (IOException cleanup) {
          e.addSuppressed(cleanup);
        }
        throw e;
      }
      closeStaging(to);
      finishDirectory(to, top, () -> target);
    }
  }

  /**
   * A source entry's attributes, read before the entry is listed or opened.
   *
   * @param posix its permission bits, or null on a filesystem without them
   */
  private record Attributes(BasicFileAttributes basic, Set<PosixFilePermission> posix) {}

  /** The attributes of the directory open as {@code dir} itself. */
  private Attributes attributes(SecureDirectoryStream<Path> dir) throws IOException {
    if (posix) {
      PosixFileAttributes a =
          dir.getFileAttributeView(PosixFileAttributeView.class).readAttributes();
      return new Attributes(a, a.permissions());
    }
    return new Attributes(
        dir.getFileAttributeView(BasicFileAttributeView.class).readAttributes(), null);
  }

  /** The attributes of the entry {@code name} of {@code dir}, links not followed. */
  private Attributes attributes(SecureDirectoryStream<Path> dir, Path name) throws IOException {
    if (posix) {
      PosixFileAttributes a =
          dir.getFileAttributeView(name, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
              .readAttributes();
      return new Attributes(a, a.permissions());
    }
    return new Attributes(
        dir.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
            .readAttributes(),
        null);
  }

  /**
   * What the copy keeps per directory of the walk.
   *
   * @param to the copy's handle, let go and opened again as the walk's own handles are
   * @param attributes the source directory's, read before it was listed; null for the top
   * @param staged the name of the copy in the staging directory while it is built there, or null
   *     for a copy made (or merged into) in place
   */
  record Copy(DirectoryHandle to, Attributes attributes, Path staged) {}

  private void copyContents(SecureDirectoryStream<Path> from, SecureDirectoryStream<Path> to)
      throws IOException {
    Copy top = new Copy(new DirectoryHandle(to, target.getFileSystem()), null, null);
    HandleWalk.walk(source, from, top, this);
  }

  @Override
  public HandleWalk.Descent<Copy> visit(Level<Copy> level, Path name) throws IOException {
    Attributes a;
    try {
      a = attributes(level.dir(), name);
    } catch (IOException e) {
      throw FsErrors.naming(e, sourceOf(level, name));
    }
    if (a.basic().isDirectory()) {
      return openBoth(level, name, a);
    } else if (a.basic().isRegularFile()) {
      copyFile(level, name, a);
    } else if (a.basic().isSymbolicLink()) {
      copyLink(level, name, a);
    } else {
      throw FsErrors.specialFile(sourceOf(level, name));
    }
    return null;
  }

  @Override
  public void leave(Level<Copy> done) throws IOException {
    try (SecureDirectoryStream<Path> copy = to(done)) {
      if (done.state().staged() != null) {
        // complete: into place (before its bits: moving a directory needs it writable)
        moveIntoPlace(done);
      }
      finishDirectory(copy, done.state().attributes(), () -> targetOf(done, null));
    }
  }

  /**
   * Lets the copy's handle go while {@code below} is copied, with the source's: a copy in place
   * keeps it while the copy below is staged, since it is opened again through the {@code ..} of
   * that copy, which is the staging directory then.
   */
  @Override
  public void release(Level<Copy> level, Level<Copy> below) throws IOException {
    if (level.state().staged() != null || below.state().staged() == null) {
      level.state().to().release();
    }
  }

  /**
   * Opens the copy's handle again: through {@code ..} of {@code below}'s copy, or by its name in
   * the staging directory when it is built there.
   */
  @Override
  public void reopen(Level<Copy> level, Level<Copy> below) throws IOException {
    Copy copy = level.state();
    Supplier<Path> where = () -> targetOf(level, null);
    if (copy.staged() != null) {
      copy.to()
          .reopen(
              () -> staging.newDirectoryStream(copy.staged(), LinkOption.NOFOLLOW_LINKS),
              where,
              movedReason());
    } else {
      copy.to().reopenThroughParentOf(below.state().to(), where, movedReason());
    }
  }

  @Override
  public void abandon(Copy copy) {
    copy.to().closeQuietly();
  }

  @Override
  public String movedReason() {
    return "moved during the copy; the copy stops here";
  }

  /** The handle of {@code level}'s copy. */
  private static SecureDirectoryStream<Path> to(Level<Copy> level) {
    return level.state().to().stream();
  }

  /** The source path of {@code child} of {@code level} (of the level itself when null). */
  private static Path sourceOf(Level<Copy> level, Path child) {
    return child == null ? level.path() : level.path().resolve(child);
  }

  /** The target path of {@code child} of {@code level} (of the level itself when null). */
  private Path targetOf(Level<Copy> level, Path child) {
    Path copy = level.pathFrom(target);
    return child == null ? copy : copy.resolve(child);
  }

  /** Opens the source directory {@code name} and its copy, creating the copy if it is missing. */
  private HandleWalk.Descent<Copy> openBoth(Level<Copy> level, Path name, Attributes a)
      throws IOException {
    SecureDirectoryStream<Path> from;
    try {
      from = level.dir().newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      throw FsErrors.naming(e, sourceOf(level, name)); // swapped for a link: ELOOP, not followed
    }
    try {
      BasicFileAttributes existing = attributesOrNull(to(level), name);
      Path staged = null;
      SecureDirectoryStream<Path> to;
      if (existing == null && level.depth() + 1 >= HandleWalk.DEEP_AT) {
        staged = stage(level, name, Files::createDirectory);
        to = stagedDirectory(staged, () -> targetOf(level, name));
      } else {
        if (existing == null) {
          place(level, name, Files::createDirectory);
        } else if (!existing.isDirectory()) {
          throw new FileAlreadyExistsException(targetOf(level, name).toString());
        }
        try {
          to = to(level).newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
          throw FsErrors.naming(e, targetOf(level, name));
        }
      }
      directories++;
      return new HandleWalk.Descent<>(
          from, new Copy(new DirectoryHandle(to, target.getFileSystem()), a, staged));
    } catch (IOException | RuntimeException e) {
      DirectoryHandle.closeQuietly(from);
      throw e;
    }
  }

  /** The directory {@code entry} of the staging directory. */
  private SecureDirectoryStream<Path> stagedDirectory(Path entry, Supplier<Path> path)
      throws IOException {
    try {
      return staging.newDirectoryStream(entry, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      throw FsErrors.naming(e, path.get());
    }
  }

  private void copyFile(Level<Copy> level, Path name, Attributes a) throws IOException {
    prepareTarget(level, name);
    Set<OpenOption> write =
        Set.of(StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW, LinkOption.NOFOLLOW_LINKS);
    FileAttribute<?>[] mode =
        posix
            ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(a.posix())}
            : new FileAttribute<?>[0];
    try (SeekableByteChannel in = openSource(level, name);
        SeekableByteChannel out = openTarget(level, name, write, mode)) {
      transfer(in, out);
    }
    try {
      if (posix) {
        to(level)
            .getFileAttributeView(name, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
            .setPermissions(a.posix()); // the mode the umask took bits from
      }
      if (options.preserveTimestamps()) {
        to(level)
            .getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
            .setTimes(a.basic().lastModifiedTime(), a.basic().lastAccessTime(), null);
      }
    } catch (IOException e) {
      throw FsErrors.naming(e, targetOf(level, name));
    }
    files++;
  }

  private SeekableByteChannel openSource(Level<Copy> level, Path name) throws IOException {
    try {
      return level
          .dir()
          .newByteChannel(name, Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS));
    } catch (IOException e) {
      throw FsErrors.naming(e, sourceOf(level, name));
    }
  }

  private SeekableByteChannel openTarget(
      Level<Copy> level, Path name, Set<OpenOption> write, FileAttribute<?>[] mode)
      throws IOException {
    try {
      return to(level).newByteChannel(name, write, mode);
    } catch (IOException e) {
      throw FsErrors.naming(e, targetOf(level, name));
    }
  }

  private static void transfer(SeekableByteChannel in, SeekableByteChannel out) throws IOException {
    if (in instanceof FileChannel && out instanceof FileChannel) {
      FileChannel source = (FileChannel) in;
      for (long at = 0, n; (n = source.transferTo(at, Long.MAX_VALUE, out)) > 0; at += n) {
        // transferTo may move less than asked (sendfile, copy_file_range): go on to the end
      }
      return;
    }
    ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
    while (in.read(buffer) >= 0) {
      buffer.flip();
      while (buffer.hasRemaining()) {
        out.write(buffer);
      }
      buffer.clear();
    }
  }

  private void copyLink(Level<Copy> level, Path name, Attributes a) throws IOException {
    Path sourcePath = sourceOf(level, name);
    Object seen = a.basic().fileKey();
    requireLinkAt(sourcePath, seen);
    Path linkTarget = Files.readSymbolicLink(sourcePath);
    requireLinkAt(sourcePath, seen);
    prepareTarget(level, name);
    if (!linksMoveAsLinks) {
      // by path: where the level's copy is now, in place or (built there) in the staging directory
      Path copy =
          level.state().staged() != null
              ? stagingPath.resolve(level.state().staged()).resolve(name)
              : targetOf(level, name);
      Files.createSymbolicLink(copy, linkTarget);
      if (options.preserveTimestamps()) {
        Files.getFileAttributeView(copy, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
            .setTimes(a.basic().lastModifiedTime(), a.basic().lastAccessTime(), null);
      }
      links++;
      return;
    }
    place(
        level,
        name,
        staged -> {
          Files.createSymbolicLink(staged, linkTarget);
          if (options.preserveTimestamps()) {
            Files.getFileAttributeView(
                    staged, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .setTimes(a.basic().lastModifiedTime(), a.basic().lastAccessTime(), null);
          }
        });
    links++;
  }

  /**
   * Refuses to go on unless {@code path} names the link {@code key} that the handle showed: the JDK
   * reads a link's target only by path, and an ancestor swapped for a link would make that path
   * name a link elsewhere.
   */
  private static void requireLinkAt(Path path, Object key) throws IOException {
    BasicFileAttributes now;
    try {
      now = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      now = null;
    }
    if (now == null || !now.isSymbolicLink() || !Objects.equals(key, now.fileKey())) {
      throw new FileSystemException(
          path.toString(), null, "changed while its link target was read; not copied");
    }
  }

  /**
   * Makes room for a file or link copy of {@code name}: an existing file or link is replaced with
   * overwrite and refused without it; a directory is never replaced ("Is a directory", as
   * docs/semantics/cp.md says).
   */
  private void prepareTarget(Level<Copy> level, Path name) throws IOException {
    BasicFileAttributes existing = attributesOrNull(to(level), name);
    if (existing == null) {
      return;
    }
    Path copy = targetOf(level, name);
    if (!options.overwrite()) {
      throw new FileAlreadyExistsException(copy.toString());
    }
    if (existing.isDirectory()) {
      throw FsErrors.isADirectory(copy); // cp.md: never replaced by a file or a link
    }
    try {
      to(level).deleteFile(name);
    } catch (NoSuchFileException e) {
      // gone meanwhile: room made
    } catch (IOException e) {
      throw FsErrors.naming(e, copy);
    }
  }

  /** Creates something at a path of the staging directory. */
  private interface Maker {
    void make(Path staged) throws IOException;
  }

  /**
   * Makes an entry in the staging directory and moves it, by handles, to {@code name} in {@code
   * level}'s target directory: NIO has no mkdirat or symlinkat.
   */
  private void place(Level<Copy> level, Path name, Maker maker) throws IOException {
    Path entry = stage(level, name, maker);
    try {
      staging.move(entry, to(level), name);
    } catch (IOException e) {
      IOException named = FsErrors.naming(e, targetOf(level, name));
      try {
        TreeRemoval.remove(stagingPath.resolve(entry), TreeRemoval.Option.IGNORE_MISSING);
      } catch (IOException cleanup) {
        named.addSuppressed(cleanup);
      }
      throw named;
    }
  }

  /** Makes an entry in the staging directory, for {@code name} in {@code level}; its name there. */
  private Path stage(Level<Copy> level, Path name, Maker maker) throws IOException {
    staging(level);
    Path entry = stagingPath.getFileSystem().getPath("e" + staged++);
    try {
      maker.make(stagingPath.resolve(entry));
    } catch (IOException e) {
      throw FsErrors.naming(e, targetOf(level, name));
    }
    return entry;
  }

  /**
   * Moves the copy {@code level} built in the staging directory to its name in its parent's copy,
   * which is in the staging directory too, or one in place at {@link #DEEP_AT}: a rename between
   * two directories of the staging area, or one at that depth. If it fails, the staged copy goes
   * with the staging directory.
   */
  private void moveIntoPlace(Level<Copy> level) throws IOException {
    try {
      staging.move(level.state().staged(), to(level.up()), level.name());
    } catch (IOException e) {
      throw FsErrors.naming(e, targetOf(level, null));
    }
  }

  /** The staging directory, created on first use inside the target's top. */
  private SecureDirectoryStream<Path> staging(Level<Copy> level) throws IOException {
    if (staging != null) {
      return staging;
    }
    Level<Copy> top = level;
    while (top.up() != null) {
      top = top.up();
    }
    FileAttribute<?>[] ownerOnly =
        posix
            ? new FileAttribute<?>[] {
              PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))
            }
            : new FileAttribute<?>[0];
    Path made = Files.createTempDirectory(target, STAGING_PREFIX, ownerOnly);
    stagingPath = made;
    try {
      staging = to(top).newDirectoryStream(made.getFileName(), LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      throw FsErrors.naming(e, made);
    }
    return staging;
  }

  /** Removes the staging directory, if one was made, through the target top's handle. */
  private void closeStaging(SecureDirectoryStream<Path> to) throws IOException {
    if (staging == null) {
      return;
    }
    staging.close();
    staging = null;
    Path name = stagingPath.getFileName();
    try {
      to.deleteDirectory(name);
    } catch (NoSuchFileException e) {
      // removed by someone else: nothing left to do
    } catch (IOException e) {
      TreeRemoval.remove(stagingPath, TreeRemoval.Option.IGNORE_MISSING); // a failed entry in it
    }
  }

  /**
   * A copied directory's bits and times, set on its own handle once its contents are in: a
   * read-only source directory must not stop its own copy from being filled, and writing the
   * children would change a time set earlier. {@code path} names it in a failure, and is made only
   * then: building a path from the levels costs the square of the depth.
   */
  private void finishDirectory(SecureDirectoryStream<Path> copy, Attributes a, Supplier<Path> path)
      throws IOException {
    try {
      if (posix) {
        copy.getFileAttributeView(PosixFileAttributeView.class).setPermissions(a.posix());
      }
      if (options.preserveTimestamps()) {
        copy.getFileAttributeView(BasicFileAttributeView.class)
            .setTimes(a.basic().lastModifiedTime(), a.basic().lastAccessTime(), null);
      }
    } catch (IOException e) {
      throw FsErrors.naming(e, path.get());
    }
  }

  private static BasicFileAttributes attributesOrNull(SecureDirectoryStream<Path> dir, Path name)
      throws IOException {
    try {
      return dir.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
          .readAttributes();
    } catch (NoSuchFileException e) {
      return null;
    }
  }
}
