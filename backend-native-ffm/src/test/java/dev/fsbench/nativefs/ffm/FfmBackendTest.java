package dev.fsbench.nativefs.ffm;

import dev.fsbench.nativefs.LibraryBackendTest;

/** {@link LibraryBackendTest} for {@code native-ffm}, the library through the FFM API. */
@FfmBindingBuilt
class FfmBackendTest extends LibraryBackendTest {
  FfmBackendTest() {
    super(new FfmBackendProvider(), "native-ffm");
  }
}
