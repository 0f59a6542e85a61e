package dev.fsbench.commonsio;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.testkit.BackendContract;

/**
 * The whole peer contract for {@code commons-io} on the default filesystem, in sandboxes under
 * {@code java.io.tmpdir}: every family through its real route, the {@code java.io.File} ones
 * included.
 */
public class CommonsIoDefaultFsContractTest extends BackendContract {

  @Override
  protected FsBackend createBackend(BackendConfig config) {
    return new CommonsIoBackend(config);
  }
}
