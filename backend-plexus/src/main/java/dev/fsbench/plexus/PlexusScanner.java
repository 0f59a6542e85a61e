package dev.fsbench.plexus;

import dev.fsbench.antglob.AntPatterns;
import dev.fsbench.antglob.Scanner;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.codehaus.plexus.util.DirectoryScanner;
import org.codehaus.plexus.util.MatchPattern;

/**
 * One scan with Plexus's {@link DirectoryScanner} (plexus-utils 4), the scanner behind Maven's
 * includes and excludes: includes and excludes as {@link dev.fsbench.antglob.AntPatterns} wrote
 * them, case-sensitive, no default excludes, {@code followSymlinks} false.
 *
 * <h2>Links and other entries</h2>
 *
 * The scanner sorts an entry by what {@link File#isDirectory()} and {@link File#isFile()} say, both
 * following links. So a link to a file is a file and a link to a directory a directory, which it
 * lists but whose entries it excludes (it does not enter a directory that is a link, with {@code
 * followSymlinks} false). An entry that is neither, a dangling link, a link loop, a FIFO, a socket,
 * a device or a link to one, is left out of every list (declared deviation {@code dangling}), as is
 * a name that is not valid UTF-8 (its string names nothing). A directory it cannot list counts as
 * an empty one (declared deviation {@code unreadable}; for the working directory itself {@code
 * ScannerGlob} asks NIO when nothing was found).
 *
 * <p>The SPI says a link is never a directory. Where that matters, with {@code linksApart} (files
 * only, or a pattern for directories only), each included directory is checked with one {@code
 * lstat}, and the links among them are moved to {@link Found#links()}; otherwise a link to a
 * directory is already where the SPI puts it, among the entries.
 */
final class PlexusScanner implements Scanner {

  @Override
  public Found scan(File basedir, AntPatterns patterns, boolean linksApart) {
    DirectoryScanner scanner = new DirectoryScanner();
    scanner.setBasedir(basedir);
    scanner.setIncludes(patterns.includes());
    scanner.setExcludes(patterns.excludes());
    scanner.setCaseSensitive(true);
    scanner.setFollowSymlinks(false);
    scanner.scan();
    List<String> directories = List.of(scanner.getIncludedDirectories());
    List<String> links = new ArrayList<>();
    if (linksApart) {
      Path base = basedir.toPath();
      List<String> real = new ArrayList<>(directories.size());
      for (String directory : directories) {
        if (!directory.isEmpty() && Files.isSymbolicLink(base.resolve(directory))) {
          links.add(directory);
        } else {
          real.add(directory);
        }
      }
      directories = real;
    }
    return new Found(List.of(scanner.getIncludedFiles()), directories, links);
  }

  /**
   * Plexus's own match of one include against a relative path, as {@link MatchPattern} cuts it (at
   * '/' only, as the scanner cuts the paths it walks): {@code SelectorUtils.matchPath} reads a
   * {@code \} in the path as a separator.
   */
  @Override
  public boolean matches(String pattern, String relative) {
    return MatchPattern.fromString(pattern).matchPath(relative, true);
  }
}
