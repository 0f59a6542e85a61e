package dev.fsbench.hostile;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import java.util.EnumSet;
import java.util.Set;

/**
 * The families a backend other than nio serves through nio (its route a NIO fallback), whose calls
 * the suite does not run again under its name: their answers are nio's own code, and the suite runs
 * nio itself on every input. A peer that does only glob itself (ant, plexus) would otherwise spend
 * minutes walking the deep and wide trees with nio's cp and rm. Parent and child ask the backend
 * the same way, so both plan the same cases; an unavailable backend has none (its group reports it
 * unavailable), and nio never has any.
 */
final class ThroughNio {
  private ThroughNio() {}

  static Set<Op> of(String backendId) {
    EnumSet<Op> through = EnumSet.noneOf(Op.class);
    if (backendId.equals("nio")) {
      return through;
    }
    try (FsBackend backend = Backends.create(backendId, BackendConfig.DEFAULT)) {
      for (Op op : Op.values()) {
        if (backend.route(op).isFallback()) {
          through.add(op);
        }
      }
    } catch (IllegalStateException | IllegalArgumentException unavailable) {
      return through;
    }
    return through;
  }
}
