package dev.fsbench.conformance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * A random source tree for {@link CpDifferential}: files of random bytes, directories, links
 * (relative, up, dangling), a hard-linked pair and, as root, a file of another owner; every entry
 * with its own mode (setuid, setgid and sticky among them) and its own access and modification
 * times at nanosecond precision. {@link #create} builds it the same way every time, so that one
 * copy can go to {@code cp -a} and an identical one to the backend.
 *
 * <p>Content and links are made by Java; owners, modes and times by one bash script (JDK 17 can set
 * no link time below the microsecond), children before their directories, so that setting a time is
 * the last thing done to each entry.
 */
final class CpTree {
  /** The owner given to one file when the tests run as root: neither the caller nor anyone. */
  static final int FOREIGN_ID = 4242;

  private static final List<String> NAMES =
      List.of("a", "b", "c", "f.txt", "g.bin", "h", ".hidden", "é", "日本", "d1", "d2", "x-y");
  private static final List<Integer> FILE_MODES =
      List.of(0644, 0600, 0755, 04755, 02755, 06755, 01644, 0444, 0640);
  private static final List<Integer> DIRECTORY_MODES =
      List.of(0755, 0700, 02755, 01777, 03775, 0555, 0750);

  /** One entry; {@code target} for links, {@code bytes} for files. */
  record Entry(
      String path,
      Kind kind,
      int mode,
      byte[] bytes,
      String target,
      long atimeNanos,
      long mtimeNanos,
      boolean foreignOwner) {}

  enum Kind {
    FILE,
    DIRECTORY,
    LINK,
    /** A second name for the file {@code target}. */
    HARD_LINK
  }

  private final List<Entry> entries;

  /** The times of the tree's root directory, set last. */
  private final long rootAtimeNanos;

  private final long rootMtimeNanos;

  private CpTree(List<Entry> entries, long rootAtimeNanos, long rootMtimeNanos) {
    this.entries = List.copyOf(entries);
    this.rootAtimeNanos = rootAtimeNanos;
    this.rootMtimeNanos = rootMtimeNanos;
  }

  /** A random tree; as root, one file belongs to {@link #FOREIGN_ID}. */
  static CpTree random(Random random, boolean root) {
    List<Entry> entries = new ArrayList<>();
    fill(random, entries, "", 0);
    String file =
        entries.stream()
            .filter(e -> e.kind() == Kind.FILE && !e.path().contains("/"))
            .map(Entry::path)
            .findFirst()
            .orElse(null);
    if (file == null) {
      file = "plain";
      entries.add(file(random, file));
    }
    entries.add(new Entry("hard", Kind.HARD_LINK, 0, null, file, 0, 0, false));
    if (root) {
      Entry foreign = file(random, "foreign");
      entries.add(
          new Entry(
              foreign.path(),
              Kind.FILE,
              foreign.mode(),
              foreign.bytes(),
              null,
              foreign.atimeNanos(),
              foreign.mtimeNanos(),
              true));
    }
    return new CpTree(entries, time(random), time(random));
  }

  private static void fill(Random random, List<Entry> entries, String prefix, int depth) {
    int count = depth == 0 ? 3 + random.nextInt(6) : random.nextInt(5);
    List<String> names = new ArrayList<>(NAMES);
    Collections.shuffle(names, random);
    for (String name : names.subList(0, count)) {
      String path = prefix + name;
      int kind = random.nextInt(100);
      if (kind < 50) {
        entries.add(file(random, path));
      } else if (kind < 80 && depth < 3) {
        entries.add(
            new Entry(
                path,
                Kind.DIRECTORY,
                pick(random, DIRECTORY_MODES),
                null,
                null,
                time(random),
                time(random),
                false));
        fill(random, entries, path + "/", depth + 1);
      } else {
        String target = pick(random, List.of("a", "../b", "missing", "d1/x", "é"));
        entries.add(new Entry(path, Kind.LINK, 0, null, target, time(random), time(random), false));
      }
    }
  }

  private static Entry file(Random random, String path) {
    byte[] bytes = new byte[random.nextInt(4) == 0 ? 0 : random.nextInt(6000)];
    random.nextBytes(bytes);
    return new Entry(
        path, Kind.FILE, pick(random, FILE_MODES), bytes, null, time(random), time(random), false);
  }

  /** Between 2001 and 2033, at a nanosecond that is rarely a whole microsecond. */
  private static long time(Random random) {
    long seconds = 1_000_000_000L + random.nextInt(1_000_000_000);
    return seconds * 1_000_000_000L + random.nextInt(1_000_000_000);
  }

  private static <T> T pick(Random random, List<T> from) {
    return from.get(random.nextInt(from.size()));
  }

  List<Entry> entries() {
    return entries;
  }

  /** Every path of the tree, {@code "."} for its root. */
  List<String> paths() {
    List<String> paths = new ArrayList<>(List.of("."));
    entries.forEach(e -> paths.add(e.path()));
    return paths;
  }

  /** Builds the tree at {@code root}, which must not exist yet. */
  void create(Path root) throws IOException {
    Files.createDirectory(root);
    for (Entry e : entries) {
      Path at = root.resolve(e.path());
      switch (e.kind()) {
        case FILE -> Files.write(at, e.bytes());
        case DIRECTORY -> Files.createDirectory(at);
        case LINK -> Files.createSymbolicLink(at, at.getFileSystem().getPath(e.target()));
        case HARD_LINK -> Files.createLink(at, root.resolve(e.target()));
      }
    }
    StringBuilder script = new StringBuilder("set -e\n");
    for (int i = entries.size() - 1; i >= 0; i--) { // children before their directory
      Entry e = entries.get(i);
      String quoted = "'" + e.path() + "'";
      if (e.foreignOwner()) {
        script.append("chown ").append(FOREIGN_ID + ":" + FOREIGN_ID).append(' ').append(quoted);
        script.append('\n');
      }
      if (e.kind() == Kind.FILE || e.kind() == Kind.DIRECTORY) {
        script.append("chmod ").append(Integer.toOctalString(e.mode())).append(' ').append(quoted);
        script.append('\n');
      }
      if (e.kind() != Kind.HARD_LINK) {
        script.append("touch -h -a -d @").append(seconds(e.atimeNanos())).append(' ');
        script.append(quoted).append('\n');
        script.append("touch -h -m -d @").append(seconds(e.mtimeNanos())).append(' ');
        script.append(quoted).append('\n');
      }
    }
    script.append("touch -h -a -d @").append(seconds(rootAtimeNanos)).append(" .\n");
    script.append("touch -h -m -d @").append(seconds(rootMtimeNanos)).append(" .\n");
    Tools.run(
        root,
        List.of(Tools.require("bash").toString(), "--norc", "--noprofile", "-s"),
        script.toString().getBytes(StandardCharsets.UTF_8));
  }

  private static String seconds(long nanos) {
    return String.format("%d.%09d", nanos / 1_000_000_000L, nanos % 1_000_000_000L);
  }

  @Override
  public String toString() {
    List<String> out = new ArrayList<>();
    for (Entry e : entries) {
      out.add(
          switch (e.kind()) {
            case FILE -> e.path() + " " + Integer.toOctalString(e.mode());
            case DIRECTORY -> e.path() + "/ " + Integer.toOctalString(e.mode());
            case LINK -> e.path() + " -> " + e.target();
            case HARD_LINK -> e.path() + " = " + e.target();
          });
    }
    return out.toString();
  }
}
