package dev.fsbench.harness.run;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.results.Cases;
import dev.fsbench.harness.workload.matrix.Matrix;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which cases get an A/A control: a second, independent set of nio forks, labelled {@value
 * Cases#CONTROL} and compared with nio like any backend. nio against itself can only be a tie;
 * every other verdict it gets is a false one, and their count is the run's measured false-verdict
 * rate, beside the rate the method promises.
 *
 * <p>The default, {@link #REPRESENTATIVE}, controls each family's overview case in both modes (two
 * cells per family): every family and mode is covered, at a fraction of the cost of controlling
 * every case.
 */
public enum Controls {
  REPRESENTATIVE,
  ALL,
  NONE;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Controls ofLabel(String label) {
    try {
      return valueOf(label.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "--controls must be representative, all or none, was '" + label + "'");
    }
  }

  /**
   * {@code plans} with a control cell after the last cell of each controlled case that has an nio
   * cell.
   */
  List<CellPlan> addTo(List<CellPlan> plans) {
    List<CellPlan> out = new ArrayList<>();
    for (int i = 0; i < plans.size(); i++) {
      CellPlan plan = plans.get(i);
      out.add(plan);
      boolean lastOfCase = i + 1 == plans.size() || !sameCase(plan.key(), plans.get(i + 1).key());
      if (!lastOfCase || this == NONE) {
        continue;
      }
      plans.stream()
          .filter(
              p -> sameCase(p.key(), plan.key()) && p.key().backendLabel().equals(Cases.BASELINE))
          .findFirst()
          .filter(nio -> this == ALL || Matrix.isRepresentative(nio.key()))
          .ifPresent(nio -> out.add(control(nio)));
    }
    return List.copyOf(out);
  }

  private static CellPlan control(CellPlan nio) {
    CellKey k = nio.key();
    CellKey key =
        new CellKey(
            k.family(), k.scenario(), k.variant(), k.mode(), Cases.CONTROL, k.concurrency());
    return new CellPlan(key, nio.operations(), nio.logicalBytes(), nio.benchmark(), nio.params());
  }

  static boolean sameCase(CellKey a, CellKey b) {
    return a.family().equals(b.family())
        && a.scenario().equals(b.scenario())
        && a.variant().equals(b.variant())
        && a.mode() == b.mode();
  }
}
