package dev.fsbench.jnrposix;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.FsBackend;
import java.util.Map;
import java.util.Objects;

/**
 * Registers {@link JnrPosixBackend} as {@code jnr-posix} (see {@code META-INF/services}). Available
 * only where jnr-posix's native POSIX loads ({@link NativePosix}): never its pure-Java fallback.
 *
 * <pre>{@code
 * try (FsBackend fs = Backends.create("jnr-posix", BackendConfig.DEFAULT)) {
 *   FileStat st = fs.stat(path);   // POSIX.stat(path, FileStat): __xstat64 through jnr-ffi
 * }
 * }</pre>
 */
public final class JnrPosixBackendProvider implements BackendProvider {

  /** The jnr-posix release this backend was written and checked against. */
  static final String EXPECTED_VERSION = "3.2.8";

  @Override
  public String id() {
    return JnrPosixBackend.ID;
  }

  @Override
  public String description() {
    return "jnr-posix "
        + NativePosix.version("jnr-posix")
        + " (JRuby's POSIX layer on jnr-ffi "
        + NativePosix.version("jnr-ffi")
        + ", jffi "
        + NativePosix.version("jffi")
        + "); NIO where it has no such call";
  }

  /**
   * The releases actually loaded (jnr-posix, jnr-ffi and jffi, whose stub is the native code), and
   * which POSIX jnr-posix gave, so that a result says what it measured.
   */
  @Override
  public Map<String, String> details() {
    NativePosix.Loaded loaded = NativePosix.get();
    return Map.of(
        "library.version", NativePosix.version("jnr-posix"),
        "library.expectedVersion", EXPECTED_VERSION,
        "jnr-ffi.version", NativePosix.version("jnr-ffi"),
        "jffi.version", NativePosix.version("jffi"),
        "posix.implementation",
            loaded.posix() == null ? "none" : loaded.posix().getClass().getName());
  }

  @Override
  public Availability availability() {
    return NativePosix.get().availability();
  }

  @Override
  public FsBackend create(BackendConfig config) {
    Objects.requireNonNull(config, "config");
    return new JnrPosixBackend(config, NativePosix.require());
  }
}
