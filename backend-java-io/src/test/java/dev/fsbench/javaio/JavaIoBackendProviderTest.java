package dev.fsbench.javaio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.FsBackend;
import org.junit.jupiter.api.Test;

/**
 * The backend is found by its id through ServiceLoader and names the JDK it runs on (what it has of
 * its own as a peer, capabilities and threads, is {@code PeerBackend}'s, tested in spi).
 */
class JavaIoBackendProviderTest {

  @Test
  void foundByIdThroughServiceLoader() {
    BackendProvider provider = Backends.find("java-io").orElseThrow();
    assertTrue(provider.availability().isAvailable(), provider.availability().toString());
    try (FsBackend backend = Backends.create("java-io", BackendConfig.DEFAULT)) {
      assertInstanceOf(JavaIoBackend.class, backend);
      assertEquals("java-io", backend.id());
    }
  }

  @Test
  void itsLibraryIsTheRunningJdk() {
    assertEquals(
        "JDK " + Runtime.version(), new JavaIoBackendProvider().details().get("library.version"));
  }
}
