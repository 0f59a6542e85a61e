package dev.fsbench.spi;

import java.util.Comparator;
import java.util.Objects;

/**
 * One entry of a {@link FsBackend#scan scan}: a tree walk that returns metadata with every path.
 *
 * @param path the path relative to the scanned root, segments joined with {@code '/'}, never empty
 * @param name the last segment of {@code path}
 * @param kind the entry's kind; {@code SYMLINK} unless the scan follows links
 * @param size {@code st_size}
 * @param mode the whole {@code st_mode} (type and permission bits)
 * @param mtimeNanos modification time, nanoseconds since the epoch
 * @param depth the number of segments of {@code path}: 1 for the root's direct children
 */
public record ScanEntry(
    String path, String name, FileKind kind, long size, int mode, long mtimeNanos, int depth) {

  /**
   * The order of a scan's result: by {@code path}, compared by Unicode code point, which is the
   * order of the paths' UTF-8 bytes. (Not {@link String#compareTo}, which compares UTF-16 units and
   * so orders a few characters differently from a byte-wise sort in native code.)
   */
  public static final Comparator<ScanEntry> ORDER =
      Comparator.comparing(ScanEntry::path, ScanEntry::compareCodePoints);

  public ScanEntry {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(kind, "kind");
  }

  /** Compares two strings by code point: the order of their UTF-8 encodings. */
  public static int compareCodePoints(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int ca = a.codePointAt(i);
      int cb = b.codePointAt(j);
      if (ca != cb) {
        return Integer.compare(ca, cb);
      }
      i += Character.charCount(ca);
      j += Character.charCount(cb);
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }
}
