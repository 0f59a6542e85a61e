package dev.fsbench.support;

import dev.fsbench.spi.FsErrors;
import java.io.IOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;

/**
 * The race-safe walk of a directory tree by directory handles, depth first, that {@link
 * TreeRemoval} (rm) and nio's cp are visitors of: the walk opens nothing itself and decides nothing
 * about an entry; it hands each entry's name to its {@link Visitor} with the handle of the
 * directory that holds it, descends into the directory the visitor opened, and tells the visitor
 * when a directory's listing is done.
 *
 * <p>Why handles: {@code Files.walkFileTree} reads an entry's attributes, then opens it by its
 * path, and a directory replaced by a link in between is walked through the link, outside the tree
 * (a removal by paths deleted a victim's files at try 104 of a run of such races; a copy by paths
 * wrote 1,679 entries into a victim in 1,000). A visitor opens every directory relative to its
 * parent's handle with {@code NOFOLLOW_LINKS} ({@link SecureDirectoryStream#newDirectoryStream},
 * {@code openat(O_NOFOLLOW)}) and addresses every entry relative to it, never by a path that could
 * be resolved again.
 *
 * <p>Its limits, and why:
 *
 * <ul>
 *   <li>Depth. The walk keeps its stack on the heap (no recursion: any depth). Down to {@link
 *       #DEEP_AT} levels below the top a directory keeps its handle for the whole of its subtree,
 *       as {@code walkFileTree} does; from there on a directory is listed whole when it is opened
 *       and its handle is let go while a subdirectory is walked, then opened again through that
 *       subdirectory's {@code ..} and refused unless its file key is the one it had ({@link
 *       DirectoryHandle}): the subtree was moved meanwhile, and going on would act on another
 *       directory. A JDK handle holds two descriptors and its directory's whole path, so one per
 *       level ran out of descriptors (EMFILE) a few thousand levels down a chain of 50,000 and
 *       would hold memory quadratic in the depth; above the limit the reopen (one {@code openat}
 *       and one {@code fstat} per directory) is not paid. A visitor with handles of its own (cp's
 *       target) lets them go and opens them again the same way ({@link Visitor#release}, {@link
 *       Visitor#reopen}).
 *   <li>Paths are built only for messages ({@link Level#path}), from the names up to the top: a
 *       path per level would cost memory quadratic in the depth, and the walk never needs one, so
 *       trees whose paths exceed {@code PATH_MAX} are walked.
 *   <li>A directory listed whole (below {@link #DEEP_AT}) may have lost entries to a race by the
 *       time they are visited: the visitor meets them as missing.
 *   <li>The JDK opens a directory without {@code O_DIRECTORY} or {@code O_NONBLOCK}, so a FIFO
 *       swapped in for a directory at the instant of its open blocks that open.
 *   <li>A filesystem without {@link SecureDirectoryStream} (the zip filesystem; the default one and
 *       Jimfs have it) cannot be walked so; its callers fall back to a walk by paths, which is not
 *       race-safe, and say so in their results.
 * </ul>
 *
 * <p>Failures name the full path: a listing that fails is the directory's {@link FsErrors#naming}.
 */
public final class HandleWalk {

  /**
   * Depth below the top from which a directory's listing is read whole when it is opened and its
   * handle is let go while a subdirectory is walked.
   */
  public static final int DEEP_AT = 64;

  private HandleWalk() {}

  /**
   * What a recursive operation does at each entry of the walk.
   *
   * @param <S> what the operation keeps per directory (cp: the copy's handle), or {@link Void}
   */
  public interface Visitor<S> {
    /**
     * The entry {@code name} of the directory {@code in}: handled here, or opened (relative to
     * {@code in}'s handle, links not followed) for the walk to descend into.
     *
     * @return the opened directory and its state, or null when the walk does not descend
     */
    Descent<S> visit(Level<S> in, Path name) throws IOException;

    /**
     * The listing of {@code done} is over: its handle is closed and its parent's open again. Never
     * called for the top, which stays with the caller.
     */
    void leave(Level<S> done) throws IOException;

    /**
     * {@code level}'s handle is let go while {@code below} is walked (from {@link #DEEP_AT} levels
     * down): let go of the state's handles too, where that is safe.
     */
    default void release(Level<S> level, Level<S> below) throws IOException {}

    /** {@code level}'s handle is open again after {@code below}: so open the state's again. */
    default void reopen(Level<S> level, Level<S> below) throws IOException {}

