package dev.fsbench.harness.workload.verify;

import dev.fsbench.harness.workload.tree.TreeManifest;
import dev.fsbench.spi.FileKind;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a glob must return, computed apart from every backend: {@link
 * dev.fsbench.spi.FsBackend#glob}'s syntax translated to one regular expression per brace
 * alternative, matched against a manifest's relative paths. A backend's own matcher walks and
 * prunes; this one only tests whole paths, so the two share nothing but the specification.
 *
 * <pre>{@code
 * GlobOracle all = GlobOracle.compile(List.of("**}{@code /*"), false);
 * all.matches("src/Main.java", false);    // true
 * all.matches(".git/HEAD", false);         // false: '**' never enters a dot directory without dot
 * }</pre>
 *
 * <p>The syntax, as the SPI states it: {@code *} (within a segment), {@code **} as a whole segment
 * (zero or more segments), {@code ?} (one code point), {@code [abc]}, {@code [a-z]}, {@code [!a]}
 * or {@code [^a]} (a {@code ]} first is a member), {@code {a,b}} (nested, and across segments),
 * {@code \} for a literal, a trailing {@code /} for directories only, {@code .} segments and
 * repeated slashes ignored. Without {@code dot}, a wildcard never matches a leading dot: a segment
 * that starts with one does not match a dot name, and {@code **} does not cross one. An absolute
 * pattern, a {@code ..} segment, an unclosed {@code [} or <code>{</code>, a stray <code>}</code>, a
 * trailing {@code \}, a reversed range, a {@code /} inside brackets or a pattern naming only the
 * working directory is an {@link IllegalArgumentException}.
 */
public final class GlobOracle {
  private static final int MAX_ALTERNATIVES = 4096;

  /** One brace alternative: its expression over {@code "/" + path}, and whether it wants dirs. */
  private record Alternative(Pattern regex, boolean directoriesOnly) {}

  private final List<Alternative> alternatives;

  private GlobOracle(List<Alternative> alternatives) {
    this.alternatives = List.copyOf(alternatives);
  }

  /** Compiles {@code patterns}, matched together; a malformed one is an error naming it. */
  public static GlobOracle compile(List<String> patterns, boolean dot) {
    if (patterns.isEmpty()) {
      throw new IllegalArgumentException("no glob pattern given");
    }
    List<Alternative> alternatives = new ArrayList<>();
    for (String pattern : patterns) {
      try {
        for (String alternative : expand(pattern)) {
          alternatives.add(translate(alternative, dot));
        }
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "malformed glob pattern '" + pattern + "': " + e.getMessage(), e);
      }
    }
    return new GlobOracle(alternatives);
  }

  /** Whether the relative {@code path} (of a directory, if {@code directory}) matches. */
  boolean matches(String path, boolean directory) {
    String rooted = "/" + path;
    for (Alternative a : alternatives) {
      if ((directory || !a.directoriesOnly()) && a.regex().matcher(rooted).matches()) {
        return true;
      }
    }
    return false;
  }

  /**
   * The manifest's paths that match, directories among them only with {@code includeDirectories};
   * links are entries like any other and never directories.
   */
  public Set<String> matching(TreeManifest manifest, boolean includeDirectories) {
    Set<String> out = new LinkedHashSet<>();
    for (TreeManifest.Entry e : manifest.entries()) {
      boolean directory = e.kind() == FileKind.DIRECTORY;
      if ((includeDirectories || !directory) && matches(e.path(), directory)) {
        out.add(e.path());
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- braces

  /** Every alternative of the pattern's braces, in order. */
  static List<String> expand(String pattern) {
    List<String> out = new ArrayList<>();
    expandInto(pattern, out);
    return out;
  }

  private static void expandInto(String pattern, List<String> out) {
    int open = -1;
    int depth = 0;
    List<Integer> commas = new ArrayList<>();
    boolean inClass = false;
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '\\') {
        i++;
        continue;
      }
      if (inClass) {
        inClass = c != ']' || isClassStart(pattern, i);
        continue;
      }
      if (c == '[') {
        inClass = true;
      } else if (c == '{') {
        if (depth++ == 0) {
          open = i;
          commas.clear();
        }
      } else if (c == ',' && depth == 1) {
        commas.add(i);
      } else if (c == '}') {
        if (depth == 0) {
          throw new IllegalArgumentException("a '}' without its '{'");
        }
        if (--depth == 0) {
          String before = pattern.substring(0, open);
          String after = pattern.substring(i + 1);
          int start = open + 1;
          List<Integer> ends = new ArrayList<>(commas);
          ends.add(i);
          for (int end : ends) {
            expandInto(before + pattern.substring(start, end) + after, out);
            if (out.size() > MAX_ALTERNATIVES) {
              throw new IllegalArgumentException(
                  "its braces expand to more than " + MAX_ALTERNATIVES + " alternatives");
            }
            start = end + 1;
          }
          return;
        }
      }
    }
    if (depth > 0) {
      throw new IllegalArgumentException("an unclosed '{'");
    }
    out.add(pattern);
  }

  /**
   * Whether the {@code ]} at {@code i} is a member rather than the end: right after {@code [},
   * {@code [!} or {@code [^}.
   */
  private static boolean isClassStart(String p, int i) {
    int open = p.lastIndexOf('[', i - 1);
    int first = open + 1;
    if (first < p.length() && (p.charAt(first) == '!' || p.charAt(first) == '^')) {
      first++;
    }
    return i == first;
  }

  // ---------------------------------------------------------------- one alternative

  private static Alternative translate(String alternative, boolean dot) {
    if (alternative.isEmpty()) {
      throw new IllegalArgumentException("the pattern is empty");
    }
    if (alternative.startsWith("/")) {
      throw new IllegalArgumentException("it is absolute");
    }
    boolean directoriesOnly = false;
    List<String> segments = new ArrayList<>();
    StringBuilder segment = new StringBuilder();
    for (int i = 0; i < alternative.length(); i++) {
      char c = alternative.charAt(i);
      if (c == '\\') {
        if (i + 1 == alternative.length()) {
          throw new IllegalArgumentException("it ends with a lone '\\'");
        }
        segment.append(c).append(alternative.charAt(++i));
      } else if (c == '/') {
        segments.add(segment.toString());
        segment.setLength(0);
      } else {
        segment.append(c);
      }
    }
    if (segment.length() == 0) {
      directoriesOnly = true;
    } else {
      segments.add(segment.toString());
    }
    StringBuilder regex = new StringBuilder();
    int kept = 0;
    for (String s : segments) {
      if (s.isEmpty() || s.equals(".")) {
        continue;
      }
      if (s.equals("..")) {
        throw new IllegalArgumentException("a '..' segment (results are below the working dir)");
      }
      kept++;
      if (s.equals("**")) {
        regex.append(dot ? "(?:/[^/]+)*" : "(?:/(?!\\.)[^/]+)*");
      } else {
        regex.append('/').append(segmentRegex(s, dot));
      }
    }
    if (kept == 0) {
      throw new IllegalArgumentException("it names only the working directory");
    }
    return new Alternative(Pattern.compile(regex.toString()), directoriesOnly);
  }

  private static String segmentRegex(String s, boolean dot) {
    StringBuilder out = new StringBuilder();
    char first = s.charAt(0);
    if (!dot && (first == '*' || first == '?' || first == '[')) {
      out.append("(?!\\.)");
    }
    StringBuilder literal = new StringBuilder();
    for (int i = 0; i < s.length(); ) {
      char c = s.charAt(i);
      if (c == '\\') {
        int cp = s.codePointAt(i + 1);
        literal.appendCodePoint(cp);
        i += 1 + Character.charCount(cp);
      } else if (c == '*' || c == '?' || c == '[') {
        flush(literal, out);
        if (c == '*') {
          out.append("[^/]*");
          i++;
        } else if (c == '?') {
          out.append("[^/]");
          i++;
        } else {
          i = appendClass(s, i, out);
        }
      } else {
        int cp = s.codePointAt(i);
        literal.appendCodePoint(cp);
        i += Character.charCount(cp);
      }
    }
    flush(literal, out);
    return out.toString();
  }

  private static void flush(StringBuilder literal, StringBuilder out) {
    if (literal.length() > 0) {
      out.append(Pattern.quote(literal.toString()));
      literal.setLength(0);
    }
  }

  /** Appends the class that starts at {@code s[open] == '['}; returns the index after its end. */
  private static int appendClass(String s, int open, StringBuilder out) {
    int i = open + 1;
    boolean negated = i < s.length() && (s.charAt(i) == '!' || s.charAt(i) == '^');
    if (negated) {
      i++;
    }
    StringBuilder members = new StringBuilder();
    boolean first = true;
    while (true) {
      if (i >= s.length()) {
        throw new IllegalArgumentException("an unclosed '['");
      }
      int cp = s.codePointAt(i);
      if (cp == ']' && !first) {
        break;
      }
      first = false;
      if (cp == '\\') {
        if (i + 1 >= s.length()) {
          throw new IllegalArgumentException("an unclosed '['");
        }
        i++;
        cp = s.codePointAt(i);
      }
      if (cp == '/') {
        throw new IllegalArgumentException("a '/' inside brackets");
      }
      i += Character.charCount(cp);
      int low = cp;
      if (i + 1 < s.length() && s.charAt(i) == '-' && s.charAt(i + 1) != ']') {
        i++;
        int high = s.codePointAt(i);
        if (high == '\\' && i + 1 < s.length()) {
          i++;
          high = s.codePointAt(i);
        }
        i += Character.charCount(high);
        if (high < low) {
          throw new IllegalArgumentException(
              "a reversed range "
                  + new String(Character.toChars(low))
                  + "-"
                  + new String(Character.toChars(high)));
        }
        members.append(classMember(low)).append('-').append(classMember(high));
      } else {
        members.append(classMember(low));
      }
    }
    // A range may span '/' ([+-0]): a class never matches the separator.
    out.append(negated ? "[^/" : "[").append(members).append(negated ? "]" : "&&[^/]]");
    return i + 1;
  }

  private static String classMember(int cp) {
    if (Character.isLetterOrDigit(cp) && cp < 0x80) {
      return new String(Character.toChars(cp));
    }
    return String.format("\\x{%x}", cp);
  }
}
