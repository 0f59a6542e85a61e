package dev.fsbench.nio;

import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FsErrors;
import dev.fsbench.support.CopyTarget;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumSet;

/**
 * cp -r: a directory by {@link SecureTreeCopy} (by directory handles, race-safe) where the
 * filesystem offers it; a file, a link, or a directory on a filesystem without {@link
 * java.nio.file.SecureDirectoryStream}, by a {@link Files#walkFileTree} visitor, which is not
 * race-safe (a directory swapped for a link between its attributes being read and its use is
 * followed).
 *
 * <p>The visitor never follows links itself: directories are created (or merged into when they
 * exist), files copied with {@link Files#copy}, links copied as links ({@code NOFOLLOW_LINKS} makes
 * {@code Files.copy} recreate the link). docs/semantics/cp.md is what both implement.
 *
 * <p>Mode and times ({@link CopiedAttributes}): {@code Files.copy} creates a file with the source's
 * mode less the umask, so every copied file and directory gets the source's bits (all twelve)
 * afterwards, and with {@code preserveTimestamps} its times. A directory gets them only after its
 * contents are copied: a read-only source directory must not stop its own copy from being filled,
 * and writing the children would change a directory time set earlier. The times are those read
 * before the entry was read or listed, since reading may update its access time (relatime does when
 * atime is older than mtime).
 *
 * <p>Onto an existing entry: a directory is merged into; a file or a link is refused with {@code
 * FileAlreadyExistsException}, or with {@code overwrite} replaced, but never a directory, which
 * stays ({@code FileSystemException} "Is a directory", as copyFile says): {@code REPLACE_EXISTING}
 * alone would delete an empty directory to put the file in its place.
 *
 * <p>Counts what it copied, for tests ({@link Result}).
 */
final class TreeCopy extends SimpleFileVisitor<Path> {
  private final Path source;
  private final Path target;
  private final CpOptions options;
  private final CopiedAttributes attributes;

  /**
   * The attributes of the directories being copied, read before listing them changed their access
   * time.
   */
  private final Deque<BasicFileAttributes> openDirectories = new ArrayDeque<>();

  private long files;
  private long directories;
  private long links;

  private TreeCopy(Path source, Path target, CpOptions options) {
    this.source = source;
    this.target = target;
    this.options = options;
    this.attributes = new CopiedAttributes(source.getFileSystem());
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
      CopyTarget.refuseIntoItself(source, target);
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
    TreeCopy copy = new TreeCopy(source, target, options);
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
    copyEntry(file, copy);
    if (attrs.isSymbolicLink()) {
      links++;
      if (options.preserveTimestamps()) {
        CopiedAttributes.copyTimes(copy, attrs, LinkOption.NOFOLLOW_LINKS);
      }
    } else {
      files++;
      attributes.copyMode(file, copy);
      if (options.preserveTimestamps()) {
        CopiedAttributes.copyTimes(copy, attrs);
      }
    }
    return FileVisitResult.CONTINUE;
  }

  /**
   * Copies a file or a link onto {@code copy}. What is there already is replaced only with
   * overwrite, and only if it is not a directory; asking {@code Files.copy} to replace only after
   * it refused keeps the common case (nothing there) at one call.
   */
  private void copyEntry(Path file, Path copy) throws IOException {
    try {
      Files.copy(file, copy, LinkOption.NOFOLLOW_LINKS);
    } catch (FileAlreadyExistsException e) {
      if (!options.overwrite()) {
        throw e;
      }
      if (Files.isDirectory(copy, LinkOption.NOFOLLOW_LINKS)) {
        throw FsErrors.isADirectory(copy);
      }
      Files.copy(file, copy, LinkOption.NOFOLLOW_LINKS, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  @Override
  public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
    if (exc != null) {
      throw exc;
    }
    BasicFileAttributes attrs = openDirectories.pop();
    Path copy = targetOf(dir);
    attributes.copyMode(dir, copy);
    if (options.preserveTimestamps()) {
      CopiedAttributes.copyTimes(copy, attrs);
    }
    return FileVisitResult.CONTINUE;
  }

  private Path targetOf(Path entry) {
    // relativize, then resolve segment by segment: resolve(Path) of a relative Path is fine on one
    // filesystem
    return target.resolve(source.relativize(entry));
  }
}
