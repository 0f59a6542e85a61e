package dev.fsbench.nio;

import dev.fsbench.support.StringNames;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

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
 * The language is the one {@code docs/semantics/glob.md} writes down and {@code
 * conformance/glob.tsv} checks (the native backend's compiler, {@code rust/src/glob}, follows the
 * same text): bash's {@code globstar} globbing with links never followed. In short:
 *
 * <ul>
 *   <li>braces first ({@link BraceExpansion}): {@code {a,b}}, nested, spanning segments; {@code
 *       {a}} and {@code {}} are literal; an empty expansion is dropped ({@code {,a}} is {@code a});
 *       a bracket expression is one unit, so {@code [{]} is a class;
 *   <li>then segments, split at every {@code /} ({@code \/} too: no name holds a slash); empty and
 *       {@code .} segments are skipped, and a trailing {@code /} (or {@code /.}) matches
 *       directories only;
 *   <li>{@code *} any characters within a segment, {@code ?} one character (one code point),
 *       {@code [abc]}, {@code [a-z]}, {@code [!a]} or {@code [^a]} ({@link GlobSegment}), {@code \}
 *       makes the next character literal;
 *   <li>{@code **} as a whole segment: zero or more whole segments, so {@code **}{@code /*} matches
 *       top-level entries too, and {@code a/**} matches {@code a} itself when it is a directory.
 * </ul>
 *
 * The dot rule: unless {@code dot} is set, {@code *}, {@code ?}, {@code [...]} and {@code **} never
 * match a name that starts with a dot; a segment starting with a literal dot does.
 *
 * <p>An empty pattern, an absolute alternative, a {@code ..} segment, an unmatched {@code {} or
 * {@code }}, an unclosed {@code [}, a reversed range, a trailing {@code \}, more than {@value
 * #MAX_ALTERNATIVES} brace expansions, a NUL or a lone surrogate is an {@link
 * IllegalArgumentException}, thrown by {@link #compile} before anything is walked. A pattern that
 * names only the working directory ({@code .}) matches nothing: glob never returns it.
 *
 * <p>Why not {@code FileSystem.getPathMatcher("glob:...")}: its {@code **} crosses separators
 * inside a segment, so {@code **}{@code /*} misses top-level files, its {@code *} matches dot
 * files, and it can only test whole paths, which leaves a walker unable to prune.
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class GlobPattern {

  /**
   * The most patterns the braces of one pattern may expand to, counted before empty and repeated
   * ones are dropped.
   */
  public static final int MAX_ALTERNATIVES = BraceExpansion.MAX_ALTERNATIVES;

  private final List<String> patterns;
  private final boolean dot;

  /**
   * All patterns' segments one after another, each pattern followed by a {@code null} that marks
   * its end. A position is an index of a non-null segment: "the next name is matched against it".
   */
  private final GlobSegment[] segments;

  /** At an end marker: whether the pattern ended with '/', matching directories only. */
  private final boolean[] directoryOnly;

  private final Position start;

  private GlobPattern(
      List<String> patterns, boolean dot, List<GlobSegment> segments, List<Boolean> directoryOnly) {
    this.patterns = List.copyOf(patterns);
    this.dot = dot;
    this.segments = segments.toArray(new GlobSegment[0]);
    this.directoryOnly = new boolean[directoryOnly.size()];
    for (int i = 0; i < this.directoryOnly.length; i++) {
      this.directoryOnly[i] = directoryOnly.get(i);
    }
    BitSet initial = new BitSet(this.segments.length);
    for (int i = 0; i < this.segments.length; i++) {
      if ((i == 0 || this.segments[i - 1] == null) && this.segments[i] != null) {
        initial.set(i);
      }
    }
    this.start = new Position(closure(initial), false, false);
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
    List<GlobSegment> segments = new ArrayList<>();
    List<Boolean> directoryOnly = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (String pattern : patterns) {
      Objects.requireNonNull(pattern, "pattern");
      try {
        for (String alternative : expand(pattern)) {
          if (seen.add(alternative)) {
            addAlternative(alternative, segments, directoryOnly);
          }
        }
      } catch (IllegalArgumentException e) {
        throw malformed(pattern, e);
      }
    }
    return new GlobPattern(patterns, dot, segments, directoryOnly);
  }

  /**
   * The brace-free alternatives of one pattern, in order, each once, the empty ones dropped: what
   * {@link #compile} matches, for a backend that hands them to another glob engine ({@code
   * {a,b}.js} is {@code a.js} and {@code b.js}). Only the braces are checked here; {@link #compile}
   * checks the rest.
   *
   * @throws IllegalArgumentException for an empty pattern, unbalanced braces, an unclosed {@code
   *     [}, a trailing {@code \}, too many alternatives, a NUL or a lone surrogate, naming it
   */
  public static List<String> alternatives(String pattern) {
    Objects.requireNonNull(pattern, "pattern");
    try {
      return List.copyOf(expand(pattern));
    } catch (IllegalArgumentException e) {
      throw malformed(pattern, e);
    }
  }

  private static Set<String> expand(String pattern) {
    refuseUnnameable(pattern);
    if (pattern.isEmpty()) {
      throw new IllegalArgumentException("it is empty");
    }
    Set<String> out = new LinkedHashSet<>();
    for (String alternative : BraceExpansion.expand(pattern)) {
      if (!alternative.isEmpty()) {
        out.add(alternative);
      }
    }
    return out;
  }

  private static IllegalArgumentException malformed(String pattern, IllegalArgumentException e) {
    return new IllegalArgumentException(
        "malformed glob pattern '" + pattern.replace('\0', '?') + "': " + e.getMessage(), e);
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
   * Whether a relative, '/'-separated path of an entry of the given kind matches (the entries above
   * it being directories); for tests and one-off checks.
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
   * Where a walk stands in the patterns after a sequence of names: the positions still alive, and
   * whether a pattern ended at the last name (for any entry, or for a directory only). Immutable;
   * {@link #enter} returns a new one.
   */
  public final class Position {
    private final BitSet alive;
    private final boolean endsHere;
    private final boolean endsHereIfDirectory;

    private Position(BitSet alive, boolean endsHere, boolean endsHereIfDirectory) {
      this.alive = alive;
      this.endsHere = endsHere;
      this.endsHereIfDirectory = endsHereIfDirectory;
    }

    /**
     * The position after one more name, the name of an entry in the directory this position stands
     * for.
     */
    public Position enter(String name) {
      Objects.requireNonNull(name, "name");
      BitSet next = new BitSet(segments.length);
      boolean ends = false;
      boolean endsIfDirectory = false;
      for (int i = alive.nextSetBit(0); i >= 0; i = alive.nextSetBit(i + 1)) {
        GlobSegment segment = segments[i];
        if (!segment.matches(name, dot)) {
          continue;
        }
        if (segment.isGlobstar()) {
          next.set(i); // ** takes the name and stays, to take more below it
        } else if (segments[i + 1] != null) {
          next.set(i + 1);
        }
        int following = i + 1;
        if (segments[following] == null) {
          // the pattern ends at this name
          if (directoryOnly[following]) {
            endsIfDirectory = true;
          } else {
            ends = true;
          }
        } else if (!segment.isGlobstar()
            && segments[following].isGlobstar()
            && segments[following + 1] == null) {
          endsIfDirectory = true; // a/** takes a itself, but only a directory has the '/'
        }
      }
      return new Position(closure(next), ends, endsIfDirectory);
    }

    /**
     * Whether the entry reached by the names so far matches a pattern, given whether it is a
     * directory.
     */
    public boolean matches(boolean isDirectory) {
      return endsHere || (isDirectory && endsHereIfDirectory);
    }

    /**
     * Whether an entry below this one can still match: if not, a walker need not list this
     * directory.
     */
    public boolean canMatchBelow() {
      return !alive.isEmpty();
    }

    /**
     * Whether nothing matches here or below: the walker can ignore the entry entirely, without
     * reading it.
     */
    public boolean isDead() {
      return alive.isEmpty() && !endsHere && !endsHereIfDirectory;
    }
  }

  /** Adds the positions a {@code **} reaches by matching zero segments. */
  private BitSet closure(BitSet positions) {
    for (int i = positions.nextSetBit(0); i >= 0; i = positions.nextSetBit(i + 1)) {
      if (segments[i].isGlobstar() && segments[i + 1] != null) {
        positions.set(i + 1);
      }
    }
    return positions;
  }

  // ------------------------------------------------------------------------------------------------ compiling

  /**
   * Refuses what no name can hold and the native backend cannot pass: a NUL, a lone surrogate (no
   * UTF-8 form).
   */
  private static void refuseUnnameable(String pattern) {
    if (pattern.indexOf('\0') >= 0) {
      throw new IllegalArgumentException("it contains a NUL character");
    }
    int lone = StringNames.loneSurrogate(pattern);
    if (lone >= 0) {
      throw new IllegalArgumentException(
          "it is not valid Unicode (a lone surrogate at " + lone + ")");
    }
  }

  /**
   * One brace-free, non-empty pattern: its segments and an end marker, unless it names only '.'.
   */
  private static void addAlternative(
      String alternative, List<GlobSegment> segments, List<Boolean> directoryOnly) {
    if (alternative.startsWith("/") || alternative.startsWith("\\/")) {
      throw new IllegalArgumentException("absolute patterns are not allowed (" + alternative + ")");
    }
    List<String> parts = splitSegments(alternative);
    boolean onlyDirectories = alternative.endsWith("/");
    List<GlobSegment> compiled = new ArrayList<>();
    for (int k = 0; k < parts.size(); k++) {
      String part = parts.get(k);
      if (part.isEmpty()) {
        continue;
      }
      GlobSegment segment = GlobSegment.compile(part);
      if (".".equals(segment.literal())) {
        onlyDirectories |= k == parts.size() - 1; // a/. is a/
        continue;
      }
      if ("..".equals(segment.literal())) {
        throw new IllegalArgumentException("'..' leaves the working directory");
      }
      boolean repeatedGlobstar =
          segment.isGlobstar()
              && !compiled.isEmpty()
              && compiled.get(compiled.size() - 1).isGlobstar();
      if (!repeatedGlobstar) {
        compiled.add(segment);
      }
    }
    if (compiled.isEmpty()) {
      return; // only the working directory, which glob never returns
    }
    for (GlobSegment segment : compiled) {
      segments.add(segment);
      directoryOnly.add(false);
    }
    segments.add(null);
    directoryOnly.add(onlyDirectories);
  }

  /** Splits at every '/', an escaped one too: a slash cannot be part of a name. */
  private static List<String> splitSegments(String pattern) {
    List<String> parts = new ArrayList<>();
    StringBuilder part = new StringBuilder();
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '\\' && i + 1 < pattern.length() && pattern.charAt(i + 1) == '/') {
        parts.add(part.toString());
        part.setLength(0);
        i++;
      } else if (c == '\\') {
        part.append(c).append(pattern.charAt(++i));
      } else if (c == '/') {
        parts.add(part.toString());
        part.setLength(0);
      } else {
        part.append(c);
      }
    }
    parts.add(part.toString());
    return parts;
  }
}
