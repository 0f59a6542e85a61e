package dev.fsbench.routed;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.FsBackend;

/** A test backend that is never available here, as native-ffm is not on JDK 17. */
public final class UnavailableProvider implements BackendProvider {
  static final String ID = "unavailable-test";
  static final String REASON = "needs a JDK this test never has";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String description() {
    return "never available (a test backend)";
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
