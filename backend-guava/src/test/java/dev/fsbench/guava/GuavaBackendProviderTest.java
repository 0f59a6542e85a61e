package dev.fsbench.guava;

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
import dev.fsbench.spi.ReaddirOptions;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The backend is found by its id through ServiceLoader, says which Guava it loaded, and supports
 * what NIO supports on its filesystem but tree concurrency.
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

  @Test
  void capabilitiesAreNiosButNeverTreeConcurrency() throws Exception {
    try (FsBackend onDefault = new GuavaBackend(BackendConfig.DEFAULT);
        FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix());
        FsBackend onJimfs = new GuavaBackend(BackendConfig.builder().fileSystem(jimfs).build())) {
      assertTrue(
          onDefault
              .capabilities()
              .containsAll(
                  EnumSet.of(
                      Capability.POSIX_PERMISSIONS,
                      Capability.OWNERSHIP,
                      Capability.HARD_LINKS,
                      Capability.SYMBOLIC_LINKS,
                      Capability.FOREIGN_FILESYSTEMS)),
          onDefault.capabilities().toString());
      assertFalse(onDefault.capabilities().contains(Capability.TREE_CONCURRENCY));
      assertTrue(onJimfs.capabilities().contains(Capability.FOREIGN_FILESYSTEMS));
      assertFalse(onJimfs.capabilities().contains(Capability.OWNERSHIP), "Jimfs: no numeric owner");
    }
  }

  @Test
  void asyncFormsRunOnThreadsOfItsOwn() throws Exception {
    try (FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix());
        FsBackend backend = new GuavaBackend(BackendConfig.builder().fileSystem(jimfs).build())) {
      Files.createDirectories(jimfs.getPath("/d/e"));
      assertEquals(
          List.of("e"), backend.readdirAsync(jimfs.getPath("/d"), ReaddirOptions.DEFAULT).get());
      String thread =
          CompletableFuture.supplyAsync(
                  () -> Thread.currentThread().getName(), backend.asyncExecutor())
              .get();
      assertTrue(thread.startsWith("fsbench-guava-async-"), thread);
    }
  }
}
