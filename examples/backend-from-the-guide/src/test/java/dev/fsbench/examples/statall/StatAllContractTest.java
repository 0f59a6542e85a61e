package dev.fsbench.examples.statall;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.testkit.BackendContract;

class StatAllContractTest extends BackendContract {
  @Override
  protected FsBackend createBackend(BackendConfig config) {
    return new StatAllProvider().create(config);
  }
}
