package dev.fsbench.support;

import dev.fsbench.spi.FsErrors;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

/**
 * {@code rm -r} that never follows a symbolic link, not even one swapped in for a directory while
 * the removal runs.
 *
 * <pre>{@code
 * TreeRemoval.remove(tree);      // rm -r: the first failure is thrown, as NIO threw it
 * TreeRemoval.cleanUp(sandbox);  // a missing entry is removed already; closed directories reopened
 * }</pre>
 *
 * <p>A visitor of {@link HandleWalk}, whose class comment says why a walk by paths ({@link
 * Files#walkFileTree}) would follow a directory swapped for a link, and what the walk by handles
 * cannot do (its depth limit, {@code FIFO}s swapped in): every directory is opened relative to its
 * parent's open handle with {@code NOFOLLOW_LINKS} and every entry read and deleted relative to it
 * ({@code fstatat}, {@code unlinkat}). An entry that turns out not to be a directory when it is
 * opened (a link or a file swapped in) is deleted as what it now is. The top is opened the same way
 * through its parent; when the parent cannot be listed (search permission without read), the top is
 * opened by its path and removal goes on only if the directory opened is the one whose attributes
 * were read ({@link BasicFileAttributes#fileKey}).
 *
 * <p>What it cannot do beyond the walk's limits: a filesystem without {@link SecureDirectoryStream}
 * is removed with {@code walkFileTree}, which is not race-safe; {@link Result#raceSafe} tells which
 * walk ran. {@link Option#RESTORE_OWNER_ACCESS} changes mode bits through the parent's handle; a
 * JDK older than 21 does that by opening the entry, which its owner may not do to a directory
 * without read permission (root may), and then the bits are set by the entry's path after checking
 * it is the same directory: a swap between that check and the {@code chmod} can give a directory
 * outside the tree its owner's rwx (never delete anything there).
 *
 * <p>Failures name the full path, with NIO's exception class and reason ({@link FsErrors#naming});
 * what was removed before a failure stays removed, as with {@code rm -r}. A path whose last name is
 * {@code .} or {@code ..}, or the empty path, is refused before anything is touched: removing it
 * would remove a directory the caller did not name.
 */
public final class TreeRemoval {

  /** How a removal treats what it meets. */
  public enum Option {
    /**
     * A missing top, and entries that vanish while the removal runs, count as removed ({@code rm
     * -f}); without it they are a {@link NoSuchFileException}.
     */
    IGNORE_MISSING,
    /**
     * A directory whose owner lacks read, write or search permission on it gets them before it is
     * listed, so that what a chmod took away does not stop the removal.
     */
    RESTORE_OWNER_ACCESS
  }

  /**
   * What one removal did.
   *
   * @param files entries removed that were not directories (files, links, special files)
   * @param directories directories removed, the top included
   * @param raceSafe true when the walk went by directory handles; false for the path walk on a
   *     filesystem without {@link SecureDirectoryStream}
   */
  public record Result(long files, long directories, boolean raceSafe) {}

  private static final Set<PosixFilePermission> OWNER_RWX =
      EnumSet.of(
          PosixFilePermission.OWNER_READ,
          PosixFilePermission.OWNER_WRITE,
          PosixFilePermission.OWNER_EXECUTE);

  private final boolean ignoreMissing;
  private final boolean restoreAccess;
  private long files;
  private long directories;

  private TreeRemoval(Set<Option> options) {
    this.ignoreMissing = options.contains(Option.IGNORE_MISSING);
    this.restoreAccess = options.contains(Option.RESTORE_OWNER_ACCESS);
  }

  /** Removes {@code top} and everything below it; {@code top} may also be a file or a link. */
  public static Result remove(Path top, Option... options) throws IOException {
    Objects.requireNonNull(top, "top");
    EnumSet<Option> set = EnumSet.noneOf(Option.class);
    for (Option option : options) {
      set.add(Objects.requireNonNull(option, "option"));
    }
    return new TreeRemoval(set).run(top);
  }

  /**
   * What a harness or a test removes after itself: {@link Option#IGNORE_MISSING} and {@link
   * Option#RESTORE_OWNER_ACCESS}.
   */
  public static Result cleanUp(Path top) throws IOException {
    return remove(top, Option.IGNORE_MISSING, Option.RESTORE_OWNER_ACCESS);
  }

  private Result run(Path top) throws IOException {
    if (top.toString().isEmpty()) {
      throw new NoSuchFileException("", null, "the empty path names no file to remove");
    }
    if (FsErrors.endsInDotOrDotDot(top)) {
      throw FsErrors.dotOrDotDot(top);
    }
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(top, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      if (ignoreMissing) {
        return result(true);
      }
      throw e;
    }
    if (!attributes.isDirectory()) {
      deleteByPath(top);
      return result(true);
    }
    Path absolute = top.toAbsolutePath();
    Path parent = absolute.getParent();
    SecureDirectoryStream<Path> above = parent == null ? null : openSecure(parent);
    if (above != null) {
      try (above) {
        removeEntry(above, absolute.getFileName(), () -> top);
      }
      return result(true);
    }
    return removeOpenedByPath(top, attributes);
  }

