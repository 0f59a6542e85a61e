package dev.fsbench.harness.run;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.FsBackend;

/**
 * Test only: {@code test-unavailable}, a backend that cannot work here, as a native one without its
 * library.
 */
public final class UnavailableProvider implements BackendProvider {
  public static final String ID = "test-unavailable";
  public static final String REASON = "no test library for this platform";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String description() {
    return "test only: never available";
  }

  @Override
  public Availability availability() {
    return Availability.unavailable(REASON);
  }

  @Override
  public FsBackend create(BackendConfig config) {
    throw new IllegalStateException(REASON);
  }
}
