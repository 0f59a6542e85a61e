package dev.fsbench.nativefs;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.FsBackend;
import java.nio.file.FileSystems;
import java.util.Map;
import java.util.Objects;

/**
 * The {@code native-ffm} backend: the Rust library {@code libfsbench_native}, the very file the
 * {@code native} backend ships, called through the Foreign Function and Memory API ({@code
 * java.lang.foreign}) instead of JNA. Found through {@link java.util.ServiceLoader} on every JDK;
 * unavailable, with the reason, on a JVM before 22, from a build made on one, or when the library
 * cannot be loaded.
 *
 * <pre>{@code
 * // java --enable-native-access=ALL-UNNAMED ... on JDK 22 or later
 * try (FsBackend fs = Backends.create("native-ffm", BackendConfig.DEFAULT)) {
 *   FileStat st = fs.stat(path);
 * }
 * }</pre>
 *
 * It works on the default filesystem only: the library talks to the kernel, not to a {@link
 * java.nio.file.FileSystem}.
 */
public final class FfmBackendProvider implements BackendProvider {

  /** The id the backend is found by. */
  public static final String ID = "native-ffm";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String description() {
    return "Rust library libfsbench_native (C ABI "
        + LibFsb.ABI_VERSION
        + ") through java.lang.foreign (FFM, JDK "
        + FfmSupport.FFM_RELEASE
        + "+)";
  }

  @Override
  public Map<String, String> details() {
    return FfmSupport.binding().details();
  }

  @Override
  public Availability availability() {
    return FfmSupport.binding().availability();
  }

  @Override
  public FsBackend create(BackendConfig config) {
    Objects.requireNonNull(config, "config");
    Availability availability = availability();
    if (!availability.isAvailable()) {
      throw new IllegalStateException(
          "backend '" + ID + "' is unavailable: " + availability.reason());
    }
    if (config.fileSystem() != FileSystems.getDefault()) {
      throw new UnsupportedOperationException(
          "backend '"
              + ID
              + "' works on the default filesystem only, not on "
              + config.fileSystem());
    }
    return FfmSupport.binding().create(config);
  }
}
