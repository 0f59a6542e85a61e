package dev.fsbench.harness.run;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.model.Suite;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.workload.matrix.Matrix;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which cases get the floors ({@link dev.fsbench.spi.Floor}): a cell per floor beside the case's
 * backends, on the same fixtures and verified the same way, whose time is what the floor measured
 * around its own work. A floor is a reference, not a contender: every backend of the case gets its
 * distance to it.
 *
 * <p>Sync cases only: a floor issues the sample's calls one after another, with no window of calls
 * in flight to imitate (an async floor would need a design of its own, whose choices would decide
 * its figure). At the default concurrency only: the library's own choice. The default, {@link
 * #REPRESENTATIVE}, gives the floors each family's overview case (a cell of the {@code floor} per
 * family, and one each of {@code floor-find}, {@code floor-cp} and {@code floor-rm} in the full
 * matrix) and every large tree; in the tree families' own matrices ({@code --sweep}, {@code
 * --real-trees}, {@code --tree}) every case, because there the floor is what each size and shape is
 * read against (the sweep's scaling chart draws it at every size).
 */
public enum FloorCases {
  REPRESENTATIVE,
  ALL,
  NONE;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static FloorCases ofLabel(String label) {
    try {
      return valueOf(label.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "--floor must be representative, all or none, was '" + label + "'");
    }
  }

  /** The cells {@link #addTo} planned, and those a floor cannot run, with the reason. */
  record Planned(List<CellPlan> plans, List<RunRecord.Omitted> omitted) {}

  /** As {@link #addTo(List, List, Set)} in a run of the standard matrix. */
  Planned addTo(List<CellPlan> plans, List<BackendCatalog.FloorProbe> floors) {
    return addTo(plans, floors, Set.of(Suite.STANDARD));
  }

  /**
   * {@code plans} with a cell of every floor that runs the family after the last cell of each
   * selected case, and the selected cases a floor cannot run (it lacks a capability the case
   * needs); {@code suites} are the matrices the run selected.
   */
  Planned addTo(List<CellPlan> plans, List<BackendCatalog.FloorProbe> floors, Set<Suite> suites) {
    List<CellPlan> out = new ArrayList<>();
    List<RunRecord.Omitted> omitted = new ArrayList<>();
    Map<String, List<CellPlan>> cases = new LinkedHashMap<>();
    for (CellPlan plan : plans) {
      cases.computeIfAbsent(caseOf(plan.key()), k -> new ArrayList<>()).add(plan);
    }
    for (List<CellPlan> casePlans : cases.values()) {
      out.addAll(casePlans);
      CellPlan template = casePlans.get(0);
      CellKey k = template.key();
      if (!selects(k, suites)) {
        continue;
      }
      Op op = Op.ofFamily(k.family());
      for (BackendCatalog.FloorProbe floor : floors) {
        if (!floor.available() || !floor.families().contains(op)) {
          continue;
        }
        CellKey key = new CellKey(k.family(), k.scenario(), k.variant(), k.mode(), floor.id(), 0);
        EnumSet<Capability> missing = EnumSet.noneOf(Capability.class);
        missing.addAll(Matrix.requirements(key));
        missing.removeAll(floor.capabilities());
        if (!missing.isEmpty()) {
          omitted.add(
              new RunRecord.Omitted(
                  key.id(),
                  k.family()
                      + " "
                      + k.caseLabel()
                      + " needs "
                      + missing
                      + ", which floor "
                      + floor.id()
                      + " does not declare"));
          continue;
        }
        Map<String, String> params = new LinkedHashMap<>(template.params());
        params.put(Matrix.PARAM_BACKEND, floor.id());
        if (params.containsKey(Matrix.PARAM_CONCURRENCY)) {
          params.put(Matrix.PARAM_CONCURRENCY, "0");
        }
        out.add(
            new CellPlan(
                key, template.operations(), template.logicalBytes(), template.benchmark(), params));
      }
    }
    return new Planned(List.copyOf(out), List.copyOf(omitted));
  }

  /** Whether a floor runs {@code key}'s case in a run of the standard matrix. */
  boolean selects(CellKey key) {
    return selects(key, Set.of(Suite.STANDARD));
  }

  /**
   * Whether a floor runs {@code key}'s case: sync, and selected by this choice in a run of {@code
   * suites}.
   */
  boolean selects(CellKey key, Set<Suite> suites) {
    if (this == NONE || key.mode() != Mode.SYNC) {
      return false;
    }
    return this == ALL
        || Matrix.isRepresentative(key)
        || Matrix.isLarge(key)
        || Matrix.inTreeMatrix(key.scenario(), suites);
  }

  private static String caseOf(CellKey k) {
    return k.family() + "/" + k.scenario() + "/" + k.variant() + "/" + k.mode().label();
  }
}
