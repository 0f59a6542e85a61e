package dev.fsbench.hostile;

import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.ScanEntry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;

/**
 * Summaries of returned values that a backend's result and NIO's can be compared by: the same
 * string for the same answer, short enough for one result line.
 */
final class Values {
  private Values() {}

  /** Lists longer than this are summarized by their size and a digest. */
  private static final int SHOWN = 12;

  static String of(Object value) {
    if (value == null) {
      return "done";
    }
    if (value instanceof byte[]) {
      byte[] bytes = (byte[]) value;
      return "bytes=" + bytes.length + " sha256=" + digest(bytes).substring(0, 16);
    }
    if (value instanceof FileStat) {
      FileStat s = (FileStat) value;
      return stat(s.kind(), s.size(), s.mode(), s.nlink());
    }
    if (value instanceof Path || value instanceof Boolean || value instanceof String) {
      return value.toString();
    }
    if (value instanceof Collection) {
      List<String> lines = new ArrayList<>();
      for (Object o : (Collection<?>) value) {
        lines.add(o instanceof ScanEntry ? scanLine((ScanEntry) o) : String.valueOf(o));
      }
      return list(lines);
    }
    throw new IllegalArgumentException("no summary for " + value.getClass());
  }

  /**
   * lines' answer, in its order (which {@link #of}'s summary of a collection does not keep): the
   * lines themselves when short, else their count and a digest.
   */
  static String lines(Object answer) {
    List<?> lines = (List<?>) answer;
    String all = String.join("\n", lines.stream().map(String::valueOf).toList());
    return all.length() <= 200
        ? "lines n=" + lines.size() + " " + lines
        : "lines n="
            + lines.size()
            + " sha256="
            + digest(all.getBytes(StandardCharsets.UTF_8)).substring(0, 16);
  }

  /** A stat's summary: the fields a twin fixture shares (no inode, device or times). */
  static String stat(FileKind kind, long size, int mode, long nlink) {
    return "kind="
        + kind
        + (kind == FileKind.DIRECTORY ? "" : " size=" + size)
        + " perm=0"
        + Integer.toOctalString(mode & 07777)
        + " nlink="
        + nlink;
  }

  /** One scan entry as NIO's walk reports it too. */
  static String scanLine(String path, String name, FileKind kind, long size, int depth) {
    return path
        + " name="
        + name
        + " "
        + kind
        + (kind == FileKind.DIRECTORY ? "" : " size=" + size)
        + " depth="
        + depth;
  }

  private static String scanLine(ScanEntry e) {
    return scanLine(e.path(), e.name(), e.kind(), e.size(), e.depth());
  }

  /** A list compared as a sorted multiset (duplicates stay visible). */
  static String list(List<String> lines) {
    List<String> sorted = new ArrayList<>(lines);
    sorted.sort(ScanEntry::compareCodePoints);
    int duplicates = 0;
    for (int i = 1; i < sorted.size(); i++) {
      if (sorted.get(i).equals(sorted.get(i - 1))) {
        duplicates++;
      }
    }
    String dups = duplicates == 0 ? "" : " duplicates=" + duplicates;
    if (sorted.size() <= SHOWN) {
      return "n=" + sorted.size() + dups + " " + sorted;
    }
    String all = String.join("\n", sorted);
    return "n="
        + sorted.size()
        + dups
        + " sha256="
        + digest(all.getBytes(StandardCharsets.UTF_8)).substring(0, 16)
        + " first="
        + sorted.subList(0, 3);
  }

  static String digest(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }
}
