package dev.fsbench.harness.run;

import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.Cases;
import dev.fsbench.harness.results.CellOutcome;
import dev.fsbench.harness.workload.matrix.Matrix;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the forks of one case have brought so far, per cell, and the case they add up to. */
final class CaseForks {
  private final Map<CellPlan, List<CaseRecord.RawSample>> samples = new LinkedHashMap<>();
  private final Map<CellPlan, Long> runNanos = new LinkedHashMap<>();
  private final Map<CellPlan, String> cpuClocks = new LinkedHashMap<>();
  private final Map<CellPlan, Map<Integer, Map<String, CellOutcome.SecondaryScore>>> secondary =
      new LinkedHashMap<>();

  /** One fork of {@code plan} in {@code round}, which took {@code nanos} from start to end. */
  void add(CellPlan plan, int round, JmhCell.Outcome outcome, long nanos) {
    samples.computeIfAbsent(plan, p -> new ArrayList<>()).addAll(outcome.samples());
    runNanos.merge(plan, nanos, Long::sum);
    secondary.computeIfAbsent(plan, p -> new LinkedHashMap<>()).put(round, outcome.secondary());
    if (outcome.cpuClock() != null) {
      cpuClocks.merge(plan, outcome.cpuClock(), (a, b) -> a.equals(b) ? a : a + " + " + b);
    }
  }

  /**
   * The measured case of {@code casePlans}, each cell with its backend's route ({@code routesById})
   * and a floor's timing ({@code timingById}); an {@link IllegalArgumentException} when the records
   * do not add up.
   */
  CaseRecord measured(
      List<CellPlan> casePlans,
      Map<String, Map<Op, Route>> routesById,
      Map<String, String> timingById) {
    List<CellOutcome> outcomes = new ArrayList<>();
    for (CellPlan plan : casePlans) {
      String backend = plan.params().get(Matrix.PARAM_BACKEND);
      Route route = routesById.get(backend).get(Op.ofFamily(plan.key().family()));
      outcomes.add(
          new CellOutcome(
              plan,
              route,
              samples.get(plan),
              cpuClocks.get(plan),
              runNanos.get(plan),
              secondary.get(plan),
              timingById.get(backend)));
    }
    return Cases.measuredCase(outcomes);
  }
}
