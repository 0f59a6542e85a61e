package dev.fsbench.nativefs.ffm;

import dev.fsbench.nativefs.LibraryBackendTest;
import dev.fsbench.spi.BackendProvider;

/** {@link LibraryBackendTest} for {@code native-ffm}, the library through the FFM API. */
@FfmBindingBuilt
class FfmBackendTest extends LibraryBackendTest {

  @Override
  protected BackendProvider provider() {
    return new FfmBackendProvider();
  }

  @Override
  protected String expectedId() {
    return FfmBackendProvider.ID;
  }
}
