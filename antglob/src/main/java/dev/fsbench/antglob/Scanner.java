package dev.fsbench.antglob;

import java.io.File;
import java.io.IOException;
import java.util.List;

/**
 * One run of a library's {@code DirectoryScanner}, as {@link ScannerGlob} needs it: the backend
 * module implements it with its library's scanner, and says in its class comment how that scanner
 * treats links.
 */
public interface Scanner extends AntPatterns.Matcher {

  /**
   * Scans {@code basedir} (an absolute directory, not a link) with {@code patterns}' includes and
   * excludes, links never followed. Paths are relative to {@code basedir}, '/'-separated; the empty
   * path (the base directory) may be among the directories.
   *
   * @param linksApart whether the caller needs every link told apart from the directories, in
   *     {@link Found#links()}; otherwise a link the scanner counts as a directory may stay there
   * @throws IOException for what the scanner could not do, as NIO would have said it
   */
  Found scan(File basedir, AntPatterns patterns, boolean linksApart) throws IOException;

  /**
   * What a scan included.
   *
   * @param files regular files (and whatever else the scanner counts as a file)
   * @param directories directories
   * @param links links the scanner matched but did not follow, or told apart from the directories
   */
  record Found(List<String> files, List<String> directories, List<String> links) {}

  /**
   * The scanner gave up (Ant's {@code BuildException}: a directory it could not list): {@link
   * ScannerGlob} then lists the working directory with NIO, to throw NIO's exception for it, and
   * otherwise throws a {@code FileSystemException} with this message, naming it.
   */
  final class Failed extends IOException {
    private static final long serialVersionUID = 1L;

    public Failed(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
