package dev.fsbench.examples.channel;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.testkit.BackendContract;

/** The whole peer contract, on the default filesystem, through the provider fsbench would use. */
class ChannelBackendContractTest extends BackendContract {
  @Override
  protected FsBackend createBackend(BackendConfig config) {
    return new ChannelBackendProvider().create(config);
  }
}
