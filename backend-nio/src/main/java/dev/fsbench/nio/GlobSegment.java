package dev.fsbench.nio;

import java.util.ArrayList;
import java.util.List;

/**
 * One compiled segment of a glob pattern (the text between two {@code /}, braces already expanded):
 * {@code **}, a literal name, or a wildcard expression.
 *
 * <pre>{@code
 * GlobSegment.compile("*.js").matches("a.js", false);     // true
 * GlobSegment.compile("*.js").matches(".a.js", false);    // false: the dot rule
 * GlobSegment.compile("\\*").literal();                    // "*"
 * }</pre>
 *
 * <p>A wildcard expression is a sequence of tokens, each matching exactly one code point ({@code
 * ?}, a class, a literal) or any run of them ({@code *}), matched by the classic greedy scan that,
 * on a mismatch, goes back to the last {@code *} and lets it take one more code point. It takes at
 * most (name length) x (tokens) steps: a segment has no other way to fail than to retry the last
 * star, since every other token is one code point wide. It replaced a {@code java.util.regex}
 * translation ({@code .*} per star), whose backtracking made {@code *a*a*a*a*a*a*a*a*a*a*ab}
 * against a 40-character name of {@code a}s take 9.3 s.
 */
final class GlobSegment {
  private static final int STAR = -1;
  private static final int ANY = -2;
  private static final int CLASS = -3;

  private static final GlobSegment GLOBSTAR = new GlobSegment(true, null, null, null, null, false);

  private final boolean globstar;
  private final String literal;

  /** The tokens: a code point (a literal), or {@link #STAR}, {@link #ANY}, {@link #CLASS}. */
  private final int[] tokens;

  /** For a {@link #CLASS} token, its ranges (low, high, low, high, ...); null otherwise. */
  private final int[][] ranges;

  /** For a {@link #CLASS} token, whether it is negated ({@code [!a]}). */
  private final boolean[] negated;

  private final boolean leadingLiteralDot;

  private GlobSegment(
      boolean globstar,
      String literal,
      int[] tokens,
      int[][] ranges,
      boolean[] negated,
      boolean leadingLiteralDot) {
    this.globstar = globstar;
    this.literal = literal;
    this.tokens = tokens;
    this.ranges = ranges;
    this.negated = negated;
    this.leadingLiteralDot = leadingLiteralDot;
  }

  boolean isGlobstar() {
    return globstar;
  }

  /** The name this segment matches exactly, escapes resolved; null for a wildcard or {@code **}. */
  String literal() {
    return literal;
  }

  /**
   * Whether {@code name}, one directory entry, matches; for {@code **}, whether it may take the
   * name.
   */
  boolean matches(String name, boolean dot) {
    if (literal != null) {
      return literal.equals(name);
    }
    if (!dot && !leadingLiteralDot && name.startsWith(".")) {
      return false;
    }
    return globstar || wildcardMatch(name);
  }

  /** The greedy scan with a return to the last star (see the class comment). */
  private boolean wildcardMatch(String name) {
    int t = 0;
    int n = 0;
    int starToken = -1;
    int starName = 0;
    int length = name.length();
    while (n < length) {
      if (t < tokens.length && tokens[t] == STAR) {
        starToken = t++;
        starName = n;
        continue;
      }
      if (t < tokens.length) {
        int c = name.codePointAt(n);
        if (matchesOne(t, c)) {
          t++;
          n += Character.charCount(c);
          continue;
        }
      }
      if (starToken < 0) {
        return false;
      }
      t = starToken + 1;
      starName += Character.charCount(name.codePointAt(starName));
      n = starName;
    }
    while (t < tokens.length && tokens[t] == STAR) {
      t++;
    }
    return t == tokens.length;
  }

  private boolean matchesOne(int t, int c) {
    int token = tokens[t];
    if (token >= 0) {
      return token == c;
    }
    if (token == ANY) {
      return true;
    }
    int[] r = ranges[t];
    boolean in = false;
    for (int i = 0; i < r.length && !in; i += 2) {
      in = c >= r[i] && c <= r[i + 1];
    }
    return in != negated[t];
  }

