package dev.fsbench.ant;

import dev.fsbench.antglob.AntPatterns;
import dev.fsbench.antglob.Scanner;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.tools.ant.BuildException;
import org.apache.tools.ant.DirectoryScanner;
import org.apache.tools.ant.types.selectors.TokenizedPath;
import org.apache.tools.ant.types.selectors.TokenizedPattern;

/**
 * One scan with Ant's {@link DirectoryScanner}: includes and excludes as {@link AntPatterns} wrote
 * them, case-sensitive, Ant's default excludes not added, {@code followSymlinks} false.
 *
 * <h2>Links</h2>
 *
 * The SPI matches a link as an entry and never walks through it. Ant's scanner with {@code
 * followSymlinks} false never walks through one either, but it never includes one: every link it
 * meets is set aside, in {@code getNotFollowedSymlinks()} (absolute paths) when an include matches
 * it or it is a directory an include could reach into. So the links of the answer are those of that
 * list that the scanner's own {@code isIncluded} matches. One more case: a pattern whose first
 * segments hold no wildcard (its literal root, {@code link-src/main.js}) is resolved by path, and a
 * link on the way puts the whole path on that list; such a path lies below a link, which the SPI
 * never enters, and is left out ({@link #belowALink}: one {@code lstat} per name above it, for
 * literal roots only). A dangling link named by a pattern without wildcards is not found at all,
 * since the scanner asks {@code File.exists()} of it (declared deviation {@code dangling}).
 *
 * <h2>Failures</h2>
 *
 * A directory the scanner must list and cannot ({@code File.list()} says null) is a {@link
 * BuildException} when it is the base directory or a literal root, and is counted as a file when it
 * is met during the walk (declared deviation {@code unreadable}). The exception becomes {@link
 * Scanner.Failed}.
 */
final class AntScanner implements Scanner {

  @Override
  public Found scan(File basedir, AntPatterns patterns, boolean linksApart) throws Scanner.Failed {
    DirectoryScanner scanner = new DirectoryScanner();
    scanner.setBasedir(basedir);
    scanner.setIncludes(patterns.includes());
    scanner.setExcludes(patterns.excludes());
    scanner.setCaseSensitive(true);
    scanner.setFollowSymlinks(false);
    try {
      scanner.scan();
    } catch (BuildException | IllegalStateException e) {
      throw new Scanner.Failed("Ant's DirectoryScanner: " + e.getMessage(), e);
    }
    String prefix = basedir.getAbsolutePath() + File.separator;
    List<String> links = new ArrayList<>();
    for (String link : scanner.getNotFollowedSymlinks()) {
      if (!link.startsWith(prefix)) {
        continue; // the base directory itself: never, as it is no link here
      }
      String relative = link.substring(prefix.length());
      if (included(patterns, relative)
          && !(patterns.isLiteralRoot(relative) && belowALink(basedir.toPath(), relative))) {
        links.add(relative);
      }
    }
    return new Found(
        List.of(scanner.getIncludedFiles()), List.of(scanner.getIncludedDirectories()), links);
  }

  /**
   * Ant's own match of one include against a relative path, cut into names as the scanner cuts the
   * paths it walks: its {@code String} forms ({@code SelectorUtils.matchPath}, {@code
   * isIncluded(String)}) read a path whose first name starts with {@code \} as an absolute one.
   */
  @Override
  public boolean matches(String pattern, String relative) {
    return new TokenizedPattern(pattern).matchPath(names(relative), true);
  }

  /** Whether an include matches {@code relative}, as the scanner's {@code isIncluded} asks. */
  private boolean included(AntPatterns patterns, String relative) {
    TokenizedPath path = names(relative);
    for (String include : patterns.includes()) {
      if (new TokenizedPattern(include).matchPath(path, true)) {
        return true;
      }
    }
    return false;
  }

  private static TokenizedPath names(String relative) {
    TokenizedPath path = TokenizedPath.EMPTY_PATH;
    for (String name : relative.split("/")) {
      path = new TokenizedPath(path, name);
    }
    return path;
  }

  /** Whether a name above the last one of {@code relative} is a link. */
  private static boolean belowALink(Path base, String relative) {
    Path at = base;
    String[] names = relative.split("/");
    for (int i = 0; i < names.length - 1; i++) {
      at = at.resolve(names[i]);
      if (Files.isSymbolicLink(at)) {
        return true;
      }
    }
    return false;
  }
}
