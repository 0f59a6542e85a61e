package dev.fsbench.nativefs;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.testkit.BackendContract;
import org.junit.jupiter.api.Tag;

/**
 * The whole peer contract for {@code native} on the default filesystem, through the provider as the
 * harness reaches it. Public, because as root the kit runs the permission cases in a child JVM
 * without capabilities that instantiates this class; the child gets this JVM's class path, so it
 * loads the library from {@code target/classes} too.
 */
@Tag("native-library")
public class NativeContractTest extends BackendContract {

  @Override
  protected FsBackend createBackend(BackendConfig config) {
    return new NativeBackendProvider().create(config);
  }
}
