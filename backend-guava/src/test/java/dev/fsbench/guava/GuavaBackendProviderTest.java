package dev.fsbench.guava;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.FsBackend;
import org.junit.jupiter.api.Test;

/**
 * The backend is found by its id through ServiceLoader and says which Guava it loaded (what it has
 * of its own as a peer, capabilities and threads, is {@code PeerBackend}'s, tested in spi).
 */
class GuavaBackendProviderTest {

  @Test
  void foundByIdThroughServiceLoader() {
    BackendProvider provider = Backends.find("guava").orElseThrow();
    assertTrue(provider.availability().isAvailable(), provider.availability().toString());
    try (FsBackend backend = Backends.create("guava", BackendConfig.DEFAULT)) {
      assertInstanceOf(GuavaBackend.class, backend);
      assertEquals("guava", backend.id());
    }
  }

  @Test
  void recordsTheGuavaReleaseActuallyLoaded() {
    BackendProvider provider = new GuavaBackendProvider();
    assertEquals(GuavaBackendProvider.EXPECTED_VERSION, provider.details().get("library.version"));
    assertTrue(provider.description().contains("Guava 33.8.0-jre"), provider.description());
  }
}
