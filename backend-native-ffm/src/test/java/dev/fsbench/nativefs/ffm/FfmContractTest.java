package dev.fsbench.nativefs.ffm;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.testkit.BackendContract;

/**
 * The whole peer contract for {@code native-ffm} on the default filesystem, through the provider as
 * the harness reaches it. It needs the binding, so it runs where the build made one (Maven on JDK
 * 22 or later); elsewhere {@link FfmAvailabilityTest} asserts the reason instead. Public, because
 * as root the kit runs the permission cases in a child JVM that instantiates this class.
 */
@FfmBindingBuilt
public class FfmContractTest extends BackendContract {

  @Override
  protected FsBackend createBackend(BackendConfig config) {
    return new FfmBackendProvider().create(config);
  }
}
