package dev.fsbench.spi.tree;

import dev.fsbench.spi.FsErrors;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
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
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * {@code rm -r} that never follows a symbolic link, not even one swapped in for a directory while
 * the removal runs.
 *
 * <pre>{@code
 * TreeRemoval.remove(tree);      // rm -r: the first failure is thrown, as NIO threw it
 * TreeRemoval.cleanUp(sandbox);  // a missing entry is removed already; closed directories reopened
 * }</pre>
 *
 * <p>Why not {@link Files#walkFileTree}: it reads an entry's attributes, then opens the entry by
 * its path. A directory replaced by a link to a directory outside the tree in between is opened
 * through the link, and everything in that outside directory is deleted (the victim lost every file
 * at try 104 of a run of such races here). This class opens every directory relative to its
 * parent's open handle with {@code NOFOLLOW_LINKS} ({@link
 * SecureDirectoryStream#newDirectoryStream}, {@code openat(O_NOFOLLOW)} on Linux) and reads and
 * deletes every entry relative to that handle ({@code fstatat}, {@code unlinkat}), never by a path
 * that could be resolved again. An entry that turns out not to be a directory when it is opened (a
 * link or a file swapped in) is deleted as what it now is. The top is opened the same way through
 * its parent; when the parent cannot be listed (search permission without read), the top is opened
 * by its path and removal goes on only if the directory opened is the one whose attributes were
 * read ({@link BasicFileAttributes#fileKey}). The walk keeps its stack on the heap (no recursion,
 * any depth). Down to {@link #DEEP_AT} levels it holds one directory handle per level, as {@code
 * walkFileTree} does; below that a directory is listed whole when it is opened and its handle is
 * let go while a subdirectory is emptied, then opened again through that subdirectory's {@code ..}
 * and refused unless it is the directory it was (by file key). So a chain of any depth is removed
 * with a bounded number of descriptors: one handle per level ran out of them (EMFILE) a few
 * thousand levels down a chain of 50,000.
 *
 * <p>What it cannot do, and says here: a filesystem without {@link SecureDirectoryStream} (the
 * default one on Linux has it, Jimfs has it, the zip filesystem has not) is removed with {@code
 * walkFileTree}, which is not race-safe; {@link Result#raceSafe} tells which walk ran. The JDK
 * opens a directory without {@code O_DIRECTORY}, so a FIFO swapped in for a directory at the
 * instant of its open blocks that open. {@link Option#RESTORE_OWNER_ACCESS} changes mode bits
 * through the parent's handle; a JDK older than 21 does that by opening the entry, which its owner
 * may not do to a directory without read permission (root may), and then the bits are set by the
 * entry's path after checking it is the same directory: a swap between that check and the {@code
 * chmod} can give a directory outside the tree its owner's rwx (never delete anything there).
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

  /**
   * Depth below the top from which a directory's listing is read whole when it is opened and its
   * handle is closed while a subdirectory is emptied: above it, one descriptor per level for the
   * whole of its subtree; below it, at most one more, plus the reopen of each parent through {@code
   * ..} (one {@code openat} and one {@code fstat} per directory).
   */
  static final int DEEP_AT = 64;

  private static final Path DOT_DOT = Path.of("..");

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
      Object opened =
          secure.getFileAttributeView(BasicFileAttributeView.class).readAttributes().fileKey();
      if (attributes.fileKey() != null && !attributes.fileKey().equals(opened)) {
        throw new FileSystemException(
            top.toString(), null, "replaced by another file during the removal; nothing removed");
      }
      removeContents(secure, top);
    }
    deleteByPath(top); // unlink(2)/rmdir(2) of the last name: a link there is removed, not followed
    return result(true);
  }

  /**
   * Where an entry is, for messages and for the rare call that needs a path: computed only when
   * asked, since the walk itself never needs one (a path per level would cost memory quadratic in
   * the depth).
   */
  private interface Where {
    Path path();
  }

  /** Removes the entry {@code name} of the directory open as {@code in}. */
  private void removeEntry(SecureDirectoryStream<Path> in, Path name, Where where)
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
      removeContents(dir, where.path());
    }
    deleteDirectoryIn(in, name, where);
  }

  /** One directory of the walk: its handle (while open), its listing, and where it sits. */
  private static final class Level {
    /** The level whose directory holds this one, or null for the directory being emptied. */
    final Level up;

    /** This directory's name in {@code up}'s, or its whole path when {@code up} is null. */
    final Path name;

    final int depth;

    /** Null while a subdirectory is emptied, from {@link #DEEP_AT} levels down. */
    SecureDirectoryStream<Path> dir;

    /** Which directory {@link #dir} was, while it is let go. */
    private Object key;

    final Iterator<Path> entries;

    Level(Level up, Path name, SecureDirectoryStream<Path> dir) throws IOException {
      this.up = up;
      this.name = name;
      this.depth = up == null ? 0 : up.depth + 1;
      this.dir = dir;
      this.entries = depth >= DEEP_AT ? names() : dir.iterator();
    }

    /**
     * The whole listing, as names: a listing left open would need the handle. Entries removed by a
     * race meanwhile are met as missing, which the walk already handles.
     */
    private Iterator<Path> names() throws IOException {
      List<Path> names = new ArrayList<>();
      try {
        for (Path entry : dir) {
          names.add(entry.getFileName());
        }
      } catch (DirectoryIteratorException e) {
        throw FsErrors.naming(e.getCause(), path());
      }
      return names.iterator();
    }

    /**
     * Lets the handle go while a subdirectory is emptied, remembering which directory it was: a JDK
     * handle also holds its directory's whole path, so one per level of a deep chain costs memory
     * quadratic in the depth as well as descriptors.
     */
    void release() throws IOException {
      if (depth < DEEP_AT) {
        return;
      }
      key = keyOf(dir);
      dir.close();
      dir = null;
    }

    /**
     * Opens the handle {@link #release} let go again, through {@code ..} of the subdirectory {@code
     * below} (still open): never by a path, which a link swapped in could redirect. Refuses to go
     * on if it is not the directory it was (the subtree was moved meanwhile), since removing on
     * would remove entries of another directory.
     */
    void reopen(Level below) throws IOException {
      if (dir != null) {
        return;
      }
      SecureDirectoryStream<Path> opened;
      try {
        opened = below.dir.newDirectoryStream(DOT_DOT, LinkOption.NOFOLLOW_LINKS);
      } catch (IOException e) {
        throw FsErrors.naming(e, path());
      }
      if (!Objects.equals(keyOf(opened), key)) {
        closeQuietly(opened);
        throw new FileSystemException(
            path().toString(),
            null,
            "moved during the removal; stopped so as not to remove entries of another directory");
      }
      dir = opened;
    }

    private static Object keyOf(SecureDirectoryStream<Path> dir) throws IOException {
      return dir.getFileAttributeView(BasicFileAttributeView.class).readAttributes().fileKey();
    }

    /** The next entry's name, or null when the listing is done. */
    Path next() throws IOException {
      try {
        return entries.hasNext() ? entries.next().getFileName() : null;
      } catch (DirectoryIteratorException e) {
        throw FsErrors.naming(e.getCause(), path());
      }
    }

    /** This directory's path, built from the names up to the top (iteratively: any depth). */
    Path path() {
      Deque<Path> names = new ArrayDeque<>();
      Level level = this;
      for (; level.up != null; level = level.up) {
        names.push(level.name);
      }
      Path path = level.name;
      for (Path n : names) {
        path = path.resolve(n);
      }
      return path;
    }

    Where child(Path child) {
      return () -> path().resolve(child);
    }
  }

  /**
   * Empties the directory open as {@code top} (at {@code path}), depth first; {@code top} itself
   * stays, open, for its caller to close and delete.
   */
  private void removeContents(SecureDirectoryStream<Path> top, Path path) throws IOException {
    Deque<Level> levels = new ArrayDeque<>();
    Level root = new Level(null, path, top);
    levels.push(root);
    try {
      while (!levels.isEmpty()) {
        Level level = levels.peek();
        Path child = level.next();
        if (child == null) {
          levels.pop();
          if (level != root) {
            level.up.reopen(level);
            level.dir.close();
            level.dir = null;
            deleteDirectoryIn(level.up.dir, level.name, level::path);
          }
          continue;
        }
        Where where = level.child(child);
        BasicFileAttributes attributes = attributesIn(level.dir, child, where);
        if (attributes == null) {
          continue;
        }
        if (!attributes.isDirectory()) {
          deleteFileIn(level.dir, child, where);
          continue;
        }
        SecureDirectoryStream<Path> below = openIn(level.dir, child, where);
        if (below != null) {
          Level next;
          try {
            next = new Level(level, child, below);
          } catch (IOException | RuntimeException e) {
            closeQuietly(below);
            throw e;
          }
          level.release();
          levels.push(next);
        }
      }
    } finally {
      for (Level level : levels) {
        if (level != root && level.dir != null) {
          closeQuietly(level.dir);
        }
      }
    }
  }

  /**
   * Opens the directory {@code name} of {@code in}, never through a link. Null when it is gone (and
   * that is allowed) or when it is no longer a directory, in which case it was deleted as what it
   * now is.
   */
  private SecureDirectoryStream<Path> openIn(SecureDirectoryStream<Path> in, Path name, Where where)
      throws IOException {
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
        throw FsErrors.naming(e, where.path());
      }
      if (!now.isDirectory()) {
        deleteFileIn(in, name, where); // swapped for a link (or a file): that goes, not its target
        return null;
      }
      throw FsErrors.naming(e, where.path());
    }
  }

  /** The entry's own attributes (links not followed), or null when it is gone and that is fine. */
  private BasicFileAttributes attributesIn(SecureDirectoryStream<Path> in, Path name, Where where)
      throws IOException {
    try {
      return in.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
          .readAttributes();
    } catch (NoSuchFileException e) {
      if (ignoreMissing) {
        return null;
      }
      throw FsErrors.naming(e, where.path());
    } catch (IOException e) {
      throw FsErrors.naming(e, where.path());
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

  private void deleteFileIn(SecureDirectoryStream<Path> in, Path name, Where where)
      throws IOException {
    try {
      in.deleteFile(name);
      files++;
    } catch (NoSuchFileException e) {
      if (!ignoreMissing) {
        throw FsErrors.naming(e, where.path());
      }
    } catch (IOException e) {
      throw FsErrors.naming(e, where.path());
    }
  }

  private void deleteDirectoryIn(SecureDirectoryStream<Path> in, Path name, Where where)
      throws IOException {
    try {
      in.deleteDirectory(name);
      directories++;
    } catch (NoSuchFileException e) {
      if (!ignoreMissing) {
        throw FsErrors.naming(e, where.path());
      }
    } catch (IOException e) {
      throw FsErrors.naming(e, where.path());
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
  private void restoreIn(SecureDirectoryStream<Path> in, Path name, Where where)
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
      restoreByPath(where.path(), key);
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
    closeQuietly(stream);
    return null;
  }

  private static void closeQuietly(DirectoryStream<Path> stream) {
    try {
      stream.close();
    } catch (IOException e) {
      // closing a directory handle: nothing was written through it that could be lost
    }
  }

  private Result result(boolean raceSafe) {
    return new Result(files, directories, raceSafe);
  }
}
