package dev.fsbench.jnrposix;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.testkit.BackendContract;

/**
 * The whole peer contract for {@code jnr-posix} on the default filesystem: the eighteen families
 * jnr-posix serves through its native calls, the others through their NIO fallback, and every name
 * a String cannot carry through NIO.
 */
public class JnrPosixDefaultFsContractTest extends BackendContract {

  @Override
  protected FsBackend createBackend(BackendConfig config) {
    return new JnrPosixBackendProvider().create(config);
  }
}
