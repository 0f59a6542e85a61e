package dev.fsbench.ant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import org.junit.jupiter.api.Test;

/** The backend is found by its id, says which Ant it loaded, and routes glob to the scanner. */
class AntBackendProviderTest {

  @Test
  void foundByIdThroughServiceLoader() {
    BackendProvider provider = Backends.find("ant").orElseThrow();
    assertTrue(provider.availability().isAvailable(), provider.availability().toString());
    try (FsBackend backend = Backends.create("ant", BackendConfig.DEFAULT)) {
      assertInstanceOf(AntBackend.class, backend);
      assertEquals("ant", backend.id());
      assertTrue(backend.route(Op.GLOB).via().startsWith("DirectoryScanner ("), "" + backend);
    }
  }

  @Test
  void recordsTheAntReleaseActuallyLoaded() {
    BackendProvider provider = new AntBackendProvider();
    assertEquals(AntBackendProvider.EXPECTED_VERSION, provider.details().get("library.version"));
    assertTrue(provider.description().contains("Apache Ant 1.10.18"), provider.description());
  }
}
