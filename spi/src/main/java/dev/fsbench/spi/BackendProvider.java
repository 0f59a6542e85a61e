package dev.fsbench.spi;

import java.util.List;
import java.util.Map;

/**
 * The entry point of a backend, found through {@link java.util.ServiceLoader}: list the
 * implementation's class name in {@code META-INF/services/dev.fsbench.spi.BackendProvider}. It must
 * be cheap to construct and must not throw from its constructor or from {@link #availability()}: a
 * backend that cannot work here says why instead.
 *
 * <pre>{@code
 * public final class MyProvider implements BackendProvider {
 *   public String id() { return "mine"; }
 *   public String description() { return "my library 1.2 over io_uring"; }
 *   public Availability availability() { return Availability.available(); }
 *   public FsBackend create(BackendConfig config) { return new MyBackend(config); }
 * }
 * }</pre>
 */
public interface BackendProvider {

  /** The short id: lower case, digits and dashes, unique among providers. */
  String id();

  /** One line for a reader: what the backend is built on. */
  String description();

  /**
   * Facts a result must record to be reproducible, such as {@code library.version} or {@code
   * library.sha256} of a native library. The harness copies them into run.json; empty by default.
   */
  default Map<String, String> details() {
    return Map.of();
  }

  /**
   * The references this provider offers beside its backend, each with its own id and availability
   * (see {@link Floor}); none by default. Must not throw: a floor that cannot work here says why
   * through {@link Floor#availability()}.
   */
  default List<Floor> floors() {
    return List.of();
  }

  /** Whether {@link #create} can succeed here. */
  Availability availability();

  /**
   * Creates a backend. Throws {@link IllegalStateException} with the reason when unavailable, and
   * {@link UnsupportedOperationException} when the configured {@link java.nio.file.FileSystem} is
   * one it cannot work on.
   */
  FsBackend create(BackendConfig config);
}
