package dev.fsbench.antglob;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One brace-free alternative of a glob pattern, cut into segments written as Ant writes them: what
 * {@link AntPatterns} assembles. A segment is {@code **}, or text whose {@code *} and {@code ?} are
 * wildcards and every other character itself; what Ant's patterns cannot hold is refused here.
 *
 * @param segments the segments, none empty, none {@code .}, {@code **} never twice in a row
 * @param directoriesOnly whether the alternative ends with {@code /} or {@code /.}
 * @param namesDot whether a segment starts with a literal dot
 * @param startsWithWildcard whether a segment starts with {@code *} or {@code ?}, or is {@code **}
 */
record Alternative(
    List<String> segments, boolean directoriesOnly, boolean namesDot, boolean startsWithWildcard) {

  private static final String GLOBSTAR = "**";

  /**
   * Parses {@code alternative} (of {@code pattern}, which {@code GlobPattern.compile} accepted).
   */
  static Alternative parse(String alternative, String pattern, Dialect dialect) {
    List<String> segments = new ArrayList<>();
    boolean namesDot = false;
    boolean startsWithWildcard = false;
    boolean directoriesOnly = alternative.endsWith("/"); // a\/ too: a slash is never escaped
    StringBuilder segment = new StringBuilder();
    int stars = 0; // unescaped stars in the segment so far, to tell ** from a run of stars
    boolean onlyStars = true;
    boolean literalFirst = false;
    int i = 0;
    while (i <= alternative.length()) {
      char c = i < alternative.length() ? alternative.charAt(i) : '/';
      boolean escaped = c == '\\';
      if (escaped) {
        c = alternative.charAt(++i); // compile refused a trailing backslash
      }
      i++;
      if (c == '/') {
        boolean last = i >= alternative.length();
        String text = segment.toString();
        if (text.equals(".") && !onlyStars && literalFirst) {
          directoriesOnly |= last; // a/. is a/
        } else if (!text.isEmpty()) {
          if (onlyStars && stars == 2) {
            text = GLOBSTAR;
          }
          if (!(text.equals(GLOBSTAR) && GLOBSTAR.equals(lastOf(segments)))) {
            segments.add(text);
          }
          namesDot |= literalFirst && text.startsWith(".");
          startsWithWildcard |= !literalFirst;
        }
        segment.setLength(0);
        stars = 0;
        onlyStars = true;
        literalFirst = false;
        continue;
      }
      if (!escaped && c == '[') {
        throw refused(
            pattern,
            dialect,
            "brackets",
            "its patterns have no bracket expressions ([abc], [a-z], [!a]): only * and ?");
      }
      if (!escaped && (c == '*' || c == '?')) {
        if (segment.length() == 0) {
          literalFirst = false;
        }
        if (c == '*') {
          stars++;
          if (segment.length() > 0 && segment.charAt(segment.length() - 1) == '*') {
            continue; // a run of stars within a segment is one star
          }
        } else {
          onlyStars = false;
        }
        segment.append(c);
        continue;
      }
      if (c == '*' || c == '?' || c == '\\') {
        throw refused(
            pattern,
            dialect,
            "escapes",
            "its patterns cannot hold a literal * or ? (there is no escape) nor a \\ (a separator"
                + " to it)");
      }
      if (segment.length() == 0) {
        literalFirst = true;
      }
      onlyStars = false;
      segment.append(c);
    }
    return new Alternative(List.copyOf(segments), directoriesOnly, namesDot, startsWithWildcard);
  }

  /** Adds this alternative's includes: to {@code anyKind}, or for directories only. */
  void addTo(Set<String> anyKind, Set<String> directoriesOnlySet) {
    String joined = String.join("/", segments);
    int last = segments.size() - 1;
    if (directoriesOnly) {
      directoriesOnlySet.add(joined);
    } else if (last > 0 && segments.get(last).equals(GLOBSTAR)) {
      // X/** is X itself if it is a directory, and everything below it
      anyKind.add(joined + "/*");
      directoriesOnlySet.add(String.join("/", segments.subList(0, last)));
    } else {
      anyKind.add(joined);
    }
  }

  static AntPatterns.Refused refused(
      String pattern, Dialect dialect, String deviation, String why) {
    return new AntPatterns.Refused(
        "glob pattern '"
            + pattern
            + "' cannot be given to "
            + dialect.scanner()
            + ": "
            + why
            + " (declared deviation '"
            + deviation
            + "', docs/semantics/glob.md)",
        deviation);
  }

  private static String lastOf(List<String> segments) {
    return segments.isEmpty() ? null : segments.get(segments.size() - 1);
  }
}
