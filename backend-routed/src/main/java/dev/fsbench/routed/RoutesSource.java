package dev.fsbench.routed;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Where routed's routes come from: the file named by the system property {@value #PROPERTY}, else
 * the class-path resource {@value #RESOURCE} (a program's own jar carries its routes there), else
 * nowhere, and routed is unavailable. The property wins because it is the explicit setting of one
 * run, the resource the default a jar ships with.
 */
final class RoutesSource {
  /** The system property naming a routes file. */
  static final String PROPERTY = "fsbench.routes";

  /** The class-path resource holding a program's routes. */
  static final String RESOURCE = "META-INF/fsbench/routes.json";

  /**
   * More than any routes file holds (every family with its evidence: about 20 KiB): a property
   * pointing at something else ({@code /dev/zero}) is refused instead of read to the end.
   */
  static final int MAX_BYTES = 1 << 20;

  /** Opens the routes' bytes. */
  @FunctionalInterface
  interface Opener {
    InputStream open() throws IOException;
  }

  private final String name;
  private final Opener opener;

  private RoutesSource(String name, Opener opener) {
    this.name = name;
    this.opener = opener;
  }

  /** A routes file at {@code path}, named by its absolute path. */
  static RoutesSource file(Path path) {
    Path absolute = path.toAbsolutePath().normalize();
    return new RoutesSource(absolute.toString(), () -> Files.newInputStream(absolute));
  }

  /** A routes resource, named by its URL. */
  static RoutesSource resource(URL url) {
    return new RoutesSource("class-path resource " + url, url::openStream);
  }

  /**
   * The routes this JVM is set up with: the property's file, else the one {@value #RESOURCE} that
   * {@code loader} sees; empty when there is neither. Two resources (two jars each carrying routes)
   * are refused: which one applies would depend on the class path's order.
   */
  static Optional<RoutesSource> configured(ClassLoader loader) throws RoutesException {
    String property = System.getProperty(PROPERTY);
    if (property != null && !property.isBlank()) {
      return Optional.of(file(Path.of(property)));
    }
    Set<URL> found = new LinkedHashSet<>();
    try {
      found.addAll(Collections.list(loader.getResources(RESOURCE)));
    } catch (IOException e) {
      throw new RoutesException(RESOURCE, "the class path cannot be searched for it: " + e, e);
    }
    if (found.size() > 1) {
      throw new RoutesException(
          RESOURCE,
          "found "
              + found.size()
              + " times on the class path ("
              + found.stream().map(URL::toString).collect(Collectors.joining(", "))
              + "); keep one, or name a file with -D"
              + PROPERTY);
    }
    List<URL> urls = new ArrayList<>(found);
    return urls.isEmpty() ? Optional.empty() : Optional.of(resource(urls.get(0)));
  }

  /** What messages call it: the file's absolute path, or the resource's URL. */
  String name() {
    return name;
  }

  /** The whole content, at most {@link #MAX_BYTES}. */
  byte[] read() throws RoutesException {
    try (InputStream in = opener.open()) {
      byte[] bytes = in.readNBytes(MAX_BYTES + 1);
      if (bytes.length > MAX_BYTES) {
        throw new RoutesException(name, "larger than " + MAX_BYTES + " bytes: not a routes file");
      }
      return bytes;
    } catch (NoSuchFileException e) {
      throw new RoutesException(name, "no such file", e);
    } catch (IOException e) {
      throw new RoutesException(name, "cannot be read: " + e, e);
    }
  }

  @Override
  public String toString() {
    return name;
  }
}