  /** The top, its parent unlistable (or none): opened by its path, checked to be what was read. */
  private Result removeOpenedByPath(Path top, BasicFileAttributes attributes) throws IOException {
    if (restoreAccess) {
      restoreByPath(top, attributes.fileKey());
    }
    DirectoryStream<Path> stream;
    try {
      stream = Files.newDirectoryStream(top);
    } catch (NoSuchFileException e) {
      if (ignoreMissing) {
        return result(true);
      }
      throw e;
    }
    if (!(stream instanceof SecureDirectoryStream)) {
      stream.close();
      walkByPath(top);
      return result(false);
    }
    try (SecureDirectoryStream<Path> secure = (SecureDirectoryStream<Path>) stream) {
      DirectoryHandle.requireSame(
          secure, attributes, top, "replaced by another file during the removal; nothing removed");
      removeContents(secure, top);
    }
    deleteByPath(top); // unlink(2)/rmdir(2) of the last name: a link there is removed, not followed
    return result(true);
  }

  /** Removes the entry {@code name} of the directory open as {@code in}. */
  private void removeEntry(SecureDirectoryStream<Path> in, Path name, Supplier<Path> where)
      throws IOException {
    BasicFileAttributes attributes = attributesIn(in, name, where);
    if (attributes == null) {
      return;
    }
    if (!attributes.isDirectory()) {
      deleteFileIn(in, name, where);
      return;
    }
    SecureDirectoryStream<Path> dir = openIn(in, name, where);
    if (dir == null) {
      return;
    }
    try (dir) {
      removeContents(dir, where.get());
    }
    deleteDirectoryIn(in, name, where);
  }

  /**
   * Empties the directory open as {@code top} (at {@code path}), depth first; {@code top} itself
   * stays, open, for its caller to close and delete.
   */
  private void removeContents(SecureDirectoryStream<Path> top, Path path) throws IOException {
    HandleWalk.walk(path, top, null, new Remover());
  }

  /**
   * rm as a visitor of the walk: an entry that is not a directory goes at once, a directory last.
   */
  private final class Remover implements HandleWalk.Visitor<Void> {
    @Override
    public HandleWalk.Descent<Void> visit(HandleWalk.Level<Void> in, Path name) throws IOException {
      Supplier<Path> where = () -> in.path().resolve(name);
      BasicFileAttributes attributes = attributesIn(in.dir(), name, where);
      if (attributes == null) {
        return null;
      }
      if (!attributes.isDirectory()) {
        deleteFileIn(in.dir(), name, where);
        return null;
      }
      SecureDirectoryStream<Path> below = openIn(in.dir(), name, where);
      return below == null ? null : new HandleWalk.Descent<>(below, null);
    }

    @Override
    public void leave(HandleWalk.Level<Void> done) throws IOException {
      deleteDirectoryIn(done.up().dir(), done.name(), done::path);
    }

    @Override
    public String movedReason() {
      return "moved during the removal; stopped so as not to remove entries of another directory";
    }
  }

  /**
   * Opens the directory {@code name} of {@code in}, never through a link. Null when it is gone (and
   * that is allowed) or when it is no longer a directory, in which case it was deleted as what it
   * now is.
   */
  private SecureDirectoryStream<Path> openIn(
      SecureDirectoryStream<Path> in, Path name, Supplier<Path> where) throws IOException {
    if (restoreAccess) {
      restoreIn(in, name, where);
    }
    try {
      return in.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      BasicFileAttributes now = attributesQuietly(in, name);
      if (now == null) {
        if (ignoreMissing && e instanceof NoSuchFileException) {
          return null;
        }
        throw FsErrors.naming(e, where.get());
      }
      if (!now.isDirectory()) {
        deleteFileIn(in, name, where); // swapped for a link (or a file): that goes, not its target
        return null;
      }
      throw FsErrors.naming(e, where.get());
    }
  }

  /** The entry's own attributes (links not followed), or null when it is gone and that is fine. */
  private BasicFileAttributes attributesIn(
      SecureDirectoryStream<Path> in, Path name, Supplier<Path> where) throws IOException {
    try {
      return in.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
          .readAttributes();
    } catch (NoSuchFileException e) {
      if (ignoreMissing) {
        return null;
      }
      throw FsErrors.naming(e, where.get());
    } catch (IOException e) {
      throw FsErrors.naming(e, where.get());
    }
  }

  private static BasicFileAttributes attributesQuietly(SecureDirectoryStream<Path> in, Path name) {
    try {
      return in.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
          .readAttributes();
    } catch (IOException e) {
      return null;
    }
  }

