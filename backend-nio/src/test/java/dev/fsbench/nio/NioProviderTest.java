package dev.fsbench.nio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.nio.file.FileSystem;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;

/**
 * The provider lookup finds nio, and the backend describes itself truthfully on each filesystem.
 */
class NioProviderTest {

  @Test
  void backendsListsNioAvailable() {
    Backends.Entry nio =
        Backends.list().stream()
            .filter(e -> e.id().equals("nio"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("nio not listed: " + Backends.list()));
    assertTrue(nio.availability().isAvailable(), nio.availability().toString());
    assertTrue(nio.provider().isPresent());
    assertTrue(nio.provider().get().details().containsKey("java.version"));
  }

  @Test
  void thereAre27Families() {
    assertEquals(27, Op.values().length);
  }

  @Test
  void createdThroughBackendsItIsTheNioBackend() {
    try (FsBackend backend = Backends.create("nio", BackendConfig.DEFAULT)) {
      assertEquals("nio", backend.id());
      assertTrue(backend instanceof NioBackend);
    }
  }

  @Test
  void everyRouteIsOwnAndNamesItsNioCall() {
    try (FsBackend backend = new NioBackend(BackendConfig.DEFAULT)) {
      for (Op op : Op.values()) {
        Route route = backend.route(op);
        assertEquals(Route.Kind.OWN, route.kind(), op.family());
        assertFalse(route.via().isBlank(), op.family());
        if (op.isTree()) {
          assertTrue(
              route.via().contains("serial"), op.family() + " must say its concurrency is ignored");
        }
      }
    }
  }

  @Test
  void capabilitiesOnTheDefaultFilesystem() {
    try (FsBackend backend = new NioBackend(BackendConfig.DEFAULT)) {
      assertEquals(
          EnumSet.of(
              Capability.POSIX_PERMISSIONS,
              Capability.OWNERSHIP,
              Capability.HARD_LINKS,
              Capability.SYMBOLIC_LINKS,
              Capability.FOREIGN_FILESYSTEMS,
              Capability.GLOB_BRACKETS,
              Capability.GLOB_DANGLING_LINKS),
          EnumSet.copyOf(backend.capabilities()));
    }
  }

  @Test
  void capabilitiesOnJimfsLackNumericOwnership() throws Exception {
    try (FileSystem jimfs =
            Jimfs.newFileSystem(
                Configuration.unix().toBuilder()
                    .setAttributeViews("basic", "owner", "posix", "unix")
                    .build());
        FsBackend backend = new NioBackend(BackendConfig.builder().fileSystem(jimfs).build())) {
      assertEquals(
          EnumSet.of(
              Capability.POSIX_PERMISSIONS,
              Capability.HARD_LINKS,
              Capability.SYMBOLIC_LINKS,
              Capability.FOREIGN_FILESYSTEMS,
              Capability.GLOB_BRACKETS,
              Capability.GLOB_DANGLING_LINKS),
          EnumSet.copyOf(backend.capabilities()));
    }
  }

  @Test
  void capabilitiesOnABasicOnlyFilesystemHaveNoPermissionsOrLinks() throws Exception {
    try (FileSystem jimfs =
            Jimfs.newFileSystem(
                Configuration.unix().toBuilder().setAttributeViews("basic").build());
        FsBackend backend = new NioBackend(BackendConfig.builder().fileSystem(jimfs).build())) {
      assertEquals(
          EnumSet.of(
              Capability.FOREIGN_FILESYSTEMS,
              Capability.GLOB_BRACKETS,
              Capability.GLOB_DANGLING_LINKS),
          EnumSet.copyOf(backend.capabilities()));
    }
  }
}
