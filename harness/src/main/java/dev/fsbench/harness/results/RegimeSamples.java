package dev.fsbench.harness.results;

import dev.fsbench.harness.results.CaseRecord.BackendResult;
import dev.fsbench.harness.results.CaseRecord.ForkRecord;
import dev.fsbench.harness.results.CaseRecord.RawSample;
import dev.fsbench.harness.stats.Regime;
import java.util.ArrayList;
import java.util.List;

/**
 * The wall times a result's regime took from each fork, rebuilt from run.json's raw samples and its
 * forks' steady states: what an interval between two results (of two runs, or two backends)
 * resamples.
 */
public final class RegimeSamples {
  private RegimeSamples() {}

  /** One array per fork that contributes to {@code regime}; empty when the regime has no figure. */
  public static List<double[]> of(BackendResult r, Regime regime) {
    List<double[]> out = new ArrayList<>();
    if (r.regime(regime).statistics() == null) {
      return out;
    }
    for (ForkRecord fork : r.forks()) {
      int from;
      int to;
      if (regime == Regime.FIRST_USE) {
        from = 0;
        to = Math.min(Regime.FIRST_USE_SAMPLES, fork.measured());
      } else if (fork.steadyFrom() != null) {
        from = fork.steadyFrom();
        to = fork.measured();
      } else {
        continue;
      }
      double[] wall =
          r.samples().stream()
              .filter(
                  s ->
                      s.fork() == fork.fork()
                          && !s.warmup()
                          && s.iteration() >= from
                          && s.iteration() < to)
              .mapToDouble(RawSample::wallNanos)
              .toArray();
      if (wall.length > 0) {
        out.add(wall);
      }
    }
    return out;
  }
}
