package dev.fsbench.commonsio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FsBackend;
import java.nio.file.FileSystem;
import org.junit.jupiter.api.Test;

/**
 * The backend is found by its id through ServiceLoader, says which Commons IO it loaded, and what
 * it supports.
 */
class CommonsIoBackendProviderTest {

  @Test
  void foundByIdThroughServiceLoader() {
    BackendProvider provider = Backends.find("commons-io").orElseThrow();
    assertTrue(provider.availability().isAvailable(), provider.availability().toString());
    try (FsBackend backend = Backends.create("commons-io", BackendConfig.DEFAULT)) {
      assertInstanceOf(CommonsIoBackend.class, backend);
      assertEquals("commons-io", backend.id());
    }
  }

  @Test
  void recordsTheCommonsIoReleaseActuallyLoaded() {
    BackendProvider provider = new CommonsIoBackendProvider();
    assertEquals(
        CommonsIoBackendProvider.EXPECTED_VERSION, provider.details().get("library.version"));
    assertTrue(provider.description().contains("Commons IO 2.22.0"), provider.description());
  }

  @Test
  void capabilitiesAreTheFallbacksButNeverTreeConcurrency() throws Exception {
    try (FsBackend onDefault = new CommonsIoBackend(BackendConfig.DEFAULT);
        FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix());
        FsBackend onJimfs =
            new CommonsIoBackend(BackendConfig.builder().fileSystem(jimfs).build())) {
      assertTrue(
          onDefault
              .capabilities()
              .containsAll(
                  java.util.EnumSet.of(
                      Capability.POSIX_PERMISSIONS,
                      Capability.OWNERSHIP,
                      Capability.HARD_LINKS,
                      Capability.SYMBOLIC_LINKS,
                      Capability.FOREIGN_FILESYSTEMS)),
          onDefault.capabilities().toString());
      assertFalse(onDefault.capabilities().contains(Capability.TREE_CONCURRENCY));
      assertTrue(onJimfs.capabilities().contains(Capability.FOREIGN_FILESYSTEMS));
      assertFalse(
          onJimfs.capabilities().contains(Capability.OWNERSHIP),
          "Jimfs has no settable numeric owner");
    }
  }
}
