package dev.fsbench.javaio;

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
 * The route table is the documented one: on the default filesystem the fourteen families java.io
 * does are its own and name the java.io call; on any other filesystem every family is NIO's and
 * says why; every fallback gives its reason.
 */
class RoutesTest {

  /** The families java.io.File and its streams serve (see {@link JavaIoBackend}). */
  static final Set<Op> JAVA_IO =
      EnumSet.of(
          Op.EXISTS,
          Op.ACCESS,
          Op.MKDIR,
          Op.RMDIR,
          Op.UNLINK,
          Op.RENAME,
          Op.READDIR,
          Op.READ_FILE,
          Op.LINES,
          Op.WRITE_FILE,
          Op.APPEND_FILE,
          Op.COPY_FILE,
          Op.TRUNCATE,
          Op.REALPATH,
          Op.RM);

  @Test
  void defaultFilesystem() {
    Map<Op, Route> routes = routesOn(FileSystems.getDefault());
    assertEquals(JAVA_IO, own(routes));
    routes.forEach(
        (op, route) -> {
          if (!route.isFallback()) {
            assertTrue(
                route
                    .via()
                    .matches(".*\\b(File|FileInputStream|FileOutputStream|RandomAccessFile)\\b.*"),
                op + " names no java.io call: " + route);
            assertTrue(
                route.via().contains("NIO for a path File would name otherwise"),
                op + " does not say where a path goes to NIO: " + route);
          }
        });
    assertWellFormed(routes);
  }

  @Test
  void everyFamilyIsNiosOnAnotherFilesystem() throws Exception {
    try (FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix())) {
      Map<Op, Route> routes = routesOn(jimfs);
      assertEquals(Set.of(), own(routes));
      for (Op op : JAVA_IO) {
        assertTrue(
            routes.get(op).via().contains("java.io.File exists only on the default filesystem"),
            op + " must say why it falls back: " + routes.get(op));
      }
      assertWellFormed(routes);
    }
  }

  @Test
  void treeFamiliesSaySerialAndRmSaysItFollowsASwap() {
    Map<Op, Route> routes = routesOn(FileSystems.getDefault());
    assertTrue(routes.get(Op.READDIR).via().contains("serial"));
    assertTrue(routes.get(Op.RM).via().contains("serial"));
    assertTrue(
        routes.get(Op.RM).via().contains("follows a directory swapped for a link mid-walk"),
        routes.get(Op.RM).toString());
  }

  /** The table declared on {@link JavaIoBackend}, on {@code fileSystem}. */
  static Map<Op, Route> routesOn(FileSystem fileSystem) {
    return DeclaredRoutes.of(JavaIoBackend.class).on(fileSystem);
  }

  private static Set<Op> own(Map<Op, Route> routes) {
    return routes.entrySet().stream()
        .filter(e -> !e.getValue().isFallback())
        .map(Map.Entry::getKey)
        .collect(Collectors.toSet());
  }

  private static void assertWellFormed(Map<Op, Route> routes) {
    assertEquals(EnumSet.allOf(Op.class), routes.keySet());
    routes.forEach(
        (op, route) -> {
          if (route.isFallback()) {
            assertTrue(
                route.via().matches("NioBackend; .{10,}"),
                op + " falls back without a reason: " + route);
          }
        });
  }
}
