package dev.fsbench.nio;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.testkit.BackendContract;

/**
 * The whole peer contract for {@code nio} on the default filesystem, in sandboxes under {@code
 * java.io.tmpdir}.
 */
public class NioDefaultFsContractTest extends BackendContract {

  @Override
  protected FsBackend createBackend(BackendConfig config) {
    return new NioBackend(config);
  }
}
