package dev.fsbench.plexus;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.testkit.BackendContract;

/**
 * The whole peer contract for {@code plexus} on the default filesystem: glob through Ant's
 * DirectoryScanner (its three bracket cases reported not applicable: the backend lacks {@code
 * GLOB_BRACKETS}), the other families through NIO.
 */
class PlexusDefaultFsContractTest extends BackendContract {

  @Override
  protected FsBackend createBackend(BackendConfig config) {
    return new PlexusBackendProvider().create(config);
  }
}
