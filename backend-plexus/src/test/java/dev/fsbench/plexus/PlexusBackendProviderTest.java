package dev.fsbench.plexus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import org.junit.jupiter.api.Test;

/**
 * The backend is found by its id, says which plexus-utils it loaded, and routes glob to the
 * scanner.
 */
class PlexusBackendProviderTest {

  @Test
  void foundByIdThroughServiceLoader() {
    BackendProvider provider = Backends.find("plexus").orElseThrow();
    assertTrue(provider.availability().isAvailable(), provider.availability().toString());
    try (FsBackend backend = Backends.create("plexus", BackendConfig.DEFAULT)) {
      assertInstanceOf(PlexusBackend.class, backend);
      assertEquals("plexus", backend.id());
      assertTrue(backend.route(Op.GLOB).via().startsWith("DirectoryScanner ("), "" + backend);
    }
  }

  @Test
  void recordsThePlexusReleaseActuallyLoaded() {
    BackendProvider provider = new PlexusBackendProvider();
    assertEquals(PlexusBackendProvider.EXPECTED_VERSION, provider.details().get("library.version"));
    assertTrue(provider.description().contains("plexus-utils 4.2.0"), provider.description());
  }
}
