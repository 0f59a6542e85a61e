package dev.fsbench.harness.bench;

import dev.fsbench.harness.workload.BrokenBackend;
import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;

/**
 * Test only: {@code test-broken-writefile}, the nio backend with a writeFile that writes nothing,
 * found through ServiceLoader as a real backend is, so that a forked benchmark can be shown to fail
 * on it.
 */
public final class BrokenWriteFileProvider implements BackendProvider {
  @Override
  public String id() {
    return BrokenBackend.idFor(Op.WRITE_FILE);
  }

  @Override
  public String description() {
    return "test only: nio with a writeFile that writes nothing";
  }

  @Override
  public Availability availability() {
    return Availability.available();
  }

  @Override
  public FsBackend create(BackendConfig config) {
    return new BrokenBackend(Backends.create("nio", config), Op.WRITE_FILE);
  }
}
