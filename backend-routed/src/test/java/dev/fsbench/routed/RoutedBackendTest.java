package dev.fsbench.routed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ReaddirOptions;
import dev.fsbench.spi.Route;
import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a routed backend does with its routes: which backend serves each family and what its route
 * says, the fallback to nio of a backend missing here, a tree concurrency reproduced, the
 * capabilities it can promise, and closing every backend it made.
 */
class RoutedBackendTest {
  @TempDir Path dir;

  @BeforeEach
  void forget() {
    RecordingProvider.EVENTS.clear();
  }

  @Test
  void eachFamilyNamesTheBackendThatDoesTheWork() throws IOException {
    TestRoutes routes = RoutedContractTest.spread();
    try (FsBackend routed = routes.provider().create(BackendConfig.DEFAULT);
        FsBackend nativeFs = Backends.create("native", BackendConfig.DEFAULT);
        FsBackend commonsIo = Backends.create("commons-io", BackendConfig.DEFAULT);
        FsBackend nio = Backends.create("nio", BackendConfig.DEFAULT)) {
      assertEquals(
          new Route(Route.Kind.OWN, "native: " + nativeFs.route(Op.CP).via()), routed.route(Op.CP));
      assertEquals(
          new Route(Route.Kind.OWN, "native at concurrency 1: " + nativeFs.route(Op.READDIR).via()),
          routed.route(Op.READDIR));
      assertEquals(
          new Route(Route.Kind.OWN, "commons-io: " + commonsIo.route(Op.READ_FILE).via()),
          routed.route(Op.READ_FILE));
      // a family left on nio measures nio, as a fallback does
      assertEquals(Route.nioFallback("nio: " + nio.route(Op.CHMOD).via()), routed.route(Op.CHMOD));
      Files.writeString(dir.resolve("f"), "routed");
      assertEquals("routed", routed.readFileText(dir.resolve("f")));
      assertEquals("routed", routed.readFileTextAsync(dir.resolve("f")).join());
      routed.cp(dir.resolve("f"), dir.resolve("g"), dev.fsbench.spi.CpOptions.DEFAULT);
      assertEquals(
          List.of("f", "g"),
          routed.readdir(dir, ReaddirOptions.DEFAULT).stream().sorted().toList());
    }
  }

  @Test
  void aChosenBackendMissingHereFallsBackToNio() throws IOException {
    TestRoutes routes =
        new TestRoutes().route(Op.STAT, UnavailableProvider.ID).route(Op.SCAN, "gone-here");
    RoutedProvider provider = routes.provider();
    assertTrue(provider.availability().isAvailable(), provider.availability()::toString);
    assertEquals(
        "gone-here (not on the class path): its families go to nio; unavailable-test (unavailable"
            + " here: "
            + UnavailableProvider.REASON
            + "): its families go to nio",
        provider.details().get("routes.missing"));
    try (FsBackend routed = provider.create(BackendConfig.DEFAULT);
        FsBackend nio = Backends.create("nio", BackendConfig.DEFAULT)) {
      assertEquals(
          Route.nioFallback(
              "nio, for unavailable-test (unavailable here: "
                  + UnavailableProvider.REASON
                  + "): "
                  + nio.route(Op.STAT).via()),
          routed.route(Op.STAT));
      assertEquals(
          Route.nioFallback(
              "nio, for gone-here (not on the class path): " + nio.route(Op.SCAN).via()),
          routed.route(Op.SCAN));
      Files.writeString(dir.resolve("f"), "x");
      assertEquals(1, routed.stat(dir.resolve("f")).size());
      assertEquals(1, routed.scan(dir, dev.fsbench.spi.ScanOptions.DEFAULT).size());
    }
  }

  @Test
  void aConcurrencyIsTheDefaultOfABackendOfItsOwn() throws IOException {
    TestRoutes routes =
        new TestRoutes()
            .route(Op.READDIR, RecordingProvider.ID, 4)
            .route(Op.READ_FILE, RecordingProvider.ID);
    try (FsBackend routed = routes.provider().create(BackendConfig.DEFAULT)) {
      routed.readdir(dir, ReaddirOptions.DEFAULT);
      routed.readdir(dir, ReaddirOptions.DEFAULT.withConcurrency(2));
      assertEquals(
          new Route(Route.Kind.OWN, "recording at concurrency 4: recorded readdir"),
          routed.route(Op.READDIR));
      assertEquals(
          new Route(Route.Kind.OWN, "recording: recorded readFile"), routed.route(Op.READ_FILE));
    }
    assertEquals(
        List.of(
            "created concurrency=0", // readFile's, the first family routed to it
            "created concurrency=4",
            "readdir config=4 options=0",
            "readdir config=4 options=2",
            "closed concurrency=0",
            "closed concurrency=4"),
        RecordingProvider.EVENTS);
  }