  /**
   * Compiles one segment's text, which holds no {@code /}.
   *
   * @throws IllegalArgumentException for a trailing {@code \}, an unclosed {@code [} or a reversed
   *     range
   */
  static GlobSegment compile(String segment) {
    if (segment.equals("**")) {
      return GLOBSTAR;
    }
    List<Integer> tokens = new ArrayList<>();
    List<int[]> ranges = new ArrayList<>();
    List<Boolean> negated = new ArrayList<>();
    StringBuilder literal = new StringBuilder();
    boolean wild = false;
    Boolean leadingDot = null;
    int i = 0;
    while (i < segment.length()) {
      int c = segment.codePointAt(i);
      if (c == '\\') {
        if (i + 1 == segment.length()) {
          throw new IllegalArgumentException("trailing '\\' escapes nothing");
        }
        int escaped = segment.codePointAt(i + 1);
        literal.appendCodePoint(escaped);
        add(tokens, ranges, negated, escaped, null, false);
        leadingDot = leadingDot == null ? escaped == '.' : leadingDot;
        i += 1 + Character.charCount(escaped);
        continue;
      }
      if (c == '*' || c == '?' || c == '[') {
        wild = true;
        leadingDot = leadingDot == null ? false : leadingDot;
        if (c == '*') {
          if (tokens.isEmpty() || tokens.get(tokens.size() - 1) != STAR) {
            add(tokens, ranges, negated, STAR, null, false); // '**' inside a segment is one star
          }
          i++;
        } else if (c == '?') {
          add(tokens, ranges, negated, ANY, null, false);
          i++;
        } else {
          int end = BraceExpansion.endOfClass(segment, i);
          String body = segment.substring(i + 1, end - 1);
          boolean not = body.startsWith("!") || body.startsWith("^");
          add(tokens, ranges, negated, CLASS, bracketExpression(body, not), not);
          i = end;
        }
        continue;
      }
      literal.appendCodePoint(c);
      add(tokens, ranges, negated, c, null, false);
      leadingDot = leadingDot == null ? c == '.' : leadingDot;
      i += Character.charCount(c);
    }
    if (!wild) {
      return new GlobSegment(false, literal.toString(), null, null, null, false);
    }
    int[] t = new int[tokens.size()];
    boolean[] not = new boolean[tokens.size()];
    for (int k = 0; k < t.length; k++) {
      t[k] = tokens.get(k);
      not[k] = negated.get(k);
    }
    return new GlobSegment(
        false, null, t, ranges.toArray(new int[0][]), not, Boolean.TRUE.equals(leadingDot));
  }

  private static void add(
      List<Integer> tokens,
      List<int[]> ranges,
      List<Boolean> negated,
      int token,
      int[] range,
      boolean not) {
    tokens.add(token);
    ranges.add(range);
    negated.add(not);
  }

  /**
   * The ranges of the inside of {@code [...]}: members, ranges (by code point, either end may be
   * escaped), escapes; the leading '!' or '^' of a negated one is skipped.
   */
  private static int[] bracketExpression(String body, boolean negated) {
    List<Integer> out = new ArrayList<>();
    int i = negated ? 1 : 0;
    while (i < body.length()) {
      int low = body.codePointAt(i);
      if (low == '\\') {
        i++;
        low = body.codePointAt(i);
      }
      i += Character.charCount(low);
      int high = low;
      if (i + 1 < body.length() && body.charAt(i) == '-') {
        int j = i + 1;
        high = body.codePointAt(j);
        if (high == '\\') {
          j++;
          high = body.codePointAt(j);
        }
        i = j + Character.charCount(high);
        if (high < low) {
          throw new IllegalArgumentException("reversed range in [" + body + "]");
        }
      }
      out.add(low);
      out.add(high);
    }
    int[] r = new int[out.size()];
    for (int k = 0; k < r.length; k++) {
      r[k] = out.get(k);
    }
    return r;
  }
}
