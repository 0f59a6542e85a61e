package dev.fsbench.javaio;

import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.ReaddirOptions;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;

/**
 * readdir: {@link File#list()}; recursively, {@code list()} of every directory below, found with
 * {@code File.isDirectory()} and the canonical-path link test ({@link LinkTest}), since {@code
 * isDirectory()} follows links and the contract lists a link without entering it. The walk is
 * iterative (a deep tree cannot overflow the stack) and holds no directory open: {@code list()}
 * reads a directory whole. The argument itself is listed as {@code opendir} lists it, through a
 * link.
 *
 * <p>{@code list()} says null for any failure (missing, not a directory, denied). NIO's listing of
 * the same directory is then made, on the error path only: it throws what the contract wants,
 * naming the directory, or, the cause gone meanwhile, lists it; either way its answer is the
 * answer. A FIFO given as the argument does not block {@code list()} ({@code opendir} opens with
 * {@code O_NONBLOCK | O_DIRECTORY}), and NIO's listing refuses it without opening it.
 *
 * <p>NIO also lists, with everything below it: a directory whose names include one that may stand
 * for other bytes ({@link FileNames#mayBeLost}; {@code new File(dir, name)} would look at the
 * name's twin), an entry the link test cannot tell, and a directory deeper than {@link
 * LinkTest#MAX_DEPTH} levels.
 */
final class Listing {
  private Listing() {}

  private record Pending(Path path, File file, File canonical, int depth, String prefix) {}

  static List<String> readdir(Path root, boolean recursive, FsBackend nio) throws IOException {
    File top = root.toFile();
    String[] names = top.list();
    if (names == null || (recursive && FileNames.anyMayBeLost(names))) {
      return nio.readdir(root, recursive ? ReaddirOptions.RECURSIVE : ReaddirOptions.DEFAULT);
    }
    if (!recursive) {
      return Arrays.asList(names);
    }
    File canonicalTop;
    try {
      canonicalTop = top.getCanonicalFile();
    } catch (IOException cannotTell) {
      return nio.readdir(root, ReaddirOptions.RECURSIVE);
    }
    List<String> out = new ArrayList<>();
    Deque<Pending> pending = new ArrayDeque<>();
    add(out, pending, new Pending(root, top, canonicalTop, 1, ""), names, nio);
    while (!pending.isEmpty()) {
      Pending next = pending.pop();
      String[] below = next.depth() > LinkTest.MAX_DEPTH ? null : next.file().list();
      if (below == null || FileNames.anyMayBeLost(below)) {
        below(out, next.path(), next.prefix(), nio);
      } else {
        add(out, pending, next, below, nio);
      }
    }
    return out;
  }

  /** Records {@code names} of {@code dir}, and queues the ones that are directories, not links. */
  private static void add(
      List<String> out, Deque<Pending> pending, Pending dir, String[] names, FsBackend nio)
      throws IOException {
    for (String name : names) {
      String relative = dir.prefix() + name;
      out.add(relative);
      File child = new File(dir.file(), name);
      LinkTest.Entry entry = LinkTest.classify(child, dir.canonical());
      if (entry == LinkTest.Entry.DIRECTORY) {
        pending.push(
            new Pending(
                dir.path().resolve(name),
                child,
                new File(dir.canonical(), name),
                dir.depth() + 1,
                relative + "/"));
      } else if (entry == LinkTest.Entry.UNKNOWN) {
        Path path = dir.path().resolve(name);
        if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
          below(out, path, relative + "/", nio);
        }
      }
    }
  }

  /** Everything below {@code dir}, listed by NIO, each name after {@code prefix}. */
  private static void below(List<String> out, Path dir, String prefix, FsBackend nio)
      throws IOException {
    for (String relative : nio.readdir(dir, ReaddirOptions.RECURSIVE)) {
      out.add(prefix + relative);
    }
  }
}
