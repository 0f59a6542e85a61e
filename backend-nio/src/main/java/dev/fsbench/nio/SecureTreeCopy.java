package dev.fsbench.nio;

import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FsErrors;
import dev.fsbench.spi.tree.TreeRemoval;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryIteratorException;
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
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Objects;
import java.util.Set;

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
 * <p>What that costs against docs/semantics/cp.md, declared there: the handles' {@code
 * PosixFileAttributeView} sets the nine permission bits only ({@code fchmod} of them), so setuid,
 * setgid and sticky are dropped from the tree's files and directories (setting them by path could
 * set them on another file, which is worse than not copying them); and JDK 17 sets times through a
 * handle with {@code futimes}, to the microsecond (Temurin 25 keeps nanoseconds).
 */
final class SecureTreeCopy {
  private static final String STAGING_PREFIX = ".fsbench-cp-";

  /**
   * The deepest directory copied, below the top: two descriptors per level, 4,096 of them, well
   * within the open-file limits Linux gives a JVM (which raises its soft limit to the hard one),
   * far deeper than real trees. A deeper one is refused naming its source directory, with what was
   * copied above it left in place. The Rust library's walk is bounded in descriptors at any depth;
   * doing that here would mean closing levels and later reopening and re-listing them from their
   * ancestors' handles, which this class does not do.
   */
  static final int MAX_DEPTH = 2048;

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
      requireSame(from, seen, source);
      SecureTreeCopy copy = new SecureTreeCopy(source, target, options, posix);
      copy.run(from);
      return new TreeCopy.Result(copy.files, copy.directories, copy.links, true);
    }
  }

  /** Refuses a handle that is not the directory whose attributes were read by its path. */
  private static void requireSame(
      SecureDirectoryStream<Path> opened, BasicFileAttributes seen, Path path) throws IOException {
    Object key =
        opened.getFileAttributeView(BasicFileAttributeView.class).readAttributes().fileKey();
    if (seen.fileKey() != null && !seen.fileKey().equals(key)) {
      throw new FileSystemException(
          path.toString(), null, "replaced by another file during the copy; nothing copied");
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
      requireSame(to, seen, target);
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
      finishDirectory(to, top, target);
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

  /** One directory being copied: both handles, the source's listing, and where it sits. */
  private final class Level {
    final Level up;
    final Path name;
    final SecureDirectoryStream<Path> from;
    final SecureDirectoryStream<Path> to;
    final Attributes attributes;
    final Iterator<Path> entries;

    Level(
        Level up,
        Path name,
        SecureDirectoryStream<Path> from,
        SecureDirectoryStream<Path> to,
        Attributes attributes) {
      this.up = up;
      this.name = name;
      this.from = from;
      this.to = to;
      this.attributes = attributes;
      this.entries = from.iterator();
    }

    Path next() throws IOException {
      try {
        return entries.hasNext() ? entries.next().getFileName() : null;
      } catch (DirectoryIteratorException e) {
        throw FsErrors.naming(e.getCause(), sourceOf(null));
      }
    }

    /** The source path of {@code child} here (or of this directory when null), for messages. */
    Path sourceOf(Path child) {
      return resolve(source, child);
    }

    Path targetOf(Path child) {
      return resolve(target, child);
    }

    private Path resolve(Path top, Path child) {
      Deque<Path> names = new ArrayDeque<>();
      if (child != null) {
        names.push(child);
      }
      for (Level l = this; l != null && l.name != null; l = l.up) {
        names.push(l.name);
      }
      Path path = top;
      for (Path n : names) {
        path = path.resolve(n);
      }
      return path;
    }
  }

  private void copyContents(SecureDirectoryStream<Path> from, SecureDirectoryStream<Path> to)
      throws IOException {
    Deque<Level> levels = new ArrayDeque<>();
    Level root = new Level(null, null, from, to, null);
    levels.push(root);
    try {
      while (!levels.isEmpty()) {
        Level level = levels.peek();
        Path name = level.next();
        if (name == null) {
          levels.pop();
          if (level != root) {
            level.from.close();
            try (SecureDirectoryStream<Path> done = level.to) {
              finishDirectory(done, level.attributes, level.targetOf(null));
            }
          }
          continue;
        }
        Attributes a;
        try {
          a = attributes(level.from, name);
        } catch (IOException e) {
          throw FsErrors.naming(e, level.sourceOf(name));
        }
        if (a.basic().isDirectory()) {
          if (levels.size() > MAX_DEPTH) {
            throw new FileSystemException(
                level.sourceOf(name).toString(),
                null,
                "more than "
                    + MAX_DEPTH
                    + " directories deep: a copy by directory handles holds two per level, and"
                    + " deeper would run out of file descriptors; nothing below it copied");
          }
          Level below = openBoth(level, name, a);
          levels.push(below);
        } else if (a.basic().isRegularFile()) {
          copyFile(level, name, a);
        } else if (a.basic().isSymbolicLink()) {
          copyLink(level, name, a);
        } else {
          throw FsErrors.specialFile(level.sourceOf(name));
        }
      }
    } finally {
      for (Level level : levels) {
        if (level != root) {
          closeQuietly(level.from);
          closeQuietly(level.to);
        }
      }
    }
  }

  /** Opens the source directory {@code name} and its copy, creating the copy if it is missing. */
  private Level openBoth(Level level, Path name, Attributes a) throws IOException {
    SecureDirectoryStream<Path> from;
    try {
      from = level.from.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      throw FsErrors.naming(e, level.sourceOf(name)); // swapped for a link: ELOOP, not followed
    }
    try {
      BasicFileAttributes existing = attributesOrNull(level.to, name);
      if (existing == null) {
        place(level, name, Files::createDirectory);
      } else if (!existing.isDirectory()) {
        throw new FileAlreadyExistsException(level.targetOf(name).toString());
      }
      SecureDirectoryStream<Path> to;
      try {
        to = level.to.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS);
      } catch (IOException e) {
        throw FsErrors.naming(e, level.targetOf(name));
      }
      directories++;
      return new Level(level, name, from, to, a);
    } catch (IOException | RuntimeException e) {
      closeQuietly(from);
      throw e;
    }
  }

  private void copyFile(Level level, Path name, Attributes a) throws IOException {
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
        level
            .to
            .getFileAttributeView(name, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
            .setPermissions(a.posix()); // the mode the umask took bits from
      }
      if (options.preserveTimestamps()) {
        level
            .to
            .getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
            .setTimes(a.basic().lastModifiedTime(), a.basic().lastAccessTime(), null);
      }
    } catch (IOException e) {
      throw FsErrors.naming(e, level.targetOf(name));
    }
    files++;
  }

  private SeekableByteChannel openSource(Level level, Path name) throws IOException {
    try {
      return level.from.newByteChannel(
          name, Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS));
    } catch (IOException e) {
      throw FsErrors.naming(e, level.sourceOf(name));
    }
  }

  private SeekableByteChannel openTarget(
      Level level, Path name, Set<OpenOption> write, FileAttribute<?>[] mode) throws IOException {
    try {
      return level.to.newByteChannel(name, write, mode);
    } catch (IOException e) {
      throw FsErrors.naming(e, level.targetOf(name));
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

  private void copyLink(Level level, Path name, Attributes a) throws IOException {
    Path sourcePath = level.sourceOf(name);
    Object seen = a.basic().fileKey();
    requireLinkAt(sourcePath, seen);
    Path linkTarget = Files.readSymbolicLink(sourcePath);
    requireLinkAt(sourcePath, seen);
    prepareTarget(level, name);
    if (!linksMoveAsLinks) {
      Path copy = level.targetOf(name);
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
  private void prepareTarget(Level level, Path name) throws IOException {
    BasicFileAttributes existing = attributesOrNull(level.to, name);
    if (existing == null) {
      return;
    }
    Path copy = level.targetOf(name);
    if (!options.overwrite()) {
      throw new FileAlreadyExistsException(copy.toString());
    }
    if (existing.isDirectory()) {
      throw FsErrors.isADirectory(copy); // cp.md: never replaced by a file or a link
    }
    try {
      level.to.deleteFile(name);
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
  private void place(Level level, Path name, Maker maker) throws IOException {
    SecureDirectoryStream<Path> stage = staging(level);
    Path entry = stagingPath.getFileSystem().getPath("e" + staged++);
    try {
      maker.make(stagingPath.resolve(entry));
    } catch (IOException e) {
      throw FsErrors.naming(e, level.targetOf(name));
    }
    try {
      stage.move(entry, level.to, name);
    } catch (IOException e) {
      IOException named = FsErrors.naming(e, level.targetOf(name));
      try {
        TreeRemoval.remove(stagingPath.resolve(entry), TreeRemoval.Option.IGNORE_MISSING);
      } catch (IOException cleanup) {
        named.addSuppressed(cleanup);
      }
      throw named;
    }
  }

  /** The staging directory, created on first use inside the target's top. */
  private SecureDirectoryStream<Path> staging(Level level) throws IOException {
    if (staging != null) {
      return staging;
    }
    Level top = level;
    while (top.up != null) {
      top = top.up;
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
      staging = top.to.newDirectoryStream(made.getFileName(), LinkOption.NOFOLLOW_LINKS);
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
   * children would change a time set earlier.
   */
  private void finishDirectory(SecureDirectoryStream<Path> copy, Attributes a, Path path)
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
      throw FsErrors.naming(e, path);
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

  private static void closeQuietly(DirectoryStream<Path> stream) {
    try {
      stream.close();
    } catch (IOException e) {
      // a directory handle: nothing was written through it that could be lost
    }
  }
}
