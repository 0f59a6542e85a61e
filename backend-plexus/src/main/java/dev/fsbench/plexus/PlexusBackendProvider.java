package dev.fsbench.plexus;

import dev.fsbench.antglob.LibraryVersion;
import dev.fsbench.antglob.ScannerBackendProvider;
import org.codehaus.plexus.util.DirectoryScanner;

/**
 * Registers {@link PlexusBackend} as {@code plexus} (see {@code META-INF/services}). Always
 * available: plexus-utils is a plain jar on the class path.
 */
public final class PlexusBackendProvider extends ScannerBackendProvider {

  /** The plexus-utils release this backend was written and checked against. */
  static final String EXPECTED_VERSION = "4.2.0";

  public PlexusBackendProvider() {
    super(PlexusBackend.ID, "plexus-utils", EXPECTED_VERSION, PlexusBackend::new);
  }

  @Override
  protected String what() {
    return "DirectoryScanner for glob (Maven's includes and excludes; links not followed)";
  }

  @Override
  protected String version() {
    return LibraryVersion.of(
        DirectoryScanner.class,
        "/META-INF/maven/org.codehaus.plexus/plexus-utils/pom.properties",
        "version");
  }
}