    /** A failure stops the walk: close what the state of {@code level} holds open. */
    default void abandon(S state) {}

    /** Why the walk stops when a directory it let go is not the one it opens again. */
    String movedReason();
  }

  /**
   * A directory a visitor opened for the walk to descend into.
   *
   * @param dir the directory, opened relative to its parent's handle, links not followed
   * @param state what the visitor keeps for it
   */
  public record Descent<S>(SecureDirectoryStream<Path> dir, S state) {}

  /** One directory of the walk: its handle (while open), its listing, and where it sits. */
  public static final class Level<S> {
    private final Level<S> up;
    private final Path name;
    private final Path top;
    private final int depth;
    private final DirectoryHandle handle;
    private final S state;
    private final Iterator<Path> entries;

    private Level(Level<S> up, Path name, Path top, SecureDirectoryStream<Path> dir, S state)
        throws IOException {
      this.up = up;
      this.name = name;
      this.top = top;
      this.depth = up == null ? 0 : up.depth + 1;
      this.handle = new DirectoryHandle(dir, top.getFileSystem());
      this.state = state;
      this.entries = depth >= DEEP_AT ? names(dir) : dir.iterator();
    }

    /**
     * The whole listing, as names: a listing left open would need the handle. Entries removed by a
     * race meanwhile are met as missing, which the visitor handles.
     */
    private Iterator<Path> names(SecureDirectoryStream<Path> dir) throws IOException {
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

    /** The next entry's name, or null when the listing is done. */
    private Path next() throws IOException {
      try {
        return entries.hasNext() ? entries.next().getFileName() : null;
      } catch (DirectoryIteratorException e) {
        throw FsErrors.naming(e.getCause(), path());
      }
    }

    /** The directory that holds this one, or null for the top. */
    public Level<S> up() {
      return up;
    }

    /** This directory's name in its parent, or null for the top. */
    public Path name() {
      return name;
    }

    /** Levels below the top: 0 for the top. */
    public int depth() {
      return depth;
    }

    /** The directory's handle: open while its entries are visited and when it is left. */
    public SecureDirectoryStream<Path> dir() {
      return handle.stream();
    }

    public S state() {
      return state;
    }

    /** This directory's path, for messages: built from the names up to the top. */
    public Path path() {
      return pathFrom(top);
    }

    /** The path this directory has below another top (cp's target), for messages. */
    public Path pathFrom(Path otherTop) {
      Deque<Path> names = new ArrayDeque<>();
      for (Level<S> level = this; level.up != null; level = level.up) {
        names.push(level.name);
      }
      Path path = otherTop;
      for (Path n : names) {
        path = path.resolve(n);
      }
      return path;
    }
  }

  /**
   * Walks everything below the directory {@code dir} open at {@code top}, depth first; {@code dir}
   * stays open, for the caller to close (and to remove or finish).
   *
   * @param state the visitor's state for the top
   */
  public static <S> void walk(
      Path top, SecureDirectoryStream<Path> dir, S state, Visitor<S> visitor) throws IOException {
    Deque<Level<S>> levels = new ArrayDeque<>();
    Level<S> root = new Level<>(null, null, top, dir, state);
    levels.push(root);
    try {
      while (!levels.isEmpty()) {
        Level<S> level = levels.peek();
        Path name = level.next();
        if (name == null) {
          levels.pop();
          if (level != root) {
            Level<S> up = level.up;
            up.handle.reopenThroughParentOf(level.handle, up::path, visitor.movedReason());
            visitor.reopen(up, level);
            level.handle.close();
            visitor.leave(level);
          }
          continue;
        }
        Descent<S> descent = visitor.visit(level, name);
        if (descent != null) {
          levels.push(descend(level, name, descent, visitor));
        }
      }
    } finally {
      for (Level<S> level : levels) {
        if (level != root) {
          level.handle.closeQuietly();
          visitor.abandon(level.state);
        }
      }
    }
  }

  /** The level of {@code descent}, its parent's handles let go if the parent is deep. */
  private static <S> Level<S> descend(
      Level<S> level, Path name, Descent<S> descent, Visitor<S> visitor) throws IOException {
    Level<S> below = null;
    try {
      below = new Level<>(level, name, level.top, descent.dir(), descent.state());
      if (level.depth >= DEEP_AT) {
        level.handle.release();
        visitor.release(level, below);
      }
      return below;
    } catch (IOException | RuntimeException e) {
      DirectoryHandle.closeQuietly(descent.dir());
      visitor.abandon(descent.state());
      throw e;
    }
  }
}
