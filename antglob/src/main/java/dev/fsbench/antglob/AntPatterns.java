package dev.fsbench.antglob;

import dev.fsbench.nio.GlobPattern;
import dev.fsbench.spi.GlobOptions;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The SPI's glob patterns ({@code docs/semantics/glob.md}) as the include and exclude patterns of
 * an Ant-style {@code DirectoryScanner}, or refused where that dialect cannot say the same.
 *
 * <pre>{@code
 * AntPatterns p = AntPatterns.of(List.of("src/{main,test}/**}{@code /*.java"), GlobOptions.DEFAULT, ant);
 * p.includes();  // [src/main/**}{@code /*.java, src/test/**}{@code /*.java]
 * p.excludes();  // [**}{@code /.*, **}{@code /.*}{@code /**]: no dot names, as a build-tool user writes it
 * AntPatterns.of(List.of("[ab].js"), GlobOptions.DEFAULT, ant);  // IllegalArgumentException ('brackets')
 * }</pre>
 *
 * <h2>What maps</h2>
 *
 * <table>
 *   <caption>The SPI's glob in Ant's patterns</caption>
 *   <tr><th>SPI</th><th>Ant-style</th></tr>
 *   <tr><td>{@code *}, {@code ?}, {@code **} as a whole segment</td><td>the same; a run of stars
 *       inside a segment ({@code a**}, {@code ***}) is one {@code *}, as the SPI reads it</td></tr>
 *   <tr><td>{@code {a,b}}</td><td>expanded first ({@link GlobPattern#alternatives}): one include
 *       per alternative, as a build-tool user lists them</td></tr>
 *   <tr><td>{@code \c}, {@code c} not {@code * ? \}</td><td>the character itself: Ant has no escape,
 *       and takes {@code [ ] { } ,} literally</td></tr>
 *   <tr><td>empty and {@code .} segments, {@code \/}</td><td>dropped, as the SPI drops them</td></tr>
 *   <tr><td>{@code X/**} (X itself only if it is a directory, and everything below)</td><td>{@code
 *       X/**}{@code /*}, and {@code X} for directories only</td></tr>
 *   <tr><td>a trailing {@code /} (directories only)</td><td>the pattern without it, for directories
 *       only (Ant reads a trailing {@code /} as {@code /**})</td></tr>
 *   <tr><td>{@code dot} false</td><td>the excludes {@code **}{@code /.*} and {@code **}{@code
 *       /.*}{@code /**} when no pattern names a dot segment; nothing when no pattern has a segment
 *       that starts with a wildcard, nor {@code **}</td></tr>
 * </table>
 *
 * A pattern "for directories only" has no form in Ant's dialect, where a pattern matches an entry
 * of any kind: it is an include like the others, and {@link #keepsNonDirectory} tells the caller
 * which files and links an include of any kind really matched ({@link ScannerGlob} asks the
 * scanner's own matcher).
 *
 * <h2>What is refused, with {@link Refused} naming the declared deviation</h2>
 *
 * <ul>
 *   <li>{@code brackets}: a bracket expression ({@code [abc]}, {@code [a-z]}, {@code [!a]}): Ant's
 *       patterns have none;
 *   <li>{@code escapes}: a literal {@code *}, {@code ?} or {@code \} ({@code \*}, {@code \\}): Ant
 *       cannot escape a wildcard, and reads {@code \} as a separator;
 *   <li>{@code dotrule}: with {@code dot} false, patterns that name a dot segment ({@code .git},
 *       {@code .*}) beside a segment that starts with a wildcard or a {@code **}: Ant's patterns
 *       have no dot rule, and excludes apply to every include, so no set of them says "a wildcard
 *       never matches a leading dot, a literal one does";
 *   <li>whatever the {@link Dialect} reads otherwise (Plexus's {@code %regex[...]}).
 * </ul>
 *
 * Malformed patterns are refused as the SPI refuses them ({@link GlobPattern#compile}), before
 * anything else. Instances are immutable.
 */
public final class AntPatterns {

  /** Dot names and everything below them, as excludes. */
  static final List<String> NO_DOT_NAMES = List.of("**/.*", "**/.*/**");

  private final List<String> includes;
  private final List<String> excludes;
  private final List<String> anyKind;
  private final boolean someForDirectoriesOnly;
  private final List<String> literalRoots;

  private AntPatterns(
      List<String> includes,
      List<String> excludes,
      List<String> anyKind,
      boolean someForDirectoriesOnly,
      List<String> literalRoots) {
    this.includes = List.copyOf(includes);
    this.excludes = List.copyOf(excludes);
    this.anyKind = List.copyOf(anyKind);
    this.someForDirectoriesOnly = someForDirectoriesOnly;
    this.literalRoots = List.copyOf(literalRoots);
  }

  /**
   * Translates one glob call's patterns.
   *
   * @throws IllegalArgumentException for a malformed pattern (the SPI's) or one the dialect cannot
   *     express, naming it and the declared deviation
   * @throws NullPointerException for a null list or pattern
   */
  public static AntPatterns of(List<String> patterns, GlobOptions options, Dialect dialect) {
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(dialect, "dialect");
    GlobPattern.compile(patterns, options.dot()); // the SPI's own checks, and its messages
    Set<String> anyKind = new LinkedHashSet<>();
    Set<String> directoriesOnly = new LinkedHashSet<>();
    boolean namesDot = false;
    boolean wildStart = false;
    for (String pattern : patterns) {
      for (String alternative : GlobPattern.alternatives(pattern)) {
        Alternative a = Alternative.parse(alternative, pattern, dialect);
        if (a.segments().isEmpty()) {
          continue; // names only the working directory, which glob never returns
        }
        namesDot |= a.namesDot();
        wildStart |= a.startsWithWildcard();
        a.addTo(anyKind, directoriesOnly);
      }
    }
    List<String> excludes = List.of();
    if (!options.dot() && wildStart) {
      if (namesDot) {
        throw Alternative.refused(
            patterns.toString(),
            dialect,
            "dotrule",
            "without dot, a wildcard or ** never matches a leading dot and a literal dot does; its"
                + " patterns have no dot rule and its excludes apply to every pattern, so a call"
                + " that names a dot segment beside a wildcard cannot be said (with dot it can)");
      }
      excludes = NO_DOT_NAMES;
    }
    List<String> includes = new ArrayList<>(anyKind);
    for (String d : directoriesOnly) {
      if (!anyKind.contains(d)) {
        includes.add(d);
      }
    }
    for (String include : includes) {
      Dialect.Refusal refusal = dialect.refusal(include);
      if (refusal != null) {
        throw Alternative.refused(
            include, dialect, refusal.deviation(), refusal.why() + " (the pattern as given to it)");
      }
    }
    boolean someForDirectoriesOnly = !anyKind.containsAll(directoriesOnly);
    return new AntPatterns(
        includes,
        excludes,
        List.copyOf(anyKind),
        someForDirectoriesOnly,
        includes.stream().map(AntPatterns::literalRoot).distinct().toList());
  }

  /**
   * The declared deviation under which {@link #of} refuses this call, or null if it translates it
   * (or refuses it as malformed): for a test that must know which calls a peer can take.
   */
  public static String refusal(List<String> patterns, GlobOptions options, Dialect dialect) {
    try {
      of(patterns, options, dialect);
      return null;
    } catch (Refused e) {
      return e.deviation();
    } catch (IllegalArgumentException malformed) {
      return null;
    }
  }

  /** The include patterns, '/'-separated; empty when no pattern can match anything. */
  public String[] includes() {
    return includes.toArray(new String[0]);
  }

  /** The exclude patterns. */
  public String[] excludes() {
    return excludes.toArray(new String[0]);
  }

  /** Whether nothing can match: every pattern names only the working directory. */
  public boolean isEmpty() {
    return includes.isEmpty();
  }

  /**
   * Whether a file or link the scanner included is matched, given {@code matcher}, the scanner's
   * own test of one include pattern against a relative path: always, unless some pattern is for
   * directories only, whose includes the scanner applies to every kind.
   */
  public boolean keepsNonDirectory(String relative, Matcher matcher) {
    if (!someForDirectoriesOnly) {
      return true;
    }
    for (String pattern : anyKind) {
      if (matcher.matches(pattern, relative)) {
        return true;
      }
    }
    return false;
  }

  /** Whether some include is there for directories only (a trailing {@code /}, or {@code X/**}). */
  public boolean someForDirectoriesOnly() {
    return someForDirectoriesOnly;
  }

  /**
   * Whether {@code relative} is the part of an include before its first segment with a wildcard:
   * Ant's scanner resolves such a root by path, so a link on the way is not seen as a walk sees it.
   */
  public boolean isLiteralRoot(String relative) {
    return literalRoots.contains(relative);
  }

  /** A pattern the dialect cannot express, and the declared deviation that says so. */
  public static final class Refused extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final String deviation;

    Refused(String message, String deviation) {
      super(message);
      this.deviation = deviation;
    }

    /** The declared deviation: {@code brackets}, {@code escapes}, {@code dotrule}, ... */
    public String deviation() {
      return deviation;
    }
  }

  /** The scanner's test of one include pattern against one relative path. */
  public interface Matcher {
    boolean matches(String pattern, String relative);
  }

  private static String literalRoot(String include) {
    StringBuilder root = new StringBuilder();
    for (String segment : include.split("/")) {
      if (segment.indexOf('*') >= 0 || segment.indexOf('?') >= 0) {
        break;
      }
      if (root.length() > 0) {
        root.append('/');
      }
      root.append(segment);
    }
    return root.toString();
  }

  @Override
  public String toString() {
    return "AntPatterns[includes=" + includes + ", excludes=" + excludes + "]";
  }
}