  private void deleteFileIn(SecureDirectoryStream<Path> in, Path name, Supplier<Path> where)
      throws IOException {
    try {
      in.deleteFile(name);
      files++;
    } catch (NoSuchFileException e) {
      if (!ignoreMissing) {
        throw FsErrors.naming(e, where.get());
      }
    } catch (IOException e) {
      throw FsErrors.naming(e, where.get());
    }
  }

  private void deleteDirectoryIn(SecureDirectoryStream<Path> in, Path name, Supplier<Path> where)
      throws IOException {
    try {
      in.deleteDirectory(name);
      directories++;
    } catch (NoSuchFileException e) {
      if (!ignoreMissing) {
        throw FsErrors.naming(e, where.get());
      }
    } catch (IOException e) {
      throw FsErrors.naming(e, where.get());
    }
  }

  private void deleteByPath(Path path) throws IOException {
    try {
      boolean directory =
          Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
              .isDirectory();
      Files.delete(path);
      if (directory) {
        directories++;
      } else {
        files++;
      }
    } catch (NoSuchFileException e) {
      if (!ignoreMissing) {
        throw e;
      }
    }
  }

  /** Gives the owner rwx on the directory {@code name} of {@code in}, if it lacks any. */
  private void restoreIn(SecureDirectoryStream<Path> in, Path name, Supplier<Path> where)
      throws IOException {
    PosixFileAttributeView view =
        in.getFileAttributeView(name, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
    if (view == null) {
      return; // not a POSIX filesystem: nothing to restore
    }
    Set<PosixFilePermission> permissions;
    Object key;
    try {
      var attributes = view.readAttributes();
      if (!attributes.isDirectory() || attributes.permissions().containsAll(OWNER_RWX)) {
        return;
      }
      permissions = attributes.permissions();
      key = attributes.fileKey();
    } catch (NoSuchFileException e) {
      return; // gone: the open that follows says whether that is fine
    }
    permissions.addAll(OWNER_RWX);
    try {
      view.setPermissions(permissions);
    } catch (AccessDeniedException e) {
      // Before JDK 21 the view opens the entry to fchmod it; a directory without read is refused.
      restoreByPath(where.get(), key);
    }
  }

  /** Gives the owner rwx on {@code dir} by its path, if it is still the directory {@code key}. */
  private static void restoreByPath(Path dir, Object key) throws IOException {
    PosixFileAttributeView view =
        Files.getFileAttributeView(dir, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
    if (view == null) {
      return;
    }
    try {
      var attributes = view.readAttributes();
      if (!attributes.isDirectory()
          || !Objects.equals(attributes.fileKey(), key)
          || attributes.permissions().containsAll(OWNER_RWX)) {
        return; // not the directory the walk saw, or nothing to do: its open will tell
      }
      Set<PosixFilePermission> permissions = attributes.permissions();
      permissions.addAll(OWNER_RWX);
      Files.setPosixFilePermissions(dir, permissions);
    } catch (NoSuchFileException e) {
      // gone meanwhile
    }
  }

  /** The removal of a filesystem without {@link SecureDirectoryStream}: not race-safe. */
  private void walkByPath(Path top) throws IOException {
    Files.walkFileTree(
        top,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes)
              throws IOException {
            if (restoreAccess) {
              restoreByPath(dir, attributes.fileKey());
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attributes)
              throws IOException {
            deleteByPath(file);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
            if (e instanceof NoSuchFileException && ignoreMissing) {
              return FileVisitResult.CONTINUE;
            }
            if (e instanceof AccessDeniedException && restoreAccess) {
              // A directory that cannot be opened: open it up and walk it on its own.
              restoreByPath(file, fileKeyOrNull(file));
              walkByPath(file);
              return FileVisitResult.CONTINUE;
            }
            throw e;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
            if (e != null && !(e instanceof NoSuchFileException && ignoreMissing)) {
              throw e;
            }
            deleteByPath(dir);
            return FileVisitResult.CONTINUE;
          }
        });
  }

  private static Object fileKeyOrNull(Path path) {
    try {
      return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
          .fileKey();
    } catch (IOException e) {
      return null;
    }
  }

  /** The directory {@code dir} as a secure stream, or null when it cannot be one. */
  private static SecureDirectoryStream<Path> openSecure(Path dir) {
    DirectoryStream<Path> stream;
    try {
      stream = Files.newDirectoryStream(dir);
    } catch (IOException e) {
      return null; // e.g. search permission without read: the top is opened by its path instead
    }
    if (stream instanceof SecureDirectoryStream) {
      return (SecureDirectoryStream<Path>) stream;
    }
    DirectoryHandle.closeQuietly(stream);
    return null;
  }

  private Result result(boolean raceSafe) {
    return new Result(files, directories, raceSafe);
  }
}
