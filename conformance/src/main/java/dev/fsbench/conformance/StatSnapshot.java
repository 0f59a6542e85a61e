package dev.fsbench.conformance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What GNU {@code stat} says about every entry of a tree (links not followed), by relative path:
 * the attributes cp is compared on. Taken before anything reads the tree's files or lists its
 * directories, since reading moves access times.
 */
final class StatSnapshot {
  private StatSnapshot() {}

  /**
   * One entry's attributes; {@code type} as stat names it, "regular empty file" as "regular file".
   */
  record Attributes(
      String type,
      int mode,
      long size,
      long atimeNanos,
      long mtimeNanos,
      int uid,
      int gid,
      int links) {

    boolean isDirectory() {
      return type.equals("directory");
    }

    boolean isLink() {
      return type.equals("symbolic link");
    }

    boolean isFile() {
      return type.equals("regular file");
    }
  }

  private static final String FORMAT = "%F\\t%a\\t%s\\t%.9X\\t%.9Y\\t%u\\t%g\\t%h\\n";

  /**
   * The attributes of {@code paths} below {@code root} ({@code "."} for the root itself). The paths
   * come from the caller: listing a directory would move its access time.
   */
  static Map<String, Attributes> of(Path root, List<String> paths) throws IOException {
    List<String> relative = List.copyOf(paths);
    List<String> command =
        new ArrayList<>(List.of(Tools.require("stat").toString(), "--printf=" + FORMAT, "--"));
    command.addAll(relative);
    String out = new String(Tools.run(root, command, new byte[0]), StandardCharsets.UTF_8);
    String[] lines = out.split("\n");
    if (lines.length != relative.size()) {
      throw new IOException("stat printed " + lines.length + " lines for " + relative.size());
    }
    Map<String, Attributes> snapshot = new TreeMap<>();
    for (int i = 0; i < lines.length; i++) {
      String[] f = lines[i].split("\t");
      String type = f[0].equals("regular empty file") ? "regular file" : f[0];
      snapshot.put(
          relative.get(i),
          new Attributes(
              type,
              Integer.parseInt(f[1], 8),
              Long.parseLong(f[2]),
              nanos(f[3]),
              nanos(f[4]),
              Integer.parseInt(f[5]),
              Integer.parseInt(f[6]),
              Integer.parseInt(f[7])));
    }
    return snapshot;
  }

  /**
   * Every entry below {@code root}, relative, links not followed, {@code "."} for the root; this
   * lists directories, so only once their attributes are taken.
   */
  static List<String> list(Path root) throws IOException {
    List<String> relative = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(root)) {
      walk.forEach(p -> relative.add(p.equals(root) ? "." : root.relativize(p).toString()));
    }
    return relative;
  }

  /** "1577934245.123456789" as nanoseconds since the epoch. */
  private static long nanos(String secondsDotNanos) {
    int dot = secondsDotNanos.indexOf('.');
    return Long.parseLong(secondsDotNanos.substring(0, dot)) * 1_000_000_000L
        + Long.parseLong(secondsDotNanos.substring(dot + 1));
  }
}
