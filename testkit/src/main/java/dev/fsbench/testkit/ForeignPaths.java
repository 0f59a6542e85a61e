package dev.fsbench.testkit;

import java.net.URI;
import java.nio.file.FileSystems;
import java.nio.file.Path;

/**
 * A path of a filesystem other than the backend's: never created, only handed to the backend to be
 * refused.
 */
final class ForeignPaths {
  private ForeignPaths() {}

  static Path of(Env env) {
    if (env.isDefaultFileSystem()) {
      // The JDK's read-only jrt filesystem is always there and needs no dependency.
      return FileSystems.getFileSystem(URI.create("jrt:/")).getPath("/modules/java.base");
    }
    return FileSystems.getDefault()
        .getPath(System.getProperty("java.io.tmpdir"), "fsbench-foreign-path");
  }
}
