package dev.fsbench.javaio;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.FsBackend;
import java.util.Map;

/**
 * Registers {@link JavaIoBackend} as {@code java-io} (see {@code META-INF/services}). Always
 * available: java.io is part of every JDK. Its details name the JDK, which is the library here.
 */
public final class JavaIoBackendProvider implements BackendProvider {

  @Override
  public String id() {
    return JavaIoBackend.ID;
  }

  @Override
  public String description() {
    return "java.io.File and its streams (FileInputStream, FileOutputStream, RandomAccessFile) of"
        + " the running JDK; NIO where the legacy API cannot do a family";
  }

  @Override
  public Map<String, String> details() {
    return Map.of("library.version", "JDK " + Runtime.version());
  }

  @Override
  public Availability availability() {
    return Availability.available();
  }

  @Override
  public FsBackend create(BackendConfig config) {
    return new JavaIoBackend(config);
  }
}
