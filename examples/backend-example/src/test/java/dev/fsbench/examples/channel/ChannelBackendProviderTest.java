package dev.fsbench.examples.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What fsbench sees before it measures: the provider is found by its id through {@code
 * META-INF/services}, and the routes say which families are this backend's own.
 */
class ChannelBackendProviderTest {

  @Test
  void theServiceFileListsTheProviderAsAvailable() {
    Backends.Entry entry =
        Backends.list().stream()
            .filter(e -> e.id().equals("example-channel"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("not listed: " + Backends.list()));
    assertTrue(entry.availability().isAvailable(), entry.availability().reason());
    assertTrue(entry.provider().orElseThrow() instanceof ChannelBackendProvider);
  }

  @Test
  void readFileAndWriteFileAreOwnEveryOtherFamilyIsNiosAsFallback() {
    Set<Op> own = EnumSet.of(Op.READ_FILE, Op.WRITE_FILE);
    try (FsBackend backend = Backends.create("example-channel", BackendConfig.DEFAULT);
        FsBackend nio = Backends.create("nio", BackendConfig.DEFAULT)) {
      assertEquals("example-channel", backend.id());
      for (Op op : Op.values()) {
        Route route = backend.route(op);
        if (own.contains(op)) {
          assertEquals(Route.Kind.OWN, route.kind(), op.family());
          assertTrue(route.via().startsWith("FileChannel."), route.via());
        } else {
          assertEquals(Route.nioFallback(nio.route(op).via()), route, op.family());
        }
      }
    }
  }

  @Test
  void itClaimsWhatNioClaimsOnItsFileSystem() {
    try (FsBackend backend = Backends.create("example-channel", BackendConfig.DEFAULT);
        FsBackend nio = Backends.create("nio", BackendConfig.DEFAULT)) {
      assertEquals(nio.capabilities(), backend.capabilities());
      assertTrue(backend.capabilities().contains(Capability.FOREIGN_FILESYSTEMS));
    }
  }
}
