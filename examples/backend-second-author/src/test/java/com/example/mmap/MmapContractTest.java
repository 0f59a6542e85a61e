package com.example.mmap;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.testkit.BackendContract;

/** fsbench's peer contract, every family sync and async, on the default filesystem. */
class MmapContractTest extends BackendContract {
  @Override
  protected FsBackend createBackend(BackendConfig config) {
    return new MmapProvider().create(config); // through the provider, as fsbench creates it
  }
}
