package dev.fsbench.commonsio;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.FsBackend;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Properties;
import org.apache.commons.io.FileUtils;

/**
 * Registers {@link CommonsIoBackend} as {@code commons-io} (see {@code META-INF/services}). Always
 * available: Commons IO is a plain jar on the class path, and where it lacks an operation the
 * backend falls back to NIO.
 */
public final class CommonsIoBackendProvider implements BackendProvider {

  /** The Commons IO release this backend was written and checked against. */
  static final String EXPECTED_VERSION = "2.22.0";

  @Override
  public String id() {
    return CommonsIoBackend.ID;
  }

  @Override
  public String description() {
    return "Apache Commons IO "
        + version()
        + " (PathUtils, FileUtils, IOUtils, path visitors); NIO where it has no such operation";
  }

  /**
   * The Commons IO version actually loaded, from its jar's manifest: a class path that resolved
   * another release than the one the POM names is visible in every result.
   */
  @Override
  public Map<String, String> details() {
    return Map.of("library.version", version(), "library.expectedVersion", EXPECTED_VERSION);
  }

  @Override
  public Availability availability() {
    return Availability.available();
  }

  @Override
  public FsBackend create(BackendConfig config) {
    return new CommonsIoBackend(config);
  }

  /**
   * The manifest's version first; then the {@code pom.properties} Maven packs into every jar,
   * because a shaded jar (the harness's fsbench.jar) keeps only one manifest, not Commons IO's.
   */
  private static String version() {
    String version = FileUtils.class.getPackage().getImplementationVersion();
    if (version != null) {
      return version;
    }
    try (InputStream in =
        FileUtils.class.getResourceAsStream(
            "/META-INF/maven/commons-io/commons-io/pom.properties")) {
      if (in != null) {
        Properties pom = new Properties();
        pom.load(in);
        String fromPom = pom.getProperty("version");
        if (fromPom != null) {
          return fromPom;
        }
      }
    } catch (IOException e) {
      return "unknown (" + e.getMessage() + ")";
    }
    return "unknown (no manifest or pom.properties version)";
  }
}
