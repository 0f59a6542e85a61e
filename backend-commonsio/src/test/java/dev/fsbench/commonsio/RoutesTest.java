package dev.fsbench.commonsio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import dev.fsbench.support.DeclaredRoutes;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The route table declared on {@link CommonsIoBackend} is exactly the documented one: which
 * families fall back to NIO on the default filesystem and on a foreign one, and that every route
 * says what does the work. Whether the routes are <em>true</em> is the business of the two
 * RouteTruth tests.
 */
class RoutesTest {

  /**
   * The families Commons IO 2.22.0 has no operation for (see the class Javadoc of {@link
   * CommonsIoBackend}).
   */
  static final Set<Op> NO_COMMONS_IO_OPERATION =
      EnumSet.of(
          Op.ACCESS,
          Op.CHMOD,
          Op.CHOWN,
          Op.EXISTS,
          Op.GLOB,
          Op.LINK,
          Op.LSTAT,
          Op.MKDTEMP,
          Op.READLINK,
          Op.REALPATH,
          Op.STAT,
          Op.SYMLINK,
          Op.TRUNCATE,
          Op.UTIMES);

  /** The families whose Commons IO operation takes a {@code java.io.File}. */
  static final Set<Op> JAVA_IO_FILE_ONLY =
      EnumSet.of(Op.COPY_FILE, Op.LINES, Op.MKDIR, Op.READ_FILE, Op.RENAME, Op.RMDIR);

  @Test
  void defaultFilesystem() {
    Map<Op, Route> routes = routesOn(FileSystems.getDefault());
    assertEquals(NO_COMMONS_IO_OPERATION, fallbacks(routes));
    assertWellFormed(routes);
  }

  @Test
  void foreignFilesystem() throws Exception {
    try (FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix())) {
      Map<Op, Route> routes = routesOn(jimfs);
      Set<Op> expected = EnumSet.copyOf(NO_COMMONS_IO_OPERATION);
      expected.addAll(JAVA_IO_FILE_ONLY);
      assertEquals(expected, fallbacks(routes));
      for (Op op : JAVA_IO_FILE_ONLY) {
        assertTrue(
            routes.get(op).via().contains("java.io.File"),
            op + " must say why it falls back: " + routes.get(op));
      }
      assertWellFormed(routes);
    }
  }

  /** The table declared on {@link CommonsIoBackend}, on {@code fileSystem}. */
  private static Map<Op, Route> routesOn(FileSystem fileSystem) {
    return DeclaredRoutes.of(CommonsIoBackend.class).on(fileSystem);
  }

  private static Set<Op> fallbacks(Map<Op, Route> routes) {
    return routes.entrySet().stream()
        .filter(e -> e.getValue().isFallback())
        .map(Map.Entry::getKey)
        .collect(Collectors.toSet());
  }

  /**
   * Every family routed; a Commons IO route names a Commons IO class, a fallback names NIO and a
   * reason.
   */
  private static void assertWellFormed(Map<Op, Route> routes) {
    assertEquals(EnumSet.allOf(Op.class), routes.keySet());
    routes.forEach(
        (op, route) -> {
          if (route.isFallback()) {
            assertTrue(
                route.via().matches("NioBackend; .{10,}"),
                op + " falls back without a reason: " + route);
          } else {
            assertTrue(
                route.via().matches(".*\\b(FileUtils|PathUtils|IOUtils)\\..*"),
                op + " names no Commons IO call: " + route);
          }
        });
  }
}
