package dev.fsbench.javaio;

import java.io.File;
import java.io.IOException;

/**
 * Whether a directory entry is a symbolic link, as code written before {@code java.nio.file} had to
 * find out: {@link File} has no {@code lstat} ({@code isDirectory()} follows a link), so an entry
 * is a link when its canonical path is not its canonical parent's path plus its name. The test
 * Commons IO's {@code FileUtils.isSymlink} made before Java 7, and what a recursive walk over
 * {@code File} needs so as not to descend into a link to a directory (a link to its own parent
 * would never end).
 *
 * <p>What it costs: one {@code File.getCanonicalFile()} (a {@code realpath(3)}, which looks at
 * every component of the path) per entry that {@code isDirectory()} calls a directory. The parent's
 * canonical form is known from the walk: a directory the walk entered was not a link, so it is its
 * canonical parent plus its name.
 *
 * <p>What it costs at depth: {@code realpath} looks at every component of the path, and each look
 * walks the path again, so one test is quadratic in the entry's depth and a walk cubic: measured on
 * tmpfs, a chain of 250 directories took 3 s of tests, 1,000 took 125 s. Legacy code paid that; the
 * walks here pay it for {@value #MAX_DEPTH} levels, which holds every tree the harness measures,
 * and hand a directory below that to NIO (its route says so), so a chain thousands deep ends in
 * seconds instead of hours.
 *
 * <p>What it cannot do: anything about a race. The answer holds for the moment of the test; a
 * directory swapped for a link afterwards is followed by the walk's next call by path.
 */
final class LinkTest {
  private LinkTest() {}

  /** The deepest level a walk over {@code File} descends to with this test before handing on. */
  static final int MAX_DEPTH = 64;

  /**
   * True if {@code name} in the directory whose canonical form is {@code canonicalParent} is a
   * symbolic link.
   */
  static boolean isSymbolicLink(File canonicalParent, String name) throws IOException {
    File inCanonicalParent = new File(canonicalParent, name);
    return !inCanonicalParent.getCanonicalFile().equals(inCanonicalParent);
  }

  /** What a walk over {@code File} makes of an entry. */
  enum Entry {
    /** A directory, not a link: the walk goes into it. */
    DIRECTORY,
    /** Anything else: a file, a link (to a directory too), a special file, nothing. */
    OTHER,
    /** The test cannot tell: the canonical path is too long, or leads through a loop. */
    UNKNOWN
  }

  /** {@code entry}, a child of the directory whose canonical form is {@code canonicalParent}. */
  static Entry classify(File entry, File canonicalParent) {
    if (!entry.isDirectory()) {
      return Entry.OTHER;
    }
    try {
      return isSymbolicLink(canonicalParent, entry.getName()) ? Entry.OTHER : Entry.DIRECTORY;
    } catch (IOException cannotTell) {
      return Entry.UNKNOWN;
    }
  }
}
