package dev.fsbench.guava;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.testkit.BackendContract;

/**
 * The whole peer contract for {@code guava} on the default filesystem, created through its
 * provider, the way fsbench creates it.
 */
public class GuavaDefaultFsContractTest extends BackendContract {

  @Override
  protected FsBackend createBackend(BackendConfig config) {
    return new GuavaBackendProvider().create(config);
  }
}
