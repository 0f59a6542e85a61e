package dev.fsbench.harness.workload;

import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.ScanEntry;
import dev.fsbench.support.RelativePaths;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The independent side of every verification: plain {@code java.nio.file.Files} on the default
 * filesystem, never a backend under test (a broken backend checked by itself would agree with
 * itself).
 */
final class Oracle {
  private Oracle() {}

  private static final LinkOption[] NOFOLLOW = {LinkOption.NOFOLLOW_LINKS};
  private static final LinkOption[] FOLLOW = {};

  /**
   * Times compared with a tolerance agree within one millisecond, the table's bound for utimes and
   * preserve.
   */
  static final long TIME_TOLERANCE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

  /**
   * The attributes {@link #stat} reads, named: {@code unix:*} would also resolve the owner's and
   * group's names (a passwd lookup per entry, most of the cost on a tree of 100,000).
   */
  private static final String STAT_ATTRIBUTES =
      "unix:mode,size,uid,gid,nlink,ino,dev,lastAccessTime,lastModifiedTime,ctime";

  /**
   * The metadata of {@code path}, following a link when {@code followLinks}: what {@code stat(2)}
   * says, read through Linux's {@code unix:*} attribute view.
   */
  static FileStat stat(Path path, boolean followLinks) throws IOException {
    Map<String, Object> a =
        Files.readAttributes(path, STAT_ATTRIBUTES, followLinks ? FOLLOW : NOFOLLOW);
    int mode = (Integer) a.get("mode");
    return new FileStat(
        FileKind.ofMode(mode),
        (Long) a.get("size"),
        mode,
        (Integer) a.get("uid"),
        (Integer) a.get("gid"),
        ((Number) a.get("nlink")).longValue(),
        (Long) a.get("ino"),
        (Long) a.get("dev"),
        nanos((FileTime) a.get("lastAccessTime")),
        nanos((FileTime) a.get("lastModifiedTime")),
        nanos((FileTime) a.get("ctime")));
  }

  /** The metadata of {@code path} itself, a link reported as a link. */
  static FileStat lstat(Path path) throws IOException {
    return stat(path, false);
  }

  static long nanos(FileTime time) {
    return time.to(TimeUnit.NANOSECONDS);
  }

  /** A time in nanoseconds, readable: {@code 2020-09-13T12:26:40Z}. */
  static FileTime time(long nanos) {
    return FileTime.from(nanos, TimeUnit.NANOSECONDS);
  }

  static boolean sameTime(long expectedNanos, long actualNanos) {
    return Math.abs(expectedNanos - actualNanos) <= TIME_TOLERANCE_NANOS;
  }

  /** Whether nothing is at {@code path}, not even a dangling link. */
  static boolean gone(Path path) {
    return Files.notExists(path, NOFOLLOW);
  }

  /** Describes the first difference of two byte arrays, or returns null when they are equal. */
  static String difference(byte[] expected, byte[] actual) {
    if (actual == null) {
      return "no content";
    }
    int common = Math.min(expected.length, actual.length);
    for (int i = 0; i < common; i++) {
      if (expected[i] != actual[i]) {
        return String.format(
            "differs at byte %d (expected 0x%02x, got 0x%02x)%s",
            i,
            expected[i] & 0xff,
            actual[i] & 0xff,
            expected.length == actual.length
                ? ""
                : ", length " + actual.length + " instead of " + expected.length);
      }
    }
    return expected.length == actual.length
        ? null
        : "length " + actual.length + " instead of " + expected.length;
  }

  /** Every entry below {@code root} (not followed through links), sorted by code point. */
  static List<TreeFixture.Entry> walk(Path root) throws IOException {
    List<TreeFixture.Entry> entries = new ArrayList<>();
    Files.walkFileTree(
        root,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
            if (!dir.equals(root)) {
              entries.add(new TreeFixture.Entry(RelativePaths.of(root, dir), FileKind.DIRECTORY));
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
            entries.add(new TreeFixture.Entry(RelativePaths.of(root, file), FileKind.of(attrs)));
            return FileVisitResult.CONTINUE;
          }
        });
    entries.sort(TreeFixture.Entry.ORDER);
    return entries;
  }

  /**
   * What a scan of {@code root} must return, read entry by entry with {@code lstat}: every entry
   * below the root, links not followed, sorted by {@link ScanEntry#ORDER}.
   */
  static List<ScanEntry> scan(Path root) throws IOException {
    List<ScanEntry> entries = new ArrayList<>();
    for (TreeFixture.Entry entry : walk(root)) {
      FileStat stat = lstat(root.resolve(entry.path()));
      entries.add(
          new ScanEntry(
              entry.path(),
              entry.name(),
              stat.kind(),
              stat.size(),
              stat.mode(),
              stat.mtimeNanos(),
              entry.depth()));
    }
    return entries;
  }

  /**
   * Checks that {@code actual} lists exactly {@code expected}, each once, and describes the first
   * few paths missing, extra and repeated.
   */
  static void sameSet(Verifier v, String what, Set<String> expected, Collection<String> actual) {
    if (actual == null) {
      v.fail(what + ": no result");
      return;
    }
    Set<String> seen = new HashSet<>();
    Set<String> repeated = new LinkedHashSet<>();
    Set<String> extra = new LinkedHashSet<>();
    for (String path : actual) {
      if (!seen.add(path)) {
        repeated.add(path);
      } else if (!expected.contains(path)) {
        extra.add(path);
      }
    }
    List<String> missing = new ArrayList<>();
    for (String path : expected) {
      if (!seen.contains(path)) {
        missing.add(path);
      }
    }
    if (!missing.isEmpty()) {
      v.fail(
          what
              + ": "
              + missing.size()
              + " of "
              + expected.size()
              + " paths missing, e.g. "
              + firstFew(missing));
    }
    if (!extra.isEmpty()) {
      v.fail(what + ": " + extra.size() + " unexpected paths, e.g. " + firstFew(extra));
    }
    if (!repeated.isEmpty()) {
      v.fail(
          what
              + ": "
              + repeated.size()
              + " paths listed more than once, e.g. "
              + firstFew(repeated));
    }
  }

  private static String firstFew(Collection<String> paths) {
    return paths.stream()
        .limit(3)
        .collect(Collectors.joining(", ", "[", paths.size() > 3 ? ", ...]" : "]"));
  }
}
