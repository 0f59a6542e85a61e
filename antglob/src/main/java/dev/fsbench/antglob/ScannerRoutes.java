package dev.fsbench.antglob;

import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * The routes of a {@link ScannerBackend}: glob is the scanner's on the default filesystem, NIO's
 * elsewhere; every other family is NIO's, because a directory scanner lists and matches names and
 * does nothing else.
 */
final class ScannerRoutes {
  private ScannerRoutes() {}

  static Map<Op, Route> of(String library, String globVia, boolean defaultFileSystem) {
    Map<Op, Route> routes = new EnumMap<>(Op.class);
    for (Op op : Op.values()) {
      routes.put(
          op,
          Route.nioFallback(
              "NioBackend; "
                  + library
                  + " has no such operation: it lists and matches names, for glob only"));
    }
    routes.put(
        Op.GLOB,
        defaultFileSystem
            ? Route.own(
                globVia
                    + "; serial; NIO for a working directory whose name is not valid UTF-8 (a"
                    + " File's string would name another directory)")
            : Route.nioFallback(
                "NioBackend; "
                    + library
                    + " takes a java.io.File, which exists only on the default filesystem"));
    return Collections.unmodifiableMap(routes);
  }
}
