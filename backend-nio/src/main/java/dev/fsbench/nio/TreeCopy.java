package dev.fsbench.nio;

import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FsErrors;
import java.io.IOException;
import java.nio.file.CopyOption;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
import java.util.List;

/**
 * cp -r: a directory by {@link SecureTreeCopy} (by directory handles, race-safe) where the
 * filesystem offers it; a file, a link, or a directory on a filesystem without {@link
 * java.nio.file.SecureDirectoryStream}, by a {@link Files#walkFileTree} visitor, which is not
 * race-safe (a directory swapped for a link between its attributes being read and its use is
 * followed).
 *
 * <p>The visitor never follows links itself: directories are created (or merged into when they
 * exist), files copied with {@link Files#copy}, links copied as links ({@code NOFOLLOW_LINKS} makes
 * {@code Files.copy} recreate the link).
 *
 * <p>Permission bits: {@code Files.copy} creates a file with the source's mode less the umask, so
 * the bits are set again afterwards. A directory gets its bits (and with {@code preserveTimestamps}
 * its times) only after its contents are copied: a read-only source directory must not stop its own
 * copy from being filled, and writing the children would change a directory time set earlier. The
 * times are those read before the directory was listed, since listing it may update its access time
 * (relatime does when atime is older than mtime).
 *
 * <p>Counts what it copied, for tests ({@link Result}).
 */
final class TreeCopy extends SimpleFileVisitor<Path> {
  private final Path source;
  private final Path target;
  private final CpOptions options;
  private final boolean posix;

  /**
   * The attributes of the directories being copied, read before listing them changed their access
   * time.
   */
  private final Deque<BasicFileAttributes> openDirectories = new ArrayDeque<>();

  private long files;
  private long directories;
  private long links;

  private TreeCopy(Path source, Path target, CpOptions options, boolean posix) {
    this.source = source;
    this.target = target;
    this.options = options;
    this.posix = posix;
  }

  /**
   * What a copy copied.
   *
   * @param files regular files
   * @param directories directories, the top included
   * @param links symbolic links
   * @param raceSafe whether the tree was walked by directory handles
   */
  record Result(long files, long directories, long links, boolean raceSafe) {}

  static Result copy(Path source, Path target, CpOptions options) throws IOException {
    BasicFileAttributes attrs =
        Files.readAttributes(source, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    if (attrs.isDirectory()) {
      refuseIntoItself(source, target);
    }
    Path parent = target.getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    if (attrs.isDirectory()) {
      Result secure = SecureTreeCopy.copy(source, target, options);
      if (secure != null) {
        return secure;
      }
    }
    boolean posix = source.getFileSystem().supportedFileAttributeViews().contains("posix");
    TreeCopy copy = new TreeCopy(source, target, options, posix);
    Files.walkFileTree(source, EnumSet.noneOf(FileVisitOption.class), Integer.MAX_VALUE, copy);
    return new Result(copy.files, copy.directories, copy.links, !attrs.isDirectory());
  }

  @Override
  public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
    Path copy = targetOf(dir);
    try {
      Files.createDirectory(copy);
    } catch (FileAlreadyExistsException e) {
      if (!Files.isDirectory(copy, LinkOption.NOFOLLOW_LINKS)) {
        throw e;
      }
    }
    openDirectories.push(attrs);
    directories++;
    return FileVisitResult.CONTINUE;
  }

  @Override
  public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
    if (attrs.isOther()) {
      throw FsErrors.specialFile(file);
    }
    Path copy = targetOf(file);
    List<CopyOption> copyOptions = new ArrayList<>(List.of(LinkOption.NOFOLLOW_LINKS));
    if (options.overwrite()) {
      copyOptions.add(StandardCopyOption.REPLACE_EXISTING);
    }
    if (options.preserveTimestamps()) {
      copyOptions.add(StandardCopyOption.COPY_ATTRIBUTES); // times and permission bits
    }
    Files.copy(file, copy, copyOptions.toArray(new CopyOption[0]));
    if (attrs.isSymbolicLink()) {
      links++;
      if (options.preserveTimestamps()) {
        setTimes(copy, attrs, LinkOption.NOFOLLOW_LINKS);
      }
    } else {
      files++;
      if (posix && !options.preserveTimestamps()) {
        Files.setPosixFilePermissions(
            copy, Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS));
      }
    }
    return FileVisitResult.CONTINUE;
  }

  @Override
  public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
    if (exc != null) {
      throw exc;
    }
    BasicFileAttributes attrs = openDirectories.pop();
    Path copy = targetOf(dir);
    if (posix) {
      Files.setPosixFilePermissions(
          copy, Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS));
    }
    if (options.preserveTimestamps()) {
      setTimes(copy, attrs);
    }
    return FileVisitResult.CONTINUE;
  }

  private static void setTimes(Path copy, BasicFileAttributes of, LinkOption... options)
      throws IOException {
    Files.getFileAttributeView(copy, BasicFileAttributeView.class, options)
        .setTimes(of.lastModifiedTime(), of.lastAccessTime(), null);
  }

  private Path targetOf(Path entry) {
    // relativize, then resolve segment by segment: resolve(Path) of a relative Path is fine on one
    // filesystem
    return target.resolve(source.relativize(entry));
  }

  /**
   * Refuses a target at or below the source directory before anything is written, comparing real
   * paths so that a link or a {@code ..} cannot hide the overlap. The target may not exist yet: its
   * deepest existing ancestor is resolved and the rest appended.
   */
  static void refuseIntoItself(Path source, Path target) throws IOException {
    Path realSource = source.toRealPath();
    Path absolute = target.toAbsolutePath().normalize();
    Path existing = absolute;
    while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
      existing = existing.getParent();
    }
    Path realTarget =
        existing == null
            ? absolute
            : existing.toRealPath().resolve(existing.relativize(absolute)).normalize();
    if (realTarget.startsWith(realSource)) {
      throw FsErrors.intoItself(source, target);
    }
  }
}
