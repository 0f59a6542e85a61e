package dev.fsbench.nio;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;

/**
 * A set of glob patterns compiled for matching while walking a tree, one name at a time, so that a
 * walker can prune every directory below which nothing can match.
 *
 * <pre>{@code
 * GlobPattern glob = GlobPattern.compile(List.of("src/**}{@code /*.{js,ts}", "README.md"), false);
 * GlobPattern.Position src = glob.start().enter("src");   // src itself does not match, but may contain matches
 * src.canMatchBelow();                                     // true: walk src
 * src.enter("main.ts").matches(false);                     // true
 * glob.matches("src/a/.hidden.js", false);                 // false: '*' does not match a leading dot
 * }</pre>
 *
 * <h2>Syntax</h2>
 *
 * Patterns are relative, segments separated by {@code '/'}:
 *
 * <ul>
 *   <li>{@code *} any characters within a segment, {@code ?} one character (one code point);
 *   <li>{@code **} as a whole segment: zero or more whole segments, so {@code **}{@code /*} matches
 *       top-level entries too, and {@code a/**} matches {@code a} itself;
 *   <li>{@code [abc]}, {@code [a-z]}, {@code [!a]} or {@code [^a]}; a {@code ]} right after the
 *       opening bracket is a member;
 *   <li>{@code {a,b}} alternatives, nested allowed, and they may span segments ({@code
 *       {src,lib/x}/*.js});
 *   <li>{@code \} makes the next character literal;
 *   <li>a trailing {@code /} matches directories only; {@code .} segments and repeated slashes are
 *       ignored.
 * </ul>
 *
 * The dot rule: unless {@code dot} is set, {@code *}, {@code ?}, {@code [...]} and {@code **} never
 * match a name that starts with a dot; a segment starting with a literal dot does.
 *
 * <p>An absolute pattern, a {@code ..} segment (results are paths below the working directory), an
 * unclosed {@code [} or {@code {}, a stray {@code }}, a trailing {@code \}, a reversed range, a
 * {@code /} inside brackets, or a pattern naming only the working directory is an {@link
 * IllegalArgumentException}, thrown by {@link #compile} before anything is walked. Brace expansion
 * is capped at {@value #MAX_ALTERNATIVES} alternatives per pattern.
 *
 * <p>Why not {@code FileSystem.getPathMatcher("glob:...")}: its {@code **} crosses separators
 * inside a segment, so {@code **}{@code /*} misses top-level files, its {@code *} matches dot
 * files, and it can only test whole paths, which leaves a walker unable to prune.
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class GlobPattern {

  /** The most alternatives one pattern's braces may expand to. */
  public static final int MAX_ALTERNATIVES = 4096;

  private final List<String> patterns;
  private final boolean dot;

  /**
   * All patterns' segments one after another, each pattern followed by a {@code null} that marks
   * its end.
   */
  private final Segment[] segments;

  /** At an end position: whether the pattern ended with '/', matching directories only. */
  private final boolean[] directoryOnly;

  private final Position start;

  private GlobPattern(
      List<String> patterns, boolean dot, List<Segment> segments, List<Boolean> directoryOnly) {
    this.patterns = List.copyOf(patterns);
    this.dot = dot;
    this.segments = segments.toArray(new Segment[0]);
    this.directoryOnly = new boolean[directoryOnly.size()];
    for (int i = 0; i < this.directoryOnly.length; i++) {
      this.directoryOnly[i] = directoryOnly.get(i);
    }
    BitSet initial = new BitSet(this.segments.length);
    for (int i = 0; i < this.segments.length; i++) {
      if (i == 0 || this.segments[i - 1] == null) {
        initial.set(i);
      }
    }
    this.start = new Position(closure(initial));
  }

  /** Compiles one pattern. */
  public static GlobPattern compile(String pattern, boolean dot) {
    return compile(List.of(pattern), dot);
  }

  /**
   * Compiles patterns matched together: an entry matches when any of them matches it, so a walk
   * reports it once.
   *
   * @throws IllegalArgumentException for an empty list or a malformed or absolute pattern, naming
   *     it
   */
  public static GlobPattern compile(List<String> patterns, boolean dot) {
    Objects.requireNonNull(patterns, "patterns");
    if (patterns.isEmpty()) {
      throw new IllegalArgumentException("no glob pattern given");
    }
    List<Segment> segments = new ArrayList<>();
    List<Boolean> directoryOnly = new ArrayList<>();
    for (String pattern : patterns) {
      Objects.requireNonNull(pattern, "pattern");
      try {
        for (String alternative : expandBraces(pattern)) {
          addAlternative(alternative, segments, directoryOnly);
        }
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "malformed glob pattern '" + pattern + "': " + e.getMessage(), e);
      }
    }
    return new GlobPattern(patterns, dot, segments, directoryOnly);
  }

  /** The patterns as given. */
  public List<String> patterns() {
    return patterns;
  }

  /** Whether wildcards match names with a leading dot. */
  public boolean dot() {
    return dot;
  }

  /** The position at the working directory, before any name. */
  public Position start() {
    return start;
  }

  /**
   * Whether a relative, '/'-separated path of an entry of the given kind matches; for tests and
   * one-off checks.
   */
  public boolean matches(String relativePath, boolean isDirectory) {
    Position position = start;
    for (String name : relativePath.split("/", -1)) {
      position = position.enter(name);
    }
    return position.matches(isDirectory);
  }

  @Override
  public String toString() {
    return "GlobPattern" + patterns + (dot ? " (dot)" : "");
  }

  /**
   * Where a walk stands in the patterns after a sequence of names: the set of pattern positions
   * still alive. Immutable; {@link #enter} returns a new one.
   */
  public final class Position {
    private final BitSet alive;

    private Position(BitSet alive) {
      this.alive = alive;
    }

    /**
     * The position after one more name, the name of an entry in the directory this position stands
     * for.
     */
    public Position enter(String name) {
      Objects.requireNonNull(name, "name");
      BitSet next = new BitSet(segments.length);
      for (int i = alive.nextSetBit(0); i >= 0; i = alive.nextSetBit(i + 1)) {
        Segment segment = segments[i];
        if (segment == null) {
          continue;
        }
        if (segment.isGlobstar()) {
          if (dot || !name.startsWith(".")) {
            next.set(i); // ** consumes this name and may consume more below it
          }
        } else if (segment.matches(name, dot)) {
          next.set(i + 1);
        }
      }
      return new Position(closure(next));
    }

    /**
     * Whether the entry reached by the names so far matches a pattern, given whether it is a
     * directory.
     */
    public boolean matches(boolean isDirectory) {
      for (int i = alive.nextSetBit(0); i >= 0; i = alive.nextSetBit(i + 1)) {
        if (segments[i] == null && (isDirectory || !directoryOnly[i])) {
          return true;
        }
      }
      return false;
    }

    /**
     * Whether an entry below this one can still match: if not, a walker need not list this
     * directory.
     */
    public boolean canMatchBelow() {
      for (int i = alive.nextSetBit(0); i >= 0; i = alive.nextSetBit(i + 1)) {
        if (segments[i] != null) {
          return true;
        }
      }
      return false;
    }

    /**
     * Whether nothing matches here or below: the walker can ignore the entry entirely, without
     * reading it.
     */
    public boolean isDead() {
      return alive.isEmpty();
    }
  }

  /** Adds the positions a {@code **} reaches by matching zero segments. */
  private BitSet closure(BitSet positions) {
    for (int i = positions.nextSetBit(0); i >= 0; i = positions.nextSetBit(i + 1)) {
      if (segments[i] != null && segments[i].isGlobstar()) {
        positions.set(i + 1);
      }
    }
    return positions;
  }

  // ------------------------------------------------------------------------------------------------ compiling

  private static void addAlternative(
      String alternative, List<Segment> segments, List<Boolean> directoryOnly) {
    if (alternative.startsWith("/")) {
      throw new IllegalArgumentException("absolute patterns are not allowed (" + alternative + ")");
    }
    List<String> parts = splitSegments(alternative);
    boolean onlyDirectories = alternative.endsWith("/") && !alternative.endsWith("\\/");
    List<Segment> compiled = new ArrayList<>();
    for (String part : parts) {
      if (part.isEmpty() || part.equals(".")) {
        continue;
      }
      if (part.equals("..")) {
        throw new IllegalArgumentException("'..' leaves the working directory");
      }
      Segment segment = Segment.compile(part);
      boolean repeatedGlobstar =
          segment.isGlobstar()
              && !compiled.isEmpty()
              && compiled.get(compiled.size() - 1).isGlobstar();
      if (!repeatedGlobstar) {
        compiled.add(segment);
      }
    }
    if (compiled.isEmpty()) {
      throw new IllegalArgumentException(
          "it names only the working directory, which glob never returns");
    }
    for (Segment segment : compiled) {
      segments.add(segment);
      directoryOnly.add(false);
    }
    segments.add(null);
    directoryOnly.add(onlyDirectories);
  }

  /**
   * Splits on '/' outside escapes; brackets cannot hold a '/', which {@link Segment#compile}
   * reports.
   */
  private static List<String> splitSegments(String pattern) {
    List<String> parts = new ArrayList<>();
    int from = 0;
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '/') {
        parts.add(pattern.substring(from, i));
        from = i + 1;
      }
    }
    parts.add(pattern.substring(from));
    return parts;
  }

  /**
   * Expands the first top-level brace group and recurses on each result, so nested and successive groups expand too.
   * Escapes and bracket expressions are skipped while looking for braces: {@code [{]} is a class, not a group.
   */
  static List<String> expandBraces(String pattern) {
    List<String> out = new ArrayList<>();
    expandInto(pattern, out);
    return out;
  }

  private static void expandInto(String pattern, List<String> out) {
    int open = -1;
    int depth = 0;
    List<Integer> commas = new ArrayList<>();
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '\\') {
        if (i + 1 >= pattern.length()) {
          throw new IllegalArgumentException("trailing '\\' escapes nothing");
        }
        i++;
      } else if (c == '[') {
        i = closingBracket(pattern, i);
      } else if (c == '{') {
        if (depth++ == 0) {
          open = i;
        }
      } else if (c == ',' && depth == 1) {
        commas.add(i);
      } else if (c == '}') {
        if (depth == 0) {
          throw new IllegalArgumentException("'}' at " + i + " closes no '{'");
        }
        if (--depth == 0) {
          String prefix = pattern.substring(0, open);
          String suffix = pattern.substring(i + 1);
          int from = open + 1;
          commas.add(i);
          for (int end : commas) {
            expandInto(prefix + pattern.substring(from, end) + suffix, out);
            if (out.size() > MAX_ALTERNATIVES) {
              throw new IllegalArgumentException(
                  "braces expand to more than " + MAX_ALTERNATIVES + " alternatives");
            }
            from = end + 1;
          }
          return;
        }
      }
    }
    if (depth > 0) {
      throw new IllegalArgumentException("'{' at " + open + " is never closed");
    }
    out.add(pattern);
  }

  /** The index of the ']' closing the bracket expression opened at {@code open}. */
  static int closingBracket(String pattern, int open) {
    int i = open + 1;
    if (i < pattern.length() && (pattern.charAt(i) == '!' || pattern.charAt(i) == '^')) {
      i++;
    }
    boolean first = true;
    for (; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == ']' && !first) {
        return i;
      }
      if (c == '\\') {
        i++;
      }
      first = false;
    }
    throw new IllegalArgumentException("'[' at " + open + " is never closed");
  }

  /**
   * One compiled segment: {@code **}, a literal name, or a wildcard expression.
   *
   * <p>A wildcard expression is a sequence of tokens, each matching exactly one code point ({@code
   * ?}, a class, a literal) or any run of them ({@code *}), matched by the classic greedy scan
   * that, on a mismatch, goes back to the last {@code *} and lets it take one more code point.
   * Written for this backend, it takes at most (name length) x (tokens) steps: a segment has no
   * other way to fail than to retry the last star, since every other token is one code point wide.
   * It replaced a {@code java.util.regex} translation ({@code .*} per star), whose backtracking
   * made {@code *a*a*a*a*a*a*a*a*a*a*ab} against a 40-character name of {@code a}s take 9.3 s.
   */
  private static final class Segment {
    private static final int STAR = -1;
    private static final int ANY = -2;
    private static final int CLASS = -3;

    private final boolean globstar;
    private final String literal;

    /** The tokens: a code point (a literal), or {@link #STAR}, {@link #ANY}, {@link #CLASS}. */
    private final int[] tokens;

    /** For a {@link #CLASS} token, its ranges (low, high, low, high, ...); null otherwise. */
    private final int[][] ranges;

    /** For a {@link #CLASS} token, whether it is negated ({@code [!a]}). */
    private final boolean[] negated;

    private final boolean leadingLiteralDot;

    private Segment(
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

    boolean matches(String name, boolean dot) {
      if (literal != null) {
        return literal.equals(name);
      }
      if (!dot && !leadingLiteralDot && name.startsWith(".")) {
        return false;
      }
      return wildcardMatch(name);
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

    static Segment compile(String segment) {
      if (segment.equals("**")) {
        return new Segment(true, null, null, null, null, false);
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
        int width = Character.charCount(c);
        if (c == '\\') {
          int escaped = segment.codePointAt(i + 1); // expandBraces rejected a trailing '\'
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
            int close = closingBracket(segment, i);
            String body = segment.substring(i + 1, close);
            boolean not = body.startsWith("!") || body.startsWith("^");
            add(tokens, ranges, negated, CLASS, bracketExpression(body), not);
            i = close + 1;
          }
          continue;
        }
        literal.appendCodePoint(c);
        add(tokens, ranges, negated, c, null, false);
        leadingDot = leadingDot == null ? c == '.' : leadingDot;
        i += width;
      }
      if (!wild) {
        return new Segment(false, literal.toString(), null, null, null, false);
      }
      int[] t = new int[tokens.size()];
      boolean[] not = new boolean[tokens.size()];
      for (int k = 0; k < t.length; k++) {
        t[k] = tokens.get(k);
        not[k] = negated.get(k);
      }
      return new Segment(
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
     * The ranges of the inside of {@code [...]}: members, ranges, escapes; a leading '!' or '^' is
     * skipped.
     */
    private static int[] bracketExpression(String body) {
      List<Integer> out = new ArrayList<>();
      int i = 0;
      if (body.startsWith("!") || body.startsWith("^")) {
        i = 1;
      }
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
        if (low == '/' || (low < '/' && high >= '/')) {
          throw new IllegalArgumentException("'/' cannot be matched inside [" + body + "]");
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
}
