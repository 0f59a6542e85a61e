package dev.fsbench.harness.workload.tree;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Builds and removes fixtures with plain NIO, as fast as NIO allows: they are rebuilt before every
 * sample of every mutating cell, hundreds of cells times twelve samples, so a slow fixture would
 * cost more than the measurements.
 *
 * <p>Paths of a batch are named {@code <prefix><i>} in one directory; building them creates the
 * files in one pass with {@code CREATE_NEW}, so a leftover of an earlier sample can never pass for
 * a fresh fixture.
 */
public final class Fixtures {
  private Fixtures() {}

  /** {@code count} paths {@code dir/<prefix><i>}, none created. */
  public static Path[] paths(Path dir, String prefix, int count) {
    Path[] paths = new Path[count];
    for (int i = 0; i < count; i++) {
      paths[i] = dir.resolve(prefix + i);
    }
    return paths;
  }

  /** {@code count} new files {@code dir/<prefix><i>}, each holding {@code content}. */
  public static Path[] files(Path dir, String prefix, int count, byte[] content)
      throws IOException {
    Path[] paths = paths(dir, prefix, count);
    for (Path path : paths) {
      write(path, content);
    }
    return paths;
  }

  /** A new file holding {@code content}; an existing one is an error. */
  public static void write(Path path, byte[] content) throws IOException {
    Files.write(path, content, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
  }

  /** {@code count} new empty directories {@code dir/<prefix><i>}. */
  public static Path[] directories(Path dir, String prefix, int count) throws IOException {
    Path[] paths = paths(dir, prefix, count);
    for (Path path : paths) {
      Files.createDirectory(path);
    }
    return paths;
  }
}
