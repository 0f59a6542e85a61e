package dev.fsbench.hostile;

import dev.fsbench.spi.FileKind;
import java.io.IOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a directory holds, entry by entry, links not followed: to see what a call changed. Names are
 * their bytes (a name that is not UTF-8 is told apart from its U+FFFD twin, which its string would
 * not), so the key of an entry is its relative path, percent-encoded where it is not UTF-8.
 *
 * <p>{@code full} adds the permission bits and the modification time (a victim must not change at
 * all); without it an entry is its kind and, for files and links, its size (what a twin fixture
 * arranged the same way shares). Walks at most {@link #MAX_DEPTH} levels: a deeper tree shows as
 * one {@code <deeper>} entry.
 */
final class Manifest {
  private Manifest() {}

  static final int MAX_DEPTH = 40;

  static Map<String, String> of(Path dir, boolean full) {
    Map<String, String> out = new TreeMap<>();
    if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      out.put(".", "<missing>");
      return out;
    }
    walk(dir, "", 0, full, out);
    return out;
  }

  private static void walk(
      Path dir, String prefix, int depth, boolean full, Map<String, String> out) {
    if (depth == MAX_DEPTH) {
      out.put(prefix + "<deeper>", "");
      return;
    }
    List<Path> children = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      entries.forEach(children::add);
    } catch (IOException | DirectoryIteratorException e) {
      out.put(prefix + "<unlistable>", e.getClass().getSimpleName());
      return;
    }
    for (Path child : children) {
      String key = prefix + rawName(child.getFileName());
      String facts = facts(child, full);
      out.put(key, facts);
      if (facts.startsWith("DIRECTORY")) {
        walk(child, key + "/", depth + 1, full, out);
      }
    }
  }

  private static String facts(Path entry, boolean full) {
    Map<String, Object> a;
    try {
      a = Files.readAttributes(entry, "unix:mode,size,lastModifiedTime", LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      return "<unreadable " + e.getClass().getSimpleName() + ">";
    }
    int mode = (Integer) a.get("mode");
    FileKind kind = FileKind.ofMode(mode);
    StringBuilder s = new StringBuilder(kind.name());
    if (kind != FileKind.DIRECTORY) {
      s.append(" size=").append(a.get("size"));
    }
    if (full) {
      s.append(" perm=0").append(Integer.toOctalString(mode & 07777));
      s.append(" mtime=").append(((FileTime) a.get("lastModifiedTime")).toInstant());
    }
    return s.toString();
  }

  /**
   * A single name as its bytes: the string when it is the name's UTF-8, else the percent-encoded
   * bytes that {@link Path#toUri()} gives.
   */
  static String rawName(Path name) {
    String s = name.toString();
    if (s.indexOf('\uFFFD') < 0) {
      return s;
    }
    String uri = name.toAbsolutePath().toUri().getRawPath();
    if (uri.endsWith("/")) {
      uri = uri.substring(0, uri.length() - 1);
    }
    return uri.substring(uri.lastIndexOf('/') + 1);
  }

  /** What differs from {@code before} to {@code after}, at most ten lines; empty when nothing. */
  static List<String> diff(Map<String, String> before, Map<String, String> after) {
    List<String> out = new ArrayList<>();
    TreeSet<String> keys = new TreeSet<>(before.keySet());
    keys.addAll(after.keySet());
    int more = 0;
    for (String k : keys) {
      String a = before.get(k);
      String b = after.get(k);
      if (Objects.equals(a, b)) {
        continue;
      }
      if (out.size() == 10) {
        more++;
        continue;
      }
      if (a == null) {
        out.add("+" + k + " (" + b + ")");
      } else if (b == null) {
        out.add("-" + k + " (" + a + ")");
      } else {
        out.add("~" + k + " (" + a + " -> " + b + ")");
      }
    }
    if (more > 0) {
      out.add("... " + more + " more");
    }
    return out;
  }
}
