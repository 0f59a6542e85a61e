package dev.fsbench.routed;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.FsBackend;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Registers {@code routed} (see {@code META-INF/services}): a backend that sends each family to the
 * backend a routes file chose for it, {@code fsbench recommend RUN --out routes.json} writing one
 * from a run's verdicts. The routes come from the file the system property {@value
 * RoutesSource#PROPERTY} names, else from the class-path resource {@value RoutesSource#RESOURCE}.
 *
 * <p>Without routes it is unavailable, saying how to give it some: a run of every available backend
 * must not measure it by accident. A routes file that is missing, not JSON, of another format, or
 * naming an unknown family or backend makes it unavailable with a reason naming the file and the
 * problem. Routes measured on another JDK major or filesystem type are used with a warning (see
 * {@link Warnings}), in the availability's reason, in {@link #details()} and in the log.
 *
 * <p>The routes are read once per provider instance: {@link java.util.ServiceLoader} makes a new
 * one for every lookup, so a changed file or property is seen by the next.
 */
public final class RoutedProvider implements BackendProvider {

  /** Where the routes come from: this JVM's setting, or a test's own. */
  private interface Locator {
    Optional<RoutesSource> locate() throws RoutesException;
  }

  private final Locator locator;

  private boolean loaded;
  private Resolution resolution;
  private String refusal;

  /** The provider {@link java.util.ServiceLoader} makes: routes as this JVM is set up. */
  public RoutedProvider() {
    this(
        () ->
            RoutesSource.configured(
                Optional.ofNullable(Thread.currentThread().getContextClassLoader())
                    .orElse(RoutedProvider.class.getClassLoader())));
  }

  /** A provider of the routes at {@code source}, whatever this JVM is set up with. */
  RoutedProvider(RoutesSource source) {
    this(() -> Optional.of(source));
  }

  private RoutedProvider(Locator locator) {
    this.locator = locator;
  }

  @Override
  public String id() {
    return RoutedBackend.ID;
  }

  @Override
  public String description() {
    return "each family sent to the backend a routes file chose for it (fsbench recommend),"
        + " nio where the chosen one is missing here";
  }

  /**
   * The routes' file and checksum, the run they were chosen from, the backends missing here, the
   * warnings, and per family ({@code route.readdir}) the label of the backend serving it as a run
   * names it ({@code native-c1}, or {@code nio} for a fallback): what a result must record to say
   * which routes it ran, and which cell each of routed's is to be compared with. Empty without
   * routes.
   */
  @Override
  public synchronized Map<String, String> details() {
    load();
    if (resolution == null) {
      return Map.of();
    }
    RoutesFile routes = resolution.routes();
    RoutesFile.Source source = routes.source();
    Map<String, String> details = new LinkedHashMap<>();
    details.put("routes.file", routes.name());
    details.put("routes.sha256", routes.sha256());
    details.put("routes.run", source.run());
    put(details, "routes.commit", source.commit());
    put(details, "routes.jdk", source.jdk());
    put(details, "routes.fileSystemType", source.fileSystemType());
    details.put("routes.regime", source.regime());
    details.put("routes.mode", source.mode());
    if (!resolution.missing().isEmpty()) {
      details.put(
          "routes.missing",
          resolution.missing().entrySet().stream()
              .map(e -> e.getKey() + " (" + e.getValue() + "): its families go to nio")
              .collect(Collectors.joining("; ")));
    }
    List<String> warnings = Warnings.of(routes, FileSystems.getDefault());
    if (!warnings.isEmpty()) {
      details.put("routes.warnings", String.join("; ", warnings));
    }
    // per family, the label a run gives the backend that serves it (native-c1): the cell routed's
    // own cell of the family is to be compared with
    routes.families().forEach((op, choice) -> details.put("route." + op.family(), label(choice)));
    return details;
  }

  /** The serving backend's id, with {@code -c} and the concurrency as a run labels it. */
  private String label(RoutesFile.Choice choice) {
    String served = resolution.servedBy(choice);
    return served.equals(choice.backend()) && choice.concurrency() > 0
        ? served + "-c" + choice.concurrency()
        : served;
  }

  private static void put(Map<String, String> details, String key, String value) {
    if (value != null) {
      details.put(key, value);
    }
  }

  /**
   * Available when routes were found and read; their warnings, if any, are the reason's text and
   * are logged. Otherwise unavailable, saying why.
   */
  @Override
  public synchronized Availability availability() {
    load();
    if (resolution == null) {
      return Availability.unavailable(refusal);
    }
    List<String> warnings = warned(FileSystems.getDefault());
    return warnings.isEmpty()
        ? Availability.available()
        : new Availability(true, "available with a warning: " + String.join("; ", warnings));
  }

  /**
   * Creates the backends the routes name, on {@code config}, and routed over them. Throws {@link
   * IllegalStateException} with the reason when unavailable, {@link UnsupportedOperationException}
   * when a chosen backend cannot work on the configured filesystem.
   */
  @Override
  public synchronized FsBackend create(BackendConfig config) {
    load();
    if (resolution == null) {
      throw new IllegalStateException("backend 'routed' is unavailable: " + refusal);
    }
    warned(config.fileSystem());
    return new RoutedBackend(Targets.create(resolution, config), config);
  }

  private List<String> warned(FileSystem fileSystem) {
    List<String> warnings = Warnings.of(resolution.routes(), fileSystem);
    Warnings.log(resolution.routes().name(), warnings);
    return warnings;
  }

  private void load() {
    if (loaded) {
      return;
    }
    loaded = true;
    try {
      Optional<RoutesSource> source = locator.locate();
      if (source.isEmpty()) {
        refusal =
            "no routes: name a routes file with -D"
                + RoutesSource.PROPERTY
                + "=FILE (fsbench run --routes FILE) or put one on the class path as "
                + RoutesSource.RESOURCE
                + "; fsbench recommend RUN --out FILE writes one from a run";
        return;
      }
      Optional<String> nio = Resolution.why(Resolution.NIO);
      if (nio.isPresent()) {
        refusal =
            "routed needs the nio backend (fsbench-backend-nio) as every family's fallback: "
                + nio.get();
        return;
      }
      resolution = Resolution.of(RoutesFile.read(source.get()));
    } catch (RoutesException e) {
      refusal = e.getMessage();
    }
  }
}
