package dev.fsbench.routed;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The backends a routed backend sends its families to, each created once through {@link Backends}
 * with the routed backend's configuration, and what follows from them: the route of every family
 * and the capabilities routed can promise.
 *
 * <p>A choice with a concurrency ({@code native-c1}, measured with an explicit concurrency in its
 * tree calls' options) gets a backend of its own, created with that concurrency as its default,
 * which is what such a backend applies when a call's options say 0: the very calls the measured
 * cell made, with no rewriting of options per call. A program whose configuration sets a
 * concurrency keeps it: the route's applies only where the configuration leaves the choice to the
 * backend (0).
 *
 * <p>Capabilities: routed supports what every backend it sends families to supports, and a tree
 * concurrency only if every tree family's backend honours one. A family that needs a capability
 * routed then lacks (chmod, chown, link, symlink, readlink) is refused as the contract wants, with
 * {@link UnsupportedOperationException}, even where its own backend could serve it: a program asks
 * routed, not the backend behind it, what it can do.
 */
final class Targets {
  /** The capability each family needs, as {@link FsBackend}'s Javadoc states it. */
  private static final Map<Op, Capability> NEEDS =
      Map.of(
          Op.CHMOD, Capability.POSIX_PERMISSIONS,
          Op.CHOWN, Capability.OWNERSHIP,
          Op.LINK, Capability.HARD_LINKS,
          Op.SYMLINK, Capability.SYMBOLIC_LINKS,
          Op.READLINK, Capability.SYMBOLIC_LINKS);

  private final Map<Op, FsBackend> byOp;
  private final Map<Op, Route> routes;
  private final Set<Capability> capabilities;
  private final List<FsBackend> created;

  private Targets(
      Map<Op, FsBackend> byOp,
      Map<Op, Route> routes,
      Set<Capability> capabilities,
      List<FsBackend> created) {
    this.byOp = byOp;
    this.routes = routes;
    this.capabilities = capabilities;
    this.created = created;
  }

  /**
   * Creates the backends {@code resolution} sends the families to. If one cannot be created (it
   * cannot work on {@code config}'s filesystem, say), those created before it are closed and the
   * error names the backend and its families.
   */
  static Targets create(Resolution resolution, BackendConfig config) {
    Map<String, FsBackend> byKey = new LinkedHashMap<>();
    Map<Op, FsBackend> byOp = new EnumMap<>(Op.class);
    Map<Op, Route> routes = new EnumMap<>(Op.class);
    try {
      for (Op op : Op.values()) {
        RoutesFile.Choice choice = resolution.routes().families().get(op);
        String id = resolution.servedBy(choice);
        int concurrency =
            !id.equals(choice.backend()) || config.concurrency() != 0 ? 0 : choice.concurrency();
        FsBackend backend =
            byKey.computeIfAbsent(
                id + "@" + concurrency, k -> create(id, concurrency, config, resolution));
        byOp.put(op, backend);
        routes.put(op, route(op, choice, backend, concurrency, resolution));
      }
      Set<Capability> capabilities = capabilities(byOp);
      for (Map.Entry<Op, Capability> need : NEEDS.entrySet()) {
        if (!capabilities.contains(need.getValue())) {
          Op op = need.getKey();
          String why =
              "routed lacks "
                  + need.getValue()
                  + ": not every backend it routes to has it ("
                  + lacking(byKey.values(), need.getValue())
                  + ")";
          byOp.put(op, new Refusing(byOp.get(op), op, why));
          routes.put(op, Route.own("refused: " + why));
        }
      }
      return new Targets(
          Collections.unmodifiableMap(byOp),
          Collections.unmodifiableMap(routes),
          Collections.unmodifiableSet(capabilities),
          List.copyOf(byKey.values()));
    } catch (RuntimeException e) {
      RuntimeException closing = closeAll(byKey.values());
      if (closing != null) {
        e.addSuppressed(closing);
      }
      throw e;
    }
  }

  private static FsBackend create(
      String id, int concurrency, BackendConfig config, Resolution resolution) {
    BackendConfig own =
        concurrency == 0 ? config : config.toBuilder().concurrency(concurrency).build();
    try {
      return Backends.create(id, own);
    } catch (UnsupportedOperationException e) {
      throw new UnsupportedOperationException(
          "routed cannot work on this filesystem: backend '"
              + id
              + "', chosen for "
              + familiesOf(id, resolution)
              + ", cannot: "
              + e.getMessage(),
          e);
    }
  }

  private static String familiesOf(String id, Resolution resolution) {
    List<String> families = new ArrayList<>();
    resolution
        .routes()
        .families()
        .forEach(
            (op, c) -> {
              if (resolution.servedBy(c).equals(id)) {
                families.add(op.family());
              }
            });
    return String.join(", ", families);
  }

  /**
   * The route of {@code op}: who does the work and that backend's own route, so that a report shows
   * where each call went ({@code native: fsb_cp}); a family that stays on nio, chosen or as the
   * fallback of a backend missing here, is a nio fallback, since its cells measure nio.
   */
  private static Route route(
      Op op, RoutesFile.Choice choice, FsBackend backend, int concurrency, Resolution resolution) {
    Route own = backend.route(op);
    String missing = resolution.missing().get(choice.backend());
    if (missing != null) {
      return Route.nioFallback("nio, for " + choice.backend() + " (" + missing + "): " + own.via());
    }
    if (choice.backend().equals(Resolution.NIO)) {
      return Route.nioFallback("nio: " + own.via());
    }
    return new Route(
        own.kind(),
        choice.backend()
            + (concurrency > 0 ? " at concurrency " + concurrency : "")
            + ": "
            + (own.isFallback() ? "nio fallback: " : "")
            + own.via());
  }

  private static Set<Capability> capabilities(Map<Op, FsBackend> byOp) {
    EnumSet<Capability> common = EnumSet.allOf(Capability.class);
    common.remove(Capability.TREE_CONCURRENCY);
    boolean trees = true;
    for (Map.Entry<Op, FsBackend> e : byOp.entrySet()) {
      Set<Capability> has = e.getValue().capabilities();
      common.retainAll(has);
      trees &= !e.getKey().isTree() || has.contains(Capability.TREE_CONCURRENCY);
    }
    if (trees) {
      common.add(Capability.TREE_CONCURRENCY);
    }
    return common;
  }

  private static String lacking(Iterable<FsBackend> backends, Capability capability) {
    List<String> ids = new ArrayList<>();
    for (FsBackend b : backends) {
      if (!b.capabilities().contains(capability) && !ids.contains(b.id())) {
        ids.add(b.id());
      }
    }
    return String.join(", ", ids);
  }

  /**
   * Closes every backend, all of them even when one fails; returns the first failure, the others
   * suppressed in it, or {@code null}.
   */
  private static RuntimeException closeAll(Iterable<FsBackend> backends) {
    RuntimeException first = null;
    for (FsBackend b : backends) {
      try {
        b.close();
      } catch (RuntimeException e) {
        if (first == null) {
          first = e;
        } else {
          first.addSuppressed(e);
        }
      }
    }
    return first;
  }

  FsBackend of(Op op) {
    return byOp.get(op);
  }

  Route route(Op op) {
    return routes.get(op);
  }

  Set<Capability> capabilities() {
    return capabilities;
  }

  /** Closes every backend created, each once (see {@link #closeAll}). */
  void close() {
    RuntimeException failure = closeAll(created);
    if (failure != null) {
      throw failure;
    }
  }
}