  @Test
  void aProgramsOwnConcurrencyIsKept() throws IOException {
    TestRoutes routes = new TestRoutes().route(Op.READDIR, RecordingProvider.ID, 4);
    try (FsBackend routed =
        routes.provider().create(BackendConfig.DEFAULT.toBuilder().concurrency(2).build())) {
      routed.readdir(dir, ReaddirOptions.DEFAULT);
      assertEquals(
          new Route(Route.Kind.OWN, "recording: recorded readdir"), routed.route(Op.READDIR));
    }
    assertEquals(
        List.of("created concurrency=2", "readdir config=2 options=0", "closed concurrency=2"),
        RecordingProvider.EVENTS);
  }

  @Test
  void whatEveryBackendSupportsAndNothingMore() throws IOException {
    try (FsBackend allNative =
            new TestRoutes()
                .route(Op.CP, "native")
                .route(Op.GLOB, "native")
                .route(Op.READDIR, "native")
                .route(Op.RM, "native")
                .route(Op.SCAN, "native")
                .provider()
                .create(BackendConfig.DEFAULT);
        FsBackend oneTreeOnNio =
            new TestRoutes().route(Op.CP, "native").provider().create(BackendConfig.DEFAULT)) {
      assertTrue(allNative.capabilities().contains(Capability.TREE_CONCURRENCY));
      assertFalse(allNative.capabilities().contains(Capability.FOREIGN_FILESYSTEMS));
      assertFalse(oneTreeOnNio.capabilities().contains(Capability.TREE_CONCURRENCY));
    }
    try (FsBackend routed =
        new TestRoutes()
            .route(Op.READDIR, RecordingProvider.ID)
            .provider()
            .create(BackendConfig.DEFAULT)) {
      assertFalse(routed.capabilities().contains(Capability.HARD_LINKS));
      Files.writeString(dir.resolve("f"), "x");
      UnsupportedOperationException refused =
          assertThrows(
              UnsupportedOperationException.class,
              () -> routed.link(dir.resolve("f"), dir.resolve("l")));
      assertEquals(
          "link: routed lacks HARD_LINKS: not every backend it routes to has it (recording)",
          refused.getMessage());
      CompletionException async =
          assertThrows(
              CompletionException.class,
              () -> routed.linkAsync(dir.resolve("f"), dir.resolve("l")).join());
      assertTrue(async.getCause() instanceof UnsupportedOperationException, async::toString);
      assertFalse(Files.exists(dir.resolve("l")));
      assertEquals(
          Route.own(
              "refused: routed lacks HARD_LINKS: not every backend it routes to has it (recording)"),
          routed.route(Op.LINK));
    }
  }

  @Test
  void aFileSystemAChosenBackendCannotWorkOnIsRefused() throws IOException {
    RecordingProvider.EVENTS.clear();
    try (FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix())) {
      RoutedProvider provider =
          new TestRoutes()
              .route(Op.ACCESS, RecordingProvider.ID) // the first family: created first
              .route(Op.SCAN, "native")
              .route(Op.CP, "native")
              .provider();
      UnsupportedOperationException refused =
          assertThrows(
              UnsupportedOperationException.class,
              () -> provider.create(BackendConfig.builder().fileSystem(jimfs).build()));
      assertTrue(
          refused
              .getMessage()
              .startsWith(
                  "routed cannot work on this filesystem: backend 'native', chosen for cp, scan,"
                      + " cannot: "),
          refused.getMessage());
    }
    // the backend made before the refusal is closed
    assertEquals(
        List.of("created concurrency=0", "closed concurrency=0"), RecordingProvider.EVENTS);
  }

  @Test
  void detailsNameTheRoutesAndTheirRun() throws IOException {
    Map<String, String> details = new TestRoutes().provider().details();
    assertEquals("2026-12-05-test", details.get("routes.run"));
    assertEquals("0123abc", details.get("routes.commit"));
    assertEquals("17.0.15 (Test)", details.get("routes.jdk"));
    assertEquals("sync", details.get("routes.mode"));
    assertEquals("nio", details.get("route.stat"));
    Map<String, String> spread = RoutedContractTest.spread().provider().details();
    assertEquals("native-c1", spread.get("route.readdir"));
    assertEquals("native", spread.get("route.cp"));
    assertEquals("commons-io", spread.get("route.readFile"));
    Map<String, String> missing = new TestRoutes().route(Op.SCAN, "gone-here").provider().details();
    assertEquals("nio", missing.get("route.scan"));
  }
}
