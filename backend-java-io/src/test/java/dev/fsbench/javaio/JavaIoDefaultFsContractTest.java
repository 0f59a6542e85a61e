package dev.fsbench.javaio;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.testkit.BackendContract;

/**
 * The whole peer contract for {@code java-io} on the default filesystem, created through its
 * provider, the way fsbench creates it.
 */
public class JavaIoDefaultFsContractTest extends BackendContract {

  @Override
  protected FsBackend createBackend(BackendConfig config) {
    return new JavaIoBackendProvider().create(config);
  }
}
