package dev.fsbench.harness.run;

import dev.fsbench.harness.results.Environment.BackendInfo;
import dev.fsbench.harness.results.Environment.FloorInfo;
import dev.fsbench.harness.workload.matrix.BackendSummary;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Floor;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Every backend on the class path, each asked once in this process for its capabilities, its route
 * per family and its reproducibility details (create, ask, close). The matrix is planned from these
 * answers and run.json records them, so the routes shown beside the figures are the backend's own
 * word, not the fork's.
 *
 * <p>It also lists the floors the providers offer ({@link BackendProvider#floors()}), each asked
 * likewise; a floor whose id a backend or an earlier floor already has is unavailable, said so.
 */
public final class BackendCatalog {

  /**
   * One backend as the catalog saw it. Routes and capabilities are empty when it is unavailable.
   */
  public record Probe(
      String id,
      String description,
      boolean available,
      String reason,
      Map<String, String> details,
      Set<Capability> capabilities,
      Map<Op, Route> routes) {

    /**
     * What planning needs: capabilities, and the families served through NIO (none for nio itself,
     * whose routes are all its own).
     */
    public BackendSummary summary() {
      Map<Op, String> fallbacks = new EnumMap<>(Op.class);
      routes.forEach(
          (op, route) -> {
            if (route.isFallback()) {
              fallbacks.put(op, route.via());
            }
          });
      return new BackendSummary(id, capabilities, fallbacks);
    }

    public BackendInfo info() {
      return new BackendInfo(
          id,
          description,
          available,
          reason,
          details,
          capabilities.stream().map(Enum::name).sorted().toList());
    }
  }

  /**
   * One floor as the catalog saw it. Routes and capabilities are empty when it is unavailable.
   *
   * @param families the families it runs
   */
  public record FloorProbe(
      String id,
      String description,
      Floor.Timing timing,
      boolean available,
      String reason,
      Set<Op> families,
      Set<Capability> capabilities,
      Map<Op, Route> routes,
      Map<String, String> details) {

    public FloorInfo info() {
      return new FloorInfo(
          id,
          description,
          timing == null ? null : timing.label(),
          available,
          reason,
          families.stream().map(Op::family).sorted().toList(),
          details);
    }
  }

  private final Map<String, Probe> probes;
  private final Map<String, FloorProbe> floors;

  private BackendCatalog(Map<String, Probe> probes, Map<String, FloorProbe> floors) {
    this.probes = Collections.unmodifiableMap(probes);
    this.floors = Collections.unmodifiableMap(floors);
  }

  /** Lists and probes every backend ServiceLoader finds, and the floors their providers offer. */
  public static BackendCatalog load() {
    Map<String, Probe> probes = new LinkedHashMap<>();
    List<Backends.Entry> entries = Backends.list();
    for (Backends.Entry entry : entries) {
      probes.put(entry.id(), probe(entry));
    }
    Map<String, FloorProbe> floors = new LinkedHashMap<>();
    for (Backends.Entry entry : entries) {
      if (entry.provider().isEmpty()) {
        continue;
      }
      List<Floor> offered;
      try {
        offered = entry.provider().get().floors();
      } catch (RuntimeException | LinkageError e) {
        String id = entry.id() + "-floors";
        floors.put(
            id,
            unavailableFloor(
                id, "the provider of " + entry.id() + " could not list its floors: " + e));
        continue;
      }
      for (Floor floor : offered) {
        FloorProbe p = probeFloor(floor);
        if (probes.containsKey(p.id()) || floors.containsKey(p.id())) {
          String taken = probes.containsKey(p.id()) ? "a backend" : "another floor";
          floors.putIfAbsent(
              p.id() + " (" + entry.id() + ")",
              unavailableFloor(p.id(), "floor id " + p.id() + " is taken by " + taken));
          continue;
        }
        floors.put(p.id(), p);
      }
    }
    return new BackendCatalog(probes, floors);
  }

  public List<Probe> all() {
    return List.copyOf(probes.values());
  }

  /** Every floor the providers offer, available or not, in provider order. */
  public List<FloorProbe> floors() {
    return List.copyOf(floors.values());
  }

  /** The floors that can run here. */
  public List<FloorProbe> availableFloors() {
    return floors.values().stream().filter(FloorProbe::available).toList();
  }

  public Optional<Probe> find(String id) {
    return Optional.ofNullable(probes.get(id));
  }

  /**
   * The backends to run: the requested ids in the order given, or every available one (sorted by
   * id, nio first so that it leads every case as the baseline). An unknown id or an unavailable
   * requested backend is an {@link IllegalArgumentException} whose message says which and why.
   */
  public List<Probe> select(List<String> requested) {
    if (requested.isEmpty()) {
      List<Probe> available = new ArrayList<>();
      probes.values().stream()
          .filter(p -> p.available() && p.id().equals("nio"))
          .forEach(available::add);
      probes.values().stream()
          .filter(p -> p.available() && !p.id().equals("nio"))
          .forEach(available::add);
      if (available.isEmpty()) {
        throw new IllegalArgumentException("no backend is available here: " + describeAll());
      }
      return available;
    }
    List<Probe> selected = new ArrayList<>();
    for (String id : requested) {
      Probe p = probes.get(id);
      if (p == null) {
        throw new IllegalArgumentException(
            "unknown backend '" + id + "'; known: " + String.join(", ", probes.keySet()));
      }
      if (!p.available()) {
        throw new IllegalArgumentException(
            "backend '" + id + "' is unavailable here: " + p.reason());
      }
      if (selected.contains(p)) {
        throw new IllegalArgumentException("backend '" + id + "' is listed twice");
      }
      selected.add(p);
    }
    return selected;
  }

  /** The unavailable backends, each with its reason: printed when a default run leaves them out. */
  public List<Probe> unavailable() {
    return probes.values().stream().filter(p -> !p.available()).toList();
  }

  private String describeAll() {
    return probes.isEmpty()
        ? "none on the class path"
        : probes.values().stream()
            .map(p -> p.id() + " (" + p.reason() + ")")
            .collect(Collectors.joining(", "));
  }

  private static Probe probe(Backends.Entry entry) {
    Map<String, String> details = Map.of();
    Optional<BackendProvider> provider = entry.provider();
    if (provider.isPresent()) {
      try {
        details = provider.get().details();
      } catch (RuntimeException | LinkageError e) {
        details = Map.of("details.error", String.valueOf(e));
      }
    }
    if (!entry.availability().isAvailable() || provider.isEmpty()) {
      return new Probe(
          entry.id(),
          entry.description(),
          false,
          entry.availability().reason(),
          details,
          Set.of(),
          Map.of());
    }
    try (FsBackend backend = provider.get().create(BackendConfig.DEFAULT)) {
      Map<Op, Route> routes = new EnumMap<>(Op.class);
      for (Op op : Op.values()) {
        routes.put(op, backend.route(op));
      }
      Set<Capability> capabilities = Set.copyOf(backend.capabilities());
      return new Probe(
          entry.id(),
          entry.description(),
          true,
          entry.availability().reason(),
          details,
          capabilities,
          Collections.unmodifiableMap(routes));
    } catch (RuntimeException | LinkageError e) {
      // Listed as available, but it cannot be created or asked: unavailable, with the reason.
      return new Probe(
          entry.id(),
          entry.description(),
          false,
          "failed to create: " + e,
          details,
          Set.of(),
          Map.of());
    }
  }

  private static FloorProbe unavailableFloor(String id, String reason) {
    return new FloorProbe(id, null, null, false, reason, Set.of(), Set.of(), Map.of(), Map.of());
  }

  private static FloorProbe probeFloor(Floor floor) {
    String id = floor.getClass().getName();
    try {
      id = floor.id();
      Map<String, String> details = floor.details();
      var availability = floor.availability();
      if (!availability.isAvailable()) {
        return new FloorProbe(
            id,
            floor.description(),
            floor.timing(),
            false,
            availability.reason(),
            Set.copyOf(floor.families()),
            Set.of(),
            Map.of(),
            details);
      }
      Map<Op, Route> routes = new EnumMap<>(Op.class);
      for (Op op : floor.families()) {
        routes.put(op, floor.route(op));
      }
      return new FloorProbe(
          id,
          floor.description(),
          floor.timing(),
          true,
          availability.reason(),
          Set.copyOf(floor.families()),
          Set.copyOf(floor.capabilities()),
          Collections.unmodifiableMap(routes),
          details);
    } catch (RuntimeException | LinkageError e) {
      return unavailableFloor(id, "failed to describe itself: " + e);
    }
  }
}
