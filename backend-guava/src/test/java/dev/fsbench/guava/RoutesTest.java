package dev.fsbench.guava;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import dev.fsbench.support.DeclaredRoutes;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The route table declared on {@link GuavaBackend} is the documented one, on every filesystem: the
 * seven families Guava serves are its own and name the Guava call, every other family is NIO's with
 * a reason.
 */
class RoutesTest {

  /** The families Guava serves (see the class comment of {@link GuavaBackend}). */
  static final Set<Op> GUAVA =
      EnumSet.of(
          Op.RM,
          Op.READDIR,
          Op.COPY_FILE,
          Op.READ_FILE,
          Op.LINES,
          Op.WRITE_FILE,
          Op.APPEND_FILE,
          Op.MKDIR);

  @Test
  void theSameTableOnTheDefaultFilesystemAndOnJimfs() throws Exception {
    try (FsBackend onDefault = new GuavaBackend(BackendConfig.DEFAULT);
        FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix());
        FsBackend onJimfs = new GuavaBackend(BackendConfig.builder().fileSystem(jimfs).build())) {
      for (Op op : Op.values()) {
        assertEquals(onDefault.route(op), onJimfs.route(op), op.family());
      }
      assertEquals(GUAVA, own(onDefault));
    }
  }

  @Test
  void everyRouteSaysWhatDoesTheWork() {
    for (Op op : Op.values()) {
      Route route = routeOf(op);
      if (route.isFallback()) {
        assertTrue(
            route.via().matches("NioBackend; .{10,}"),
            op + " falls back without a reason: " + route);
      } else {
        assertTrue(
            route.via().matches(".*\\b(MoreFiles|ByteSource|ByteSink)\\b.*"),
            op + " names no Guava call: " + route);
      }
    }
  }

  @Test
  void treeFamiliesSaySerial() {
    for (Op op : EnumSet.of(Op.RM, Op.READDIR)) {
      assertTrue(routeOf(op).via().contains("serial"), op + ": " + routeOf(op));
    }
  }

  /** The declared route of {@code op} on the default filesystem (the same on every one). */
  private static Route routeOf(Op op) {
    return DeclaredRoutes.of(GuavaBackend.class).on(FileSystems.getDefault()).get(op);
  }

  private static Set<Op> own(FsBackend backend) {
    return EnumSet.allOf(Op.class).stream()
        .filter(op -> !backend.route(op).isFallback())
        .collect(Collectors.toCollection(() -> EnumSet.noneOf(Op.class)));
  }
}
