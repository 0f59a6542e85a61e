package dev.fsbench.javaio;

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
import java.util.EnumSet;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The backend is found by its id through ServiceLoader, names the JDK it runs on, and supports what
 * NIO supports on its filesystem but tree concurrency.
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

  @Test
  void capabilitiesAreNiosButNeverTreeConcurrency() throws Exception {
    try (FsBackend onDefault = new JavaIoBackend(BackendConfig.DEFAULT);
        FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix());
        FsBackend onJimfs = new JavaIoBackend(BackendConfig.builder().fileSystem(jimfs).build())) {
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
    }
  }

  @Test
  void asyncFormsRunOnThreadsOfItsOwn() throws Exception {
    try (FsBackend backend = new JavaIoBackend(BackendConfig.DEFAULT)) {
      String thread =
          CompletableFuture.supplyAsync(
                  () -> Thread.currentThread().getName(), backend.asyncExecutor())
              .get();
      assertTrue(thread.startsWith("fsbench-java-io-async-"), thread);
    }
  }
}
