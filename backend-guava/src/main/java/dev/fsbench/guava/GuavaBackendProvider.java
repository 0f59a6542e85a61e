package dev.fsbench.guava;

import com.google.common.io.MoreFiles;
import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.FsBackend;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Properties;

/**
 * Registers {@link GuavaBackend} as {@code guava} (see {@code META-INF/services}). Always
 * available: Guava is a plain jar on the class path, and where it has no call the backend falls
 * back to NIO.
 */
public final class GuavaBackendProvider implements BackendProvider {

  /** The Guava release this backend was written and checked against. */
  static final String EXPECTED_VERSION = "33.8.0-jre";

  @Override
  public String id() {
    return GuavaBackend.ID;
  }

  @Override
  public String description() {
    return "Google Guava "
        + version()
        + " (MoreFiles, ByteSource, ByteSink, Traverser); NIO where it has no such call";
  }

  /** The Guava version actually loaded: a class path with another release shows in every result. */
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
    return new GuavaBackend(config);
  }

  /**
   * From the {@code pom.properties} Maven packs into Guava's jar, which a shaded jar (the harness's
   * fsbench.jar) keeps too; Guava's manifest has no implementation version.
   */
  static String version() {
    try (InputStream in =
        MoreFiles.class.getResourceAsStream(
            "/META-INF/maven/com.google.guava/guava/pom.properties")) {
      if (in == null) {
        return "unknown (no pom.properties of com.google.guava:guava)";
      }
      Properties pom = new Properties();
      pom.load(in);
      return pom.getProperty("version", "unknown (pom.properties has no version)");
    } catch (IOException e) {
      return "unknown (" + e.getMessage() + ")";
    }
  }
}
