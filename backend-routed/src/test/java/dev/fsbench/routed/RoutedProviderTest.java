package dev.fsbench.routed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * routed as a program finds it, through {@link Backends}: unavailable without routes, available
 * with the file a system property names or the resource a jar carries, and with a warning a program
 * can read when the routes come from another JDK major or filesystem type.
 */
class RoutedProviderTest {
  @TempDir Path dir;

  @AfterEach
  void unset() {
    System.clearProperty(RoutesSource.PROPERTY);
    System.clearProperty(Warnings.DIRECTORY_PROPERTY);
  }

  /** Routes measured on this JDK and on the filesystem of the test's directory. */
  private TestRoutes routes() throws IOException {
    return new TestRoutes().fileSystemType(Files.getFileStore(dir).type());
  }

  private static Backends.Entry listed() {
    return Backends.list().stream()
        .filter(e -> e.id().equals("routed"))
        .findFirst()
        .orElseThrow(() -> new AssertionError("routed is not listed: " + Backends.list()));
  }

  @Test
  void listedButUnavailableWithoutRoutes() {
    Availability a = listed().availability();
    assertFalse(a.isAvailable());
    assertTrue(a.reason().startsWith("no routes: "), a.reason());
  }

  @Test
  void theFileThePropertyNames() throws IOException {
    Path file = routes().route(Op.CP, "native").write(dir, "routes.json");
    System.setProperty(RoutesSource.PROPERTY, file.toString());
    System.setProperty(Warnings.DIRECTORY_PROPERTY, dir.toString());
    assertEquals(Availability.available(), listed().availability());
    try (FsBackend routed = Backends.create("routed", BackendConfig.DEFAULT)) {
      assertEquals("routed", routed.id());
      assertTrue(
          routed.route(Op.CP).via().startsWith("native: fsb_cp"), routed.route(Op.CP)::toString);
    }
    Map<String, String> details = listed().provider().orElseThrow().details();
    assertEquals(file.toString(), details.get("routes.file"));
    assertEquals("2026-12-05-test", details.get("routes.run"));
    assertEquals("steady", details.get("routes.regime"));
    assertEquals(64, details.get("routes.sha256").length());
    assertFalse(details.containsKey("routes.warnings"), details::toString);
  }

  @Test
  void aResourceOnTheClassPath() throws Exception {
    Path jarRoot = dir.resolve("classes");
    Path resource = jarRoot.resolve(RoutesSource.RESOURCE);
    Files.createDirectories(resource.getParent());
    Files.writeString(resource, routes().route(Op.SCAN, "native").json());
    ClassLoader saved = Thread.currentThread().getContextClassLoader();
    try (URLClassLoader loader = new URLClassLoader(new URL[] {jarRoot.toUri().toURL()}, saved)) {
      Thread.currentThread().setContextClassLoader(loader);
      System.setProperty(Warnings.DIRECTORY_PROPERTY, dir.toString());
      assertTrue(listed().availability().isAvailable(), listed().availability()::toString);
      try (FsBackend routed = Backends.create("routed", BackendConfig.DEFAULT)) {
        assertTrue(
            routed.route(Op.SCAN).via().startsWith("native: "), routed.route(Op.SCAN)::toString);
      }
      assertEquals(
          "class-path resource " + resource.toUri().toURL(),
          listed().provider().orElseThrow().details().get("routes.file"));
    } finally {
      Thread.currentThread().setContextClassLoader(saved);
    }
  }

  @Test
  void twoResourcesAreRefused() throws Exception {
    ClassLoader saved = Thread.currentThread().getContextClassLoader();
    URL[] roots = new URL[2];
    for (int i = 0; i < 2; i++) {
      Path resource = dir.resolve("jar" + i).resolve(RoutesSource.RESOURCE);
      Files.createDirectories(resource.getParent());
      Files.writeString(resource, routes().json());
      roots[i] = dir.resolve("jar" + i).toUri().toURL();
    }
    try (URLClassLoader loader = new URLClassLoader(roots, saved)) {
      Thread.currentThread().setContextClassLoader(loader);
      Availability a = listed().availability();
      assertFalse(a.isAvailable());
      assertTrue(
          a.reason().startsWith("routes file " + RoutesSource.RESOURCE + ": found 2 times"),
          a.reason());
    } finally {
      Thread.currentThread().setContextClassLoader(saved);
    }
  }

  @Test
  void anotherJdkMajorIsAWarning() throws IOException {
    int other = Runtime.version().feature() == 17 ? 25 : 17;
    Path file = routes().jdkMajor(other).write(dir, "routes.json");
    System.setProperty(RoutesSource.PROPERTY, file.toString());
    System.setProperty(Warnings.DIRECTORY_PROPERTY, dir.toString());
    Availability a = listed().availability();
    String expected =
        "the routes were measured on JDK "
            + other
            + ", this is JDK "
            + Runtime.version().feature()
            + ": some costs change between releases, so measure again on this one (fsbench run,"
            + " then fsbench recommend) before trusting every choice";
    assertTrue(a.isAvailable());
    assertEquals("available with a warning: " + expected, a.reason());
    assertEquals(expected, listed().provider().orElseThrow().details().get("routes.warnings"));
    try (FsBackend routed = Backends.create("routed", BackendConfig.DEFAULT)) {
      assertEquals("routed", routed.id());
    }
  }

  @Test
  void anotherFileSystemTypeIsAWarning() throws IOException {
    String here = Files.getFileStore(dir).type();
    Path file = routes().fileSystemType("not-" + here).write(dir, "routes.json");
    System.setProperty(RoutesSource.PROPERTY, file.toString());
    System.setProperty(Warnings.DIRECTORY_PROPERTY, dir.toString());
    Availability a = listed().availability();
    assertTrue(a.isAvailable());
    assertEquals(
        "available with a warning: the routes were measured on not-"
            + here
            + ", "
            + dir
            + " (fsbench.routes.dir, else the working directory) is on "
            + here
            + ": a filesystem changes"
            + " what each call costs, so measure again there (fsbench run --root DIR) before"
            + " trusting every choice",
        a.reason());
    try (FsBackend routed = Backends.create("routed", BackendConfig.DEFAULT)) {
      assertTrue(routed.capabilities().size() > 0);
    }
  }
}
