package dev.fsbench.nio;

import java.util.ArrayList;
import java.util.List;

/**
 * The first phase of a glob pattern (docs/semantics/glob.md, "Braces"): {@code {a,b}} alternatives
 * expanded textually, as bash expands them, except that a bracket expression is one unit.
 *
 * <pre>{@code
 * BraceExpansion.expand("src/{a,b{1,2}}.js");  // [src/a.js, src/b1.js, src/b2.js]
 * BraceExpansion.expand("{a}");                // [{a}]: a group needs a top-level comma
 * BraceExpansion.expand("[{]x");               // [[{]x]: inside brackets a brace is a member
 * BraceExpansion.expand("{,a}");               // [, a]: the caller drops the empty one
 * }</pre>
 *
 * Escapes are kept for the segment parser. An unmatched {@code {} or {@code }}, an unclosed {@code
 * [} and a trailing {@code \} are refused here, before anything is expanded.
 */
final class BraceExpansion {
  private BraceExpansion() {}

  /**
   * The most patterns the braces of one pattern may expand to, counted before empty and repeated
   * ones are dropped.
   */
  static final int MAX_ALTERNATIVES = 4096;

  /**
   * The expansions of {@code pattern}, in order, empty and repeated ones included.
   *
   * @throws IllegalArgumentException for a malformed pattern or too many alternatives, saying why
   */
  static List<String> expand(String pattern) {
    checkStructure(pattern);
    List<String> out = new ArrayList<>();
    expandInto(pattern, out);
    return out;
  }

  /**
   * The index after the {@code ]} closing the bracket expression opened at {@code open}: a {@code
   * !} or {@code ^} may follow the {@code [}, a {@code ]} right after that is a member, {@code \}
   * escapes the next character. A {@code /} (escaped or not) ends the segment, and with it any
   * bracket expression still open.
   *
   * @throws IllegalArgumentException if it is never closed
   */
  static int endOfClass(String pattern, int open) {
    int i = open + 1;
    if (i < pattern.length() && (pattern.charAt(i) == '!' || pattern.charAt(i) == '^')) {
      i++;
    }
    int first = i;
    while (i < pattern.length()) {
      char c = pattern.charAt(i);
      if (c == '/' || (c == '\\' && i + 1 < pattern.length() && pattern.charAt(i + 1) == '/')) {
        break;
      }
      if (c == '\\') {
        i += 2;
      } else if (c == ']' && i > first) {
        return i + 1;
      } else {
        i++;
      }
    }
    throw new IllegalArgumentException("'[' at " + open + " is never closed");
  }

  private static void checkStructure(String p) {
    int depth = 0;
    int firstOpen = -1;
    int i = 0;
    while (i < p.length()) {
      char c = p.charAt(i);
      if (c == '\\') {
        if (i + 1 == p.length()) {
          throw new IllegalArgumentException("trailing '\\' escapes nothing");
        }
        i += 2;
      } else if (c == '[') {
        i = endOfClass(p, i);
      } else {
        if (c == '{' && depth++ == 0) {
          firstOpen = i;
        } else if (c == '}' && --depth < 0) {
          throw new IllegalArgumentException("'}' at " + i + " closes no '{'");
        }
        i++;
      }
    }
    if (depth > 0) {
      throw new IllegalArgumentException("'{' at " + firstOpen + " is never closed");
    }
  }

  /**
   * Expands the first group that has a top-level comma and each result again; a group without one
   * is literal braces, and the scan goes on inside it ({@code {a{b,c}}} gives {@code {ab}}, {@code
   * {ac}}).
   */
  private static void expandInto(String p, List<String> out) {
    int i = 0;
    while (i < p.length()) {
      char c = p.charAt(i);
      if (c == '\\') {
        i += 2;
      } else if (c == '[') {
        i = endOfClass(p, i);
      } else if (c == '{') {
        List<Integer> cuts = topLevelCommas(p, i);
        if (cuts.size() > 2) {
          String prefix = p.substring(0, i);
          String suffix = p.substring(cuts.get(cuts.size() - 1) + 1);
          for (int k = 0; k + 1 < cuts.size(); k++) {
            expandInto(prefix + p.substring(cuts.get(k) + 1, cuts.get(k + 1)) + suffix, out);
            if (out.size() > MAX_ALTERNATIVES) {
              throw new IllegalArgumentException(
                  "braces expand to more than " + MAX_ALTERNATIVES + " alternatives");
            }
          }
          return;
        }
        i++;
      } else {
        i++;
      }
    }
    out.add(p);
  }

  /**
   * The group opened at {@code open}: the index of the {@code {}, of each top-level comma, and of
   * the closing {@code }}.
   */
  private static List<Integer> topLevelCommas(String p, int open) {
    List<Integer> cuts = new ArrayList<>(List.of(open));
    int depth = 0;
    int i = open;
    while (true) { // checkStructure found the closing brace
      char c = p.charAt(i);
      if (c == '\\') {
        i += 2;
        continue;
      }
      if (c == '[') {
        i = endOfClass(p, i);
        continue;
      }
      if (c == '{') {
        depth++;
      } else if (c == '}' && --depth == 0) {
        cuts.add(i);
        return cuts;
      } else if (c == ',' && depth == 1) {
        cuts.add(i);
      }
      i++;
    }
  }
}
