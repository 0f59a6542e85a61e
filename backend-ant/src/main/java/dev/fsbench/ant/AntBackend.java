package dev.fsbench.ant;

import dev.fsbench.antglob.Dialect;
import dev.fsbench.antglob.ScannerBackend;
import dev.fsbench.spi.BackendConfig;

/**
 * The {@code ant} backend: glob through Apache Ant's {@code DirectoryScanner}, the glob engine of
 * Ant's filesets (and so of every build that uses them); the other 25 families through NIO, since
 * the scanner only lists and matches names.
 *
 * <pre>{@code
 * try (FsBackend ant = Backends.create("ant", BackendConfig.DEFAULT)) {
 *   ant.glob(root, List.of("src/**}{@code /*.java"), GlobOptions.DEFAULT); // a DirectoryScanner scan
 *   ant.glob(root, List.of("[ab].js"), GlobOptions.DEFAULT);             // IllegalArgumentException
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
 *       getIncludedDirectories}, {@code getNotFollowedSymlinks})</td>
 *       <td>default filesystem only; serial; the patterns translated or refused ({@code
 *       AntPatterns}); links as {@link AntScanner} says; NIO for a working directory whose name is
 *       not valid UTF-8</td></tr>
 *   <tr><td>the other 25</td><td>none: NIO</td><td>the scanner lists and matches names and does
 *       nothing else</td></tr>
 * </table>
 *
 * On another filesystem than the default one (Jimfs) glob is NIO's too: the scanner takes a {@link
 * java.io.File}. The dialect, what maps and what is refused, is in the module's README and in
 * {@code docs/semantics/glob.md}, "Peers: the Ant and Plexus scanners".
 */
public final class AntBackend extends ScannerBackend {

  /** The id the provider registers. */
  public static final String ID = "ant";

  static final String LIBRARY = "Ant's DirectoryScanner";

  /** Ant's patterns are the dialect itself: nothing beyond {@code AntPatterns}' refusals. */
  static final Dialect DIALECT = () -> LIBRARY;

  public AntBackend(BackendConfig config) {
    super(
        config,
        ID,
        LIBRARY,
        "DirectoryScanner (setIncludes, setExcludes, setFollowSymlinks(false), scan,"
            + " getIncludedFiles, getIncludedDirectories; links from getNotFollowedSymlinks)",
        DIALECT,
        new AntScanner());
  }
}
