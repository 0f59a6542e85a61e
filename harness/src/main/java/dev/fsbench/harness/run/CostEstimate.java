package dev.fsbench.harness.run;

import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.workload.tree.TreeSnapshot;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How long a run's cells take by the cost model ({@link Sampling}): the estimate printed before a
 * run and by a dry run, and the time left that the progress line shows.
 */
public final class CostEstimate {
  private CostEstimate() {}

  /** The iterations of each fork of a run: {@code sizes} are its trees' measured sizes. */
  static Sampling sampling(RunRequest request, Map<String, Sampling.TreeSize> sizes) {
    return new Sampling(request.samples(), request.quick(), sizes, request.cold());
  }

  /**
   * The cost model's estimate of the whole run (see {@link Sampling}), the user's tree planned with
   * its survey when {@code survey} is not null (a dry run), else as a small one.
   */
  public static long nanos(RunRequest request, List<CellPlan> plans, TreeSnapshot.Survey survey) {
    Map<String, Sampling.TreeSize> sizes = new HashMap<>();
    if (survey != null) {
      sizes.put(RunTrees.USER_TREE, new Sampling.TreeSize(survey.entries(), survey.bytes()));
    }
    return nanos(request, plans, sizes);
  }

  /** The cost model's estimate of the whole run (see {@link Sampling}). */
  public static long nanos(RunRequest request, List<CellPlan> plans) {
    return nanos(request, plans, Map.of());
  }

  static long nanos(
      RunRequest request, List<CellPlan> plans, Map<String, Sampling.TreeSize> sizes) {
    return nanos(request, plans, sizes, Sampling.Pace.MODEL);
  }

  /** As the cost model says on a machine of this {@code pace} ({@link Calibration}). */
  static long nanos(
      RunRequest request,
      List<CellPlan> plans,
      Map<String, Sampling.TreeSize> sizes,
      Sampling.Pace pace) {
    Sampling sampling =
        new Sampling(request.samples(), request.quick(), sizes, request.cold(), pace);
    long total = 0;
    for (CellPlan plan : plans) {
      total += sampling.estimateNanos(plan, request.warmups()) * request.forks();
    }
    return total;
  }

  /** The estimate of the cases from {@code done} on, {@code byCase} in run order. */
  static long remainingNanos(
      RunRequest request,
      List<List<CellPlan>> byCase,
      int done,
      Map<String, Sampling.TreeSize> sizes,
      Sampling.Pace pace) {
    long total = 0;
    for (int c = done; c < byCase.size(); c++) {
      total += nanos(request, byCase.get(c), sizes, pace);
    }
    return total;
  }
}
