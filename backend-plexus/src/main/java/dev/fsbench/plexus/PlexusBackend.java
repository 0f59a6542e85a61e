package dev.fsbench.plexus;

import dev.fsbench.antglob.Dialect;
import dev.fsbench.antglob.ScannerBackend;
import dev.fsbench.spi.BackendConfig;
import org.codehaus.plexus.util.SelectorUtils;

/**
 * The {@code plexus} backend: glob through the {@code DirectoryScanner} of plexus-utils 4, which
 * Maven's includes and excludes run on (resources, sources, assemblies); the other 25 families
 * through NIO, since the scanner only lists and matches names.
 *
 * <pre>{@code
 * try (FsBackend plexus = Backends.create("plexus", BackendConfig.DEFAULT)) {
 *   plexus.glob(root, List.of("src/**}{@code /*.java"), GlobOptions.DEFAULT); // a DirectoryScanner scan
 * }
 * }</pre>
 *
 * <h2>Routes</h2>
 *
 * <table>
 *   <caption>Who serves each family</caption>
 *   <tr><th>family</th><th>route</th><th>notes</th></tr>
 *   <tr><td>glob</td><td>{@code DirectoryScanner} ({@code setIncludes}, {@code setExcludes},
 *       {@code setFollowSymlinks(false)}, {@code scan}, {@code getIncludedFiles}, {@code
 *       getIncludedDirectories})</td>
 *       <td>default filesystem only; serial; the patterns translated or refused ({@code
 *       AntPatterns}); links as {@link PlexusScanner} says; NIO for a working directory whose name
 *       is not valid UTF-8</td></tr>
 *   <tr><td>the other 25</td><td>none: NIO</td><td>the scanner lists and matches names and does
 *       nothing else</td></tr>
 * </table>
 *
 * <h2>Its dialect beyond Ant's</h2>
 *
 * Plexus reads {@code %regex[...]} as a regular expression and {@code %ant[...]} as the pattern
 * inside, and trims every pattern. A glob pattern that would come out as such a pattern (its
 * characters are literal to the SPI) is refused ({@code handlers}), as is one with white space at
 * either end ({@code spaces}). {@code %regex[...]} could say what Ant's patterns cannot (brackets,
 * the dot rule), but only through a regular expression fsbench would write from the SPI's language:
 * that is fsbench's matcher under Plexus's name, and a regex also turns the scanner's pruning off;
 * it is not used.
 */
public final class PlexusBackend extends ScannerBackend {

  /** The id the provider registers. */
  public static final String ID = "plexus";

  static final String LIBRARY = "Plexus's DirectoryScanner";

  static final Dialect DIALECT =
      new Dialect() {
        @Override
        public String scanner() {
          return LIBRARY;
        }

        @Override
        public Refusal refusal(String antPattern) {
          if (SelectorUtils.isRegexPrefixedPattern(antPattern)
              || SelectorUtils.isAntPrefixedPattern(antPattern)) {
            return new Refusal(
                "handlers",
                "it reads %regex[...] as a regular expression and %ant[...] as the pattern inside");
          }
          return antPattern.trim().equals(antPattern)
              ? null
              : new Refusal("spaces", "it trims white space off both ends of a pattern");
        }

        @Override
        public boolean listsDanglingLinks() {
          return false; // it keeps only what java.io.File calls a file or a directory
        }
      };

  public PlexusBackend(BackendConfig config) {
    super(
        config,
        ID,
        LIBRARY,
        "DirectoryScanner (setIncludes, setExcludes, setFollowSymlinks(false), scan,"
            + " getIncludedFiles, getIncludedDirectories)",
        DIALECT,
        new PlexusScanner());
  }
}
