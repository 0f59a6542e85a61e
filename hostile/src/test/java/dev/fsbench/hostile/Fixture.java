package dev.fsbench.hostile;

import java.nio.file.Path;

/**
 * One arranged case as a call sees it: the case's directory ({@code $CASE} in results), its {@code
 * work} directory where the hostile input lives, the {@code victim} directory beside it that no
 * call may change, and the hostile path {@code p} the call is given.
 *
 * <p>The families that need a second path take it from fixed places in {@code dir}: {@code src} (a
 * file) and {@code srctree} (a small tree) as sources, {@code copy}, {@code moved} and {@code hard}
 * as targets. {@code peer}, when present, is the other end of a FIFO that the call opens (a writer
 * for a read, a reader for a write), so that a call that opens it as NIO does finishes.
 */
record Fixture(Path dir, Path work, Path victim, Path p, FifoPeer.Direction peer) {

  Path src() {
    return dir.resolve("src");
  }

  Path srcTree() {
    return dir.resolve("srctree");
  }

  Path copy() {
    return dir.resolve("copy");
  }

  Path moved() {
    return dir.resolve("moved");
  }

  Path hard() {
    return dir.resolve("hard");
  }

  /** The target of the links that symlink creates. */
  static final Path LINK_TARGET = Path.of("link-target");

  /** {@code s} with this fixture's directory written as {@code $CASE}, so twins compare equal. */
  String normalize(String s) {
    return s.replace(dir.toString(), "$CASE");
  }
}
