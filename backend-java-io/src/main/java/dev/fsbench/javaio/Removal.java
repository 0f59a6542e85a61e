package dev.fsbench.javaio;

import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.FsErrors;
import dev.fsbench.spi.RmOptions;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.Iterator;

/**
 * rm, rmdir and unlink through {@link File#delete()} ({@code remove(3)}: {@code unlink}, and {@code
 * rmdir} for a directory), and rm's recursive walk through {@link File#list()}.
 *
 * <h2>The recursive walk</h2>
 *
 * What code written against {@code java.io.File} does to remove a tree: list a directory, delete
 * each entry that is not a directory, walk into each that is, delete the directory once empty. The
 * walk keeps its stack on the heap (a deep tree cannot overflow the thread's stack) and one
 * directory's names at a time per level. {@code File.isDirectory()} follows links, so each entry it
 * calls a directory is checked with the canonical-path test ({@link LinkTest}); a link, to a
 * directory or dangling, is deleted as a link. The argument itself gets the same test, against its
 * parent's canonical path.
 *
 * <p>It works by path, which is its declared deviation: a directory of the tree swapped for a link
 * between the test and the listing is listed through the link, and the files of the directory it
 * points to are deleted (the safety table shows it; the route says so). A legacy program has no
 * other way: {@code java.io} cannot open a directory, nor delete relative to one.
 *
 * <h2>What the adapter adds</h2>
 *
 * <ul>
 *   <li>{@code File.delete()} and {@code File.list()} say only false and null. Where they do, NIO's
 *       own call is made for the same path (rmdir for a directory, rm of one entry, the listing),
 *       and its exception is thrown: the contract's oracle, naming the path. Had the cause gone
 *       meanwhile, that call does what java.io could not, and the walk goes on.
 *   <li>A directory whose listing holds a name that may stand for other bytes (one with U+FFFD,
 *       {@link FileNames#mayBeLost}) is removed by NIO's rm, which keeps names as bytes: {@code new
 *       File(dir, name)} would name the name's twin. So is an entry the link test cannot tell (its
 *       canonical path too long, or through a loop), and a directory deeper than {@link
 *       LinkTest#MAX_DEPTH} levels, where the test's cost grows with the cube of the depth.
 *   <li>Without recursive, rm, rmdir and unlink ask the kind first through NIO, one lstat: java.io
 *       cannot tell a link from its target, and {@code File.delete()} removes whatever it finds.
 *   <li>rm refuses a last name of {@code .} or {@code ..} ({@link FsErrors#dotOrDotDot}).
 * </ul>
 */
final class Removal {
  private Removal() {}

  static void unlink(Path path, FsBackend nio) throws IOException {
    BasicFileAttributes kind = kind(path);
    if (kind != null && kind.isDirectory()) {
      throw FsErrors.isADirectory(path);
    }
    if (kind == null || !path.toFile().delete()) {
      nio.unlink(path);
    }
  }

  static void rmdir(Path path, FsBackend nio) throws IOException {
    BasicFileAttributes kind = kind(path);
    if (kind != null && !kind.isDirectory()) {
      throw FsErrors.notADirectory(path);
    }
    if (kind == null || !path.toFile().delete()) {
      nio.rmdir(path);
    }
  }

  static void rm(Path path, RmOptions options, FsBackend nio) throws IOException {
    if (FsErrors.endsInDotOrDotDot(path)) {
      throw FsErrors.dotOrDotDot(path);
    }
    if (!options.recursive()) {
      BasicFileAttributes kind = kind(path);
      if (kind != null && kind.isDirectory()) {
        throw FsErrors.isADirectory(path);
      }
      if (kind == null || !path.toFile().delete()) {
        nio.rm(path, options);
      }
      return;
    }
    File top = path.toFile();
    File parent = top.getAbsoluteFile().getParentFile();
    File canonicalParent;
    try {
      canonicalParent = parent == null ? null : parent.getCanonicalFile();
    } catch (IOException bare) {
      nio.rm(path, options); // the path cannot be canonicalized (a loop, too long): NIO says why
      return;
    }
    if (canonicalParent != null
        && LinkTest.classify(top, canonicalParent) == LinkTest.Entry.DIRECTORY) {
      removeTree(path, top, new File(canonicalParent, top.getName()), options, nio);
    } else if (canonicalParent == null || !top.delete()) {
      nio.rm(path, options); // missing (force forgives it), in the way of a file, denied, ...
    }
  }

  /** One directory being emptied: its paths, its depth and the names still to remove. */
  private record Level(Path path, File file, File canonical, int depth, Iterator<String> names) {}

  private static void removeTree(
      Path path, File top, File canonicalTop, RmOptions options, FsBackend nio) throws IOException {
    Deque<Level> levels = new ArrayDeque<>();
    enter(levels, path, top, canonicalTop, 1, options, nio);
    while (!levels.isEmpty()) {
      Level level = levels.peek();
      if (!level.names().hasNext()) {
        levels.pop();
        if (!level.file().delete()) {
          nio.rmdir(level.path()); // not empty after all (an entry came meanwhile), denied, ...
        }
        continue;
      }
      String name = level.names().next();
      File child = new File(level.file(), name);
      Path childPath = level.path().resolve(name);
      LinkTest.Entry entry = LinkTest.classify(child, level.canonical());
      if (entry == LinkTest.Entry.UNKNOWN) {
        nio.rm(childPath, options); // java.io cannot tell what it is: NIO removes it, or says why
      } else if (entry == LinkTest.Entry.DIRECTORY) {
        File canonical = new File(level.canonical(), name);
        enter(levels, childPath, child, canonical, level.depth() + 1, options, nio);
      } else if (!child.delete()) {
        nio.rm(childPath, options.withRecursive(false));
      }
    }
  }

  /**
   * Pushes the directory's names, or removes it through NIO (and pushes nothing) where java.io
   * cannot list it or its names, or it lies below {@link LinkTest#MAX_DEPTH}.
   */
  private static void enter(
      Deque<Level> levels,
      Path path,
      File dir,
      File canonical,
      int depth,
      RmOptions options,
      FsBackend nio)
      throws IOException {
    String[] names = depth > LinkTest.MAX_DEPTH ? null : dir.list();
    if (names == null || FileNames.anyMayBeLost(names)) {
      nio.rm(path, options); // NIO's walk fails naming what java.io could not read, or removes it
      return;
    }
    levels.push(new Level(path, dir, canonical, depth, Arrays.asList(names).iterator()));
  }

  /**
   * The entry's own attributes (an lstat through NIO), or null when there is none to read: then the
   * caller hands the call to NIO, whose delete says why (on JDK 25 a lookup of {@code f/x} below a
   * file says missing where the delete says "Not a directory", JDK-8356678).
   */
  private static BasicFileAttributes kind(Path path) throws IOException {
    try {
      return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException missing) {
      return null;
    }
  }
}
