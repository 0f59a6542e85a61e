package dev.fsbench.nio;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.FsBackend;
import java.util.Map;

/**
 * Finds the {@code nio} backend through {@link java.util.ServiceLoader}. Always available: it needs
 * only the JDK.
 */
public final class NioBackendProvider implements BackendProvider {

  @Override
  public String id() {
    return NioBackend.ID;
  }

  @Override
  public String description() {
    return "java.nio.file of the running JDK ("
        + System.getProperty("java.vm.name")
        + " "
        + System.getProperty("java.version")
        + "), serial tree walks";
  }

  @Override
  public Map<String, String> details() {
    return Map.of(
        "java.version", System.getProperty("java.version"),
        "java.vm.version", System.getProperty("java.vm.version"));
  }

  @Override
  public Availability availability() {
    return Availability.available();
  }

  @Override
  public FsBackend create(BackendConfig config) {
    return new NioBackend(config);
  }
}
