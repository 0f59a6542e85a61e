package dev.fsbench.antglob;

import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.GlobOptions;
import dev.fsbench.support.StringNames;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link FsBackend#glob} through a library's {@code DirectoryScanner}: the patterns translated
 * ({@link AntPatterns}), the working directory checked and resolved ({@link WorkingDirectory}), the
 * scan ({@link Scanner}), and its answer put in the SPI's form.
 *
 * <pre>{@code
 * List<String> found = ScannerGlob.glob(cwd, List.of("**}{@code /*"), GlobOptions.DEFAULT, dialect, scanner, nio);
 * }</pre>
 *
 * <p>Glue the SPI's contract needs, and nothing of the scanner's own job:
 *
 * <ul>
 *   <li>patterns refused before any I/O, malformed or beyond the dialect;
 *   <li>{@code cwd} missing or not a directory: NIO's exceptions, naming it; a link followed;
 *   <li>{@code cwd} whose name is not valid UTF-8 ({@link StringNames}): the call goes to NIO, the
 *       patterns still refused as the scanner would refuse them; the route says so;
 *   <li>the answer: the base directory itself dropped, directories dropped without {@code
 *       includeDirectories}, links kept as entries that are never directories, and a file or link
 *       that only an include for directories only matched dropped ({@link
 *       AntPatterns#keepsNonDirectory}, through the scanner's own matcher);
 *   <li>a tree deeper than the scanner's recursive walk can go on the caller's stack: its {@link
 *       StackOverflowError} becomes a {@code FileSystemException} naming {@code cwd};
 *   <li>a working directory the scanner could not list: a scanner that failed ({@link
 *       Scanner.Failed}), or one that found nothing at all (Plexus's takes a failed listing for an
 *       empty one), has {@code cwd} listed once by NIO, and NIO's exception is thrown, naming it.
 * </ul>
 *
 * The order of the result is the scanner's.
 */
public final class ScannerGlob {
  private ScannerGlob() {}

  /**
   * One glob call.
   *
   * @param nio where a call the scanner cannot take goes (a name that is not valid UTF-8)
   */
  public static List<String> glob(
      Path cwd,
      List<String> patterns,
      GlobOptions options,
      Dialect dialect,
      Scanner scanner,
      FsBackend nio)
      throws IOException {
    AntPatterns translated = AntPatterns.of(patterns, options, dialect);
    Path base = WorkingDirectory.of(cwd);
    if (StringNames.lost(base)) {
      return nio.glob(cwd, patterns, options);
    }
    if (translated.isEmpty()) {
      return List.of();
    }
    boolean linksApart = !options.includeDirectories() || translated.someForDirectoriesOnly();
    Scanner.Found found;
    try {
      found = scanner.scan(base.toFile(), translated, linksApart);
    } catch (Scanner.Failed e) {
      listOrThrow(cwd);
      throw new FileSystemException(cwd.toString(), null, e.getMessage());
    } catch (StackOverflowError e) {
      // Both scanners recurse once per directory level: a deep enough tree ends the scan here,
      // its frames unwound, and the call fails naming cwd, as a backend that cannot walk it must.
      throw new FileSystemException(
          cwd.toString(),
          null,
          dialect.scanner() + " ran out of stack: its walk recurses once per directory level");
    }
    List<String> out = new ArrayList<>();
    boolean anything = false;
    for (String directory : found.directories()) {
      if (!directory.isEmpty()) {
        anything = true;
        if (options.includeDirectories()) {
          out.add(directory);
        }
      }
    }
    for (List<String> entries : List.of(found.files(), found.links())) {
      for (String entry : entries) {
        anything = true;
        if (translated.keepsNonDirectory(entry, scanner)) {
          out.add(entry);
        }
      }
    }
    if (!anything) {
      listOrThrow(cwd);
    }
    return out;
  }

  /** Lists {@code cwd} with NIO, which throws what a listing of it throws, naming it. */
  private static void listOrThrow(Path cwd) throws IOException {
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(cwd)) {
      entries.iterator().hasNext();
    }
  }
}
