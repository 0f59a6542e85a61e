package dev.fsbench.nativefs;

import dev.fsbench.spi.BackendProvider;
import org.junit.jupiter.api.Tag;

/** {@link LibraryBackendTest} for {@code native}, the library through JNA. */
@Tag("native-library")
class NativeBackendTest extends LibraryBackendTest {

  @Override
  protected BackendProvider provider() {
    return new NativeBackendProvider();
  }

  @Override
  protected String expectedId() {
    return NativeBackendProvider.ID;
  }
}
