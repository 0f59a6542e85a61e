package dev.fsbench.nio;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * A thread that swaps a directory for a symbolic link to a victim, and back, as fast as it can,
 * until closed: the directory is moved aside, a link takes its name, the link goes and the
 * directory comes back. It waits for the directory to exist first (a copy creates it).
 *
 * <pre>{@code
 * try (LinkSwapper swapper = LinkSwapper.start(tree.resolve("d"), aside, victim)) {
 *   nio.rm(tree, RmOptions.RECURSIVE_FORCE);
 * }
 * }</pre>
 */
final class LinkSwapper implements AutoCloseable {
  private final Thread thread;
  private volatile boolean stop;
  private volatile long swaps;

  private LinkSwapper(Path swapped, Path aside, Path victim) {
    thread = new Thread(() -> swap(swapped, aside, victim), "link-swapper");
  }

  static LinkSwapper start(Path swapped, Path aside, Path victim) {
    LinkSwapper swapper = new LinkSwapper(swapped, aside, victim);
    swapper.thread.start();
    return swapper;
  }

  private void swap(Path swapped, Path aside, Path victim) {
    while (!stop && !Files.isDirectory(swapped, LinkOption.NOFOLLOW_LINKS)) {
      Thread.onSpinWait();
    }
    while (!stop) {
      try {
        Files.move(swapped, aside); // the real directory out of the tree
        Files.createSymbolicLink(swapped, victim); // a link to the victim in its place
        swaps++;
        Files.delete(swapped);
        Files.move(aside, swapped);
      } catch (IOException e) {
        // the operation under test took one of them meanwhile: keep swapping what is left
      }
    }
  }

  /** How many times the link was put in place. */
  long swaps() {
    return swaps;
  }

  @Override
  public void close() throws InterruptedException {
    stop = true;
    thread.join();
  }
}
