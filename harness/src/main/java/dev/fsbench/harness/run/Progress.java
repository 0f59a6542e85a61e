package dev.fsbench.harness.run;

import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.stats.Regime;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * The one line per case a run prints: position, the case, each backend's steady estimate, time so
 * far and time left; and a line per round of a block of cases, which print when their block ends.
 *
 * <pre>
 * [   /194] round 1 of 3 of cases 1-31 done   2:34   left ~24:10
 * [ 12/194] stat/batch-256/default/sync   nio 0.52  commons-io 0.53  native 0.29  nio-aa 0.52 ms (steady)   0:14   left ~6:30
 * </pre>
 *
 * "Left" is the cost model's estimate of the cases still to run (see {@link Sampling}), scaled by
 * how the run's real pace so far compares with the model's: cases differ by a factor of 20 in cost,
 * so a mean per finished case would promise too little after the cheap ones and too much after the
 * dear ones.
 */
public final class Progress {
  private final PrintStream out;
  private final int total;
  private final long startNanos;
  private final long estimatedNanos;
  private final int width;

  Progress(PrintStream out, int total, long startNanos, long estimatedNanos) {
    this.out = out;
    this.total = total;
    this.startNanos = startNanos;
    this.estimatedNanos = Math.max(1, estimatedNanos);
    this.width = String.valueOf(total).length();
  }

  void caseDone(int position, CaseRecord c, long nowNanos, long estimatedLeftNanos) {
    long elapsed = nowNanos - startNanos;
    long left = left(nowNanos, estimatedLeftNanos);
    StringBuilder figures = new StringBuilder();
    for (Map.Entry<String, CaseRecord.BackendResult> e : c.results().entrySet()) {
      CaseRecord.RegimeRecord steady = e.getValue().regime(Regime.STEADY);
      figures
          .append(e.getKey())
          .append(' ')
          .append(steady.statistics() == null ? "n.s." : millis(steady.statistics().medianNanos()))
          .append("  ");
    }
    String id = c.family() + "/" + c.scenario() + "/" + c.variant() + "/" + c.mode();
    out.println(
        String.format(
            Locale.ROOT,
            "[%" + width + "d/%d] %-36s %sms (steady)   %s   left ~%s",
            position,
            total,
            id,
            figures,
            clock(elapsed),
            clock(left)));
  }

  /**
   * A round of a block of cases has ended; the block's cases print when its last round does ({@link
   * Rounds}). "Left" as for a case.
   */
  void roundDone(
      int firstCase, int lastCase, int round, int rounds, long nowNanos, long estimatedLeftNanos) {
    out.println(
        String.format(
            Locale.ROOT,
            "[%" + width + "s/%d] round %d of %d of cases %d-%d done   %s   left ~%s",
            "",
            total,
            round,
            rounds,
            firstCase,
            lastCase,
            clock(nowNanos - startNanos),
            clock(left(nowNanos, estimatedLeftNanos))));
  }

  void caseFailed(int position, String cell, long nowNanos) {
    out.println(
        String.format(
            Locale.ROOT,
            "[%" + width + "d/%d] %-36s FAILED   %s",
            position,
            total,
            cell,
            clock(nowNanos - startNanos)));
  }

  private long left(long nowNanos, long estimatedLeftNanos) {
    long estimatedSoFar = Math.max(1, estimatedNanos - estimatedLeftNanos);
    return (long) (estimatedLeftNanos * ((double) (nowNanos - startNanos) / estimatedSoFar));
  }

  public static String clock(long nanos) {
    Duration d = Duration.ofNanos(nanos);
    long hours = d.toHours();
    return hours > 0
        ? String.format(Locale.ROOT, "%d:%02d:%02d", hours, d.toMinutesPart(), d.toSecondsPart())
        : String.format(Locale.ROOT, "%d:%02d", d.toMinutes(), d.toSecondsPart());
  }

  private static String millis(double nanos) {
    double ms = nanos / 1e6;
    return ms >= 100
        ? String.format(Locale.ROOT, "%.0f", ms)
        : ms >= 1 ? String.format(Locale.ROOT, "%.2f", ms) : String.format(Locale.ROOT, "%.4f", ms);
  }
}
