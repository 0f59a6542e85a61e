package dev.fsbench.ant;

import dev.fsbench.antglob.LibraryVersion;
import dev.fsbench.antglob.ScannerBackendProvider;
import org.apache.tools.ant.DirectoryScanner;

/**
 * Registers {@link AntBackend} as {@code ant} (see {@code META-INF/services}). Always available:
 * Ant is a plain jar on the class path.
 */
public final class AntBackendProvider extends ScannerBackendProvider {

  /** The Ant release this backend was written and checked against. */
  static final String EXPECTED_VERSION = "1.10.18";

  public AntBackendProvider() {
    super(AntBackend.ID, "Apache Ant", EXPECTED_VERSION, AntBackend::new);
  }

  @Override
  protected String what() {
    return "DirectoryScanner for glob (includes, excludes, links not followed)";
  }

  /** Ant is built by Ant: its jar holds no pom.properties, but a version.txt of its own. */
  @Override
  protected String version() {
    return LibraryVersion.of(
        DirectoryScanner.class, "/org/apache/tools/ant/version.txt", "VERSION");
  }
}
