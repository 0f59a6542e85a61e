package dev.fsbench.jnrposix;

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
 * The route table declared on {@link JnrPosixBackend} is the documented one: the families jnr-posix
 * has no call for fall back on the default filesystem, every family on a foreign one, and every
 * route says what does the work. {@link RouteTruthTest} shows the routes are what runs.
 */
class RoutesTest {

  /** The families jnr-posix 3.2 has no call for (the class comment of {@link JnrPosixBackend}). */
  static final Set<Op> NO_JNR_POSIX_CALL =
      EnumSet.of(
          Op.COPY_FILE,
          Op.CP,
          Op.RM,
          Op.READDIR,
          Op.GLOB,
          Op.SCAN,
          Op.MKDTEMP,
          Op.REALPATH,
          Op.LINES);

  @Test
  void defaultFilesystem() {
    Map<Op, Route> routes = routesOn(FileSystems.getDefault());
    assertEquals(NO_JNR_POSIX_CALL, fallbacks(routes));
    assertWellFormed(routes);
    routes.forEach(
        (op, route) ->
            assertTrue(
                route.isFallback() || route.via().endsWith(JnrPosixBackend.STRING_NAMES),
                op + " must say which names go to NIO: " + route));
  }

  @Test
  void foreignFilesystem() throws Exception {
    try (FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix())) {
      Map<Op, Route> routes = routesOn(jimfs);
      assertEquals(EnumSet.allOf(Op.class), fallbacks(routes));
      routes.forEach(
          (op, route) ->
              assertTrue(
                  route.via().contains("cannot address a jimfs filesystem"),
                  op + " must say why it falls back on Jimfs: " + route));
      assertWellFormed(routes);
    }
  }

  /** The table declared on {@link JnrPosixBackend}, on {@code fileSystem}. */
  private static Map<Op, Route> routesOn(FileSystem fileSystem) {
    return DeclaredRoutes.of(JnrPosixBackend.class).on(fileSystem);
  }

  private static Set<Op> fallbacks(Map<Op, Route> routes) {
    return routes.entrySet().stream()
        .filter(e -> e.getValue().isFallback())
        .map(Map.Entry::getKey)
        .collect(Collectors.toSet());
  }

  /** Every family routed; an own route names a POSIX call, a fallback NIO and a reason. */
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
                route.via().matches("POSIX\\.[a-z]+\\(.*"),
                op + " names no jnr-posix call: " + route);
          }
        });
  }
}
