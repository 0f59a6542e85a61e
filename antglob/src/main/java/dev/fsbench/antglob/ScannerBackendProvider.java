package dev.fsbench.antglob;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.FsBackend;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The provider of a {@link ScannerBackend}: always available (the scanner is a plain jar on the
 * class path), its details the library's version as loaded beside the one the backend was checked
 * against.
 */
public abstract class ScannerBackendProvider implements BackendProvider {
  private final String id;
  private final String library;
  private final String expectedVersion;
  private final Function<BackendConfig, FsBackend> factory;

  /**
   * @param library the library as the description names it, before its version ({@code "Apache
   *     Ant"})
   * @param expectedVersion the release the backend was written and checked against
   */
  protected ScannerBackendProvider(
      String id,
      String library,
      String expectedVersion,
      Function<BackendConfig, FsBackend> factory) {
    this.id = Objects.requireNonNull(id, "id");
    this.library = Objects.requireNonNull(library, "library");
    this.expectedVersion = Objects.requireNonNull(expectedVersion, "expectedVersion");
    this.factory = Objects.requireNonNull(factory, "factory");
  }

  /** The version of the library actually loaded ({@link LibraryVersion}). */
  protected abstract String version();

  /** What the description says after the library and its version. */
  protected abstract String what();

  @Override
  public final String id() {
    return id;
  }

  @Override
  public final String description() {
    return library + " " + version() + " " + what() + "; NIO for the other 25 families";
  }

  @Override
  public final Map<String, String> details() {
    return Map.of("library.version", version(), "library.expectedVersion", expectedVersion);
  }

  @Override
  public final Availability availability() {
    return Availability.available();
  }

  @Override
  public final FsBackend create(BackendConfig config) {
    return factory.apply(config);
  }
}
