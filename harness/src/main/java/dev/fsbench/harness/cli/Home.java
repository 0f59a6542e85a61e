package dev.fsbench.harness.cli;

import java.nio.file.Path;

/**
 * The fsbench source tree: where default results go and whose git commit a run records. The
 * launcher script passes it as {@code -Dfsbench.home}; without it (a bare {@code java -jar}), the
 * working directory.
 */
final class Home {
  static final String PROPERTY = "fsbench.home";

  private Home() {}

  static Path dir() {
    String home = System.getProperty(PROPERTY);
    return (home == null || home.isBlank() ? Path.of("") : Path.of(home))
        .toAbsolutePath()
        .normalize();
  }
}
