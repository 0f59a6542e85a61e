package dev.fsbench.conformance;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code conformance/glob.tsv} parsed: its fixtures and its rows. The file's header says the
 * format; {@code docs/semantics/glob.md} says what the rows check.
 *
 * <pre>{@code
 * GlobTable table = GlobTable.load();
 * for (GlobTable.Row row : table.rows()) {
 *   Path cwd = row.cwdIn(trees.get(row.tree()));   // trees built with Tree.create
 *   ...
 * }
 * }</pre>
 */
public final class GlobTable {

  /** Where the table is, on the class path. */
  static final String RESOURCE = "glob.tsv";

  /** The peers with a column of their own, in the table's order: the scanner backends. */
  public static final List<String> PEERS = List.of("ant", "plexus");

  private final Map<String, Tree> trees;
  private final List<Row> rows;

  private GlobTable(Map<String, Tree> trees, List<Row> rows) {
    this.trees = trees;
    this.rows = rows;
  }

  /** A fixture: entries {@code path}, {@code path/} or {@code path->target}. */
  public record Tree(String name, List<String> entries) {

    /** Builds the fixture in {@code root}, which must exist and be empty. */
    public void create(Path root) throws IOException {
      for (String entry : entries) {
        int arrow = entry.indexOf("->");
        if (arrow >= 0) {
          Path link = root.resolve(entry.substring(0, arrow));
          Files.createDirectories(link.getParent());
          Files.createSymbolicLink(link, root.getFileSystem().getPath(entry.substring(arrow + 2)));
        } else if (entry.endsWith("/")) {
          Files.createDirectories(root.resolve(entry));
        } else {
          Path file = root.resolve(entry);
          Files.createDirectories(file.getParent());
          Files.writeString(file, entry);
        }
      }
    }
  }

  /**
   * One call and its expected outcome.
   *
   * @param line the line in glob.tsv, for messages
   * @param error {@code malformed}, {@code nosuchfile} or {@code notdir}; empty when {@code
   *     expected} is the result
   * @param bash {@code same}, or the declared deviation that keeps bash from giving {@code
   *     expected}
   * @param peers by peer ({@link #PEERS}): {@code same}, or its declared deviation ({@link
   *     PeerDeviation})
   */
  public record Row(
      int line,
      String tree,
      boolean dot,
      boolean includeDirectories,
      String cwd,
      List<String> patterns,
      Set<String> expected,
      Optional<String> error,
      String bash,
      Map<String, String> peers) {

    /** The directory the call globs in, given where its tree was built. */
    public Path cwdIn(Path treeRoot) {
      return cwd.isEmpty() ? treeRoot : treeRoot.resolve(cwd);
    }

    /** For messages: where the row is and what it says. */
    public String describe() {
      return "glob.tsv:"
          + line
          + " "
          + tree
          + (cwd.isEmpty() ? "" : "/" + cwd)
          + " "
          + patterns
          + (dot ? " dot" : "")
          + (includeDirectories ? "" : " files")
          + " -> "
          + error.map(e -> "!" + e).orElse(expected.toString());
    }
  }

  /** The table on the class path (this module's jar carries it). */
  public static GlobTable load() {
    try (InputStream in = GlobTable.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is not on the class path beside GlobTable");
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Parses a table's text.
   *
   * @throws IllegalArgumentException naming the line of anything that is not the format
   */
  static GlobTable parse(String text) {
    Map<String, Tree> trees = new LinkedHashMap<>();
    List<Row> rows = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    for (int n = 0; n < lines.length; n++) {
      String line = lines[n];
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] fields = line.split("\t", -1);
      try {
        switch (fields[0]) {
          case "tree" -> {
            expectFields(fields, 3);
            trees.put(fields[1], new Tree(fields[1], List.of(fields[2].split(" "))));
          }
          case "glob" -> {
            expectFields(fields, 6 + PEERS.size());
            if (!trees.containsKey(fields[1])) {
              throw new IllegalArgumentException("no tree '" + fields[1] + "' above");
            }
            rows.add(row(n + 1, fields));
          }
          default -> throw new IllegalArgumentException("unknown record '" + fields[0] + "'");
        }
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("glob.tsv:" + (n + 1) + ": " + e.getMessage(), e);
      }
    }
    return new GlobTable(trees, List.copyOf(rows));
  }

  private static void expectFields(String[] fields, int count) {
    if (fields.length != count) {
      throw new IllegalArgumentException(
          count + " TAB-separated fields expected, got " + fields.length);
    }
  }

  private static Row row(int line, String[] f) {
    boolean dot = false;
    boolean includeDirectories = true;
    String cwd = "";
    if (!f[2].equals("-")) {
      for (String option : f[2].split(",")) {
        if (option.equals("dot")) {
          dot = true;
        } else if (option.equals("files")) {
          includeDirectories = false;
        } else if (option.startsWith("cwd=")) {
          cwd = option.substring(4);
        } else {
          throw new IllegalArgumentException("unknown option '" + option + "'");
        }
      }
    }
    List<String> patterns = Arrays.stream(f[3].split(" ")).map(GlobTable::unescape).toList();
    Optional<String> error = Optional.empty();
    Set<String> expected = new TreeSet<>();
    if (f[4].startsWith("!")) {
      error = Optional.of(f[4].substring(1));
      if (!Set.of("malformed", "nosuchfile", "notdir").contains(error.get())) {
        throw new IllegalArgumentException("unknown error '" + f[4] + "'");
      }
    } else if (!f[4].equals("(none)")) {
      Arrays.stream(f[4].split(" ")).map(GlobTable::unescape).forEach(expected::add);
    }
    Map<String, String> peers = new LinkedHashMap<>();
    for (int k = 0; k < PEERS.size(); k++) {
      String value = f[6 + k];
      if (!value.equals("same")) {
        PeerDeviation.of(value); // refuses what is not one
      }
      peers.put(PEERS.get(k), value);
    }
    return new Row(
        line,
        f[1],
        dot,
        includeDirectories,
        cwd,
        patterns,
        Set.copyOf(expected),
        error,
        f[5],
        Collections.unmodifiableMap(peers));
  }

  /** Decodes «U+XXXX» (one UTF-16 code unit) and «» (nothing). */
  static String unescape(String text) {
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (i < text.length()) {
      int open = text.indexOf('«', i);
      if (open < 0) {
        out.append(text, i, text.length());
        break;
      }
      int close = text.indexOf('»', open);
      if (close < 0) {
        throw new IllegalArgumentException("'«' without '»' in " + text);
      }
      out.append(text, i, open);
      String inside = text.substring(open + 1, close);
      if (!inside.isEmpty()) {
        if (!inside.startsWith("U+")) {
          throw new IllegalArgumentException("«U+XXXX» expected, got «" + inside + "»");
        }
        out.append((char) Integer.parseInt(inside.substring(2), 16));
      }
      i = close + 1;
    }
    return out.toString();
  }

  /** The fixtures, by name, in the table's order. */
  public Map<String, Tree> trees() {
    return trees;
  }

  /** The rows, in the table's order. */
  public List<Row> rows() {
    return rows;
  }
}
