package dev.fsbench.hostile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A small tree made from a seed, the same every time for the same seed: directories to depth 4,
 * files of random sizes, modes and times, names with non-ASCII characters and dots, hard links,
 * symbolic links (relative and absolute, to files, to directories, through {@code ..}, dangling), a
 * FIFO, and one name that is not UTF-8. A link to a directory leads to a leaf directory that holds
 * no link, so a walk that follows links never loops (loops are the hostile suite's).
 */
final class RandomTree {
  private RandomTree() {}

  private static final String[] NAMES = {
    "a", "b", "data", ".hidden", "é", "文件", "🙂", "with space", "x.txt", "y.js", "-dash", "a.b.c"
  };

  /** What was made, for the tests to choose inputs from. */
  record Made(
      Path root, List<Path> files, List<Path> dirs, List<Path> links, List<Path> dangling) {}

  static Made make(Path root, long seed) throws Exception {
    Random random = new Random(seed);
    List<Path> files = new ArrayList<>();
    List<Path> dirs = new ArrayList<>();
    List<Path> links = new ArrayList<>();
    List<Path> dangling = new ArrayList<>();
    Files.createDirectories(root);
    dirs.add(root);
    int count = 30 + random.nextInt(30);
    for (int i = 0; i < count; i++) {
      Path parent = dirs.get(random.nextInt(dirs.size()));
      if (root.relativize(parent).getNameCount() >= 4 && !parent.equals(root)) {
        parent = parent.getParent();
      }
      Path at = parent.resolve(NAMES[random.nextInt(NAMES.length)] + i);
      int what = random.nextInt(10);
      if (what < 3) {
        dirs.add(Files.createDirectory(at));
      } else if (what < 8 || files.isEmpty()) {
        byte[] content = new byte[random.nextInt(6000)];
        random.nextBytes(content);
        files.add(Files.write(at, content));
        Files.setPosixFilePermissions(
            at, PosixFilePermissions.fromString(random.nextBoolean() ? "rw-r--r--" : "rwx--x---"));
        Files.setLastModifiedTime(
            at, FileTime.fromMillis(1_500_000_000_000L + random.nextInt(1_000_000_000)));
      } else {
        Files.createLink(at, files.get(random.nextInt(files.size())));
        files.add(at);
      }
    }
    // links, made once the targets are there: to a file, to a directory that is no ancestor, a
    // chain of links, through .., absolute, dangling
    for (int i = 0; i < 8; i++) {
      Path parent = dirs.get(random.nextInt(dirs.size()));
      Path at = parent.resolve("link" + i);
      Path target;
      switch (i % 4) {
        case 0:
          target = parent.relativize(files.get(random.nextInt(files.size())));
          break;
        case 1:
          target = files.get(random.nextInt(files.size())); // absolute
          break;
        case 2:
          // a directory of its own that no link is ever put in: following links cannot loop
          Path leaf = Files.createDirectory(root.resolve("leaf" + i));
          files.add(
              Files.writeString(leaf.resolve("in-leaf"), "in a leaf\n", StandardCharsets.UTF_8));
          target = parent.relativize(leaf);
          break;
        default:
          target = Path.of("..", "nowhere" + i); // only its last name is missing
          dangling.add(at);
          break;
      }
      links.add(Files.createSymbolicLink(at, target));
    }
    Path first = links.get(0);
    links.add(Files.createSymbolicLink(first.resolveSibling("chain"), first.getFileName()));
    Path fifo = root.resolve("fifo");
    Builders.fifo(fifo);
    Builders.byBytes(root, List.of(Builders.fileSpec(Inputs.LATIN1_CAFE, "latin-1 name\n")));
    files.add(Builders.entry(root, Inputs.LATIN1_CAFE));
    Files.writeString(root.resolve("plain"), "plain\n", StandardCharsets.UTF_8);
    files.add(root.resolve("plain"));
    return new Made(root, files, dirs, links, dangling);
  }

  /** Every entry below {@code root}, links not followed, parents before children. */
  static List<Path> entries(Path root) throws IOException {
    List<Path> out = new ArrayList<>();
    try (var walk = Files.walk(root)) {
      walk.filter(p -> !p.equals(root)).forEach(out::add);
    }
    return out;
  }

  /**
   * The bytes the kernel gets for {@code p}, absolute: what {@link Path#toUri()} percent-encodes,
   * decoded (a name that is not UTF-8 keeps its own bytes).
   */
  static byte[] rawBytes(Path p) {
    String raw = p.toAbsolutePath().toUri().getRawPath();
    if (raw.length() > 1 && raw.endsWith("/")) {
      raw = raw.substring(0, raw.length() - 1);
    }
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (c == '%') {
        out.write(Integer.parseInt(raw.substring(i + 1, i + 3), 16));
        i += 2;
      } else {
        out.write(c);
      }
    }
    return out.toByteArray();
  }
}
