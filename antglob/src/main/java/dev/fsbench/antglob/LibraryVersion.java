package dev.fsbench.antglob;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The version of the scanner library actually loaded, for a provider's details: a class path that
 * resolved another release than the POM names is then visible in every result.
 *
 * <pre>{@code
 * LibraryVersion.of(DirectoryScanner.class, "/META-INF/maven/org.codehaus.plexus/plexus-utils/pom.properties", "version");
 * }</pre>
 */
public final class LibraryVersion {
  private LibraryVersion() {}

  /**
   * The version from the jar's manifest, else the property {@code key} of the properties resource
   * {@code resource} beside {@code anchor} (a shaded jar, fsbench.jar, keeps one manifest only):
   * the {@code pom.properties} Maven packs into a jar, or a library's own file.
   *
   * @param anchor a class of the library
   */
  public static String of(Class<?> anchor, String resource, String key) {
    String version = anchor.getPackage().getImplementationVersion();
    if (version != null) {
      return version;
    }
    try (InputStream in = anchor.getResourceAsStream(resource)) {
      if (in != null) {
        Properties properties = new Properties();
        properties.load(in);
        String fromResource = properties.getProperty(key);
        if (fromResource != null) {
          return fromResource;
        }
      }
    } catch (IOException e) {
      return "unknown (" + e.getMessage() + ")";
    }
    return "unknown (no manifest version, no " + key + " in " + resource + ")";
  }
}
