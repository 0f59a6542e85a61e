package dev.fsbench.nativefs;

import org.junit.jupiter.api.Tag;

/** {@link LibraryBackendTest} for {@code native}, the library through JNA. */
@Tag("native-library")
class NativeBackendTest extends LibraryBackendTest {
  NativeBackendTest() {
    super(new NativeBackendProvider(), "native");
  }
}
