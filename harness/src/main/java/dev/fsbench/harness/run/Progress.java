package dev.fsbench.harness.run;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

/**
 * The one line per cell a run prints: position, the cell, its median, time so far and an estimate of time left.
 *
 * <pre>
 * [ 12/340] readFile/batch-256/buffer/async/native   median 0.512 ms   elapsed 0:14   left ~6:30
 * </pre>
 *
 * The estimate is the mean time per finished cell times the cells left: cells differ (a tree-1000 rm takes longer
 * than a single stat), so it is a rough guide that settles as the run goes, and it says "~".
 */
final class Progress {
  private final PrintStream out;
  private final int total;
  private final long startNanos;
  private final int width;

  Progress(PrintStream out, int total, long startNanos) {
    this.out = out;
    this.total = total;
    this.startNanos = startNanos;
    this.width = String.valueOf(total).length();
  }

  void cellDone(int position, String cell, double medianNanos, long nowNanos) {
    long elapsed = nowNanos - startNanos;
    long left = position == 0 ? 0 : elapsed / position * (total - position);
    out.println(String.format(Locale.ROOT, "[%" + width + "d/%d] %-48s median %s ms   elapsed %s   left ~%s",
        position, total, cell, millis(medianNanos), clock(elapsed), clock(left)));
  }

  void cellFailed(int position, String cell, long nowNanos) {
    out.println(String.format(Locale.ROOT, "[%" + width + "d/%d] %-48s FAILED   elapsed %s",
        position, total, cell, clock(nowNanos - startNanos)));
  }

  static String clock(long nanos) {
    Duration d = Duration.ofNanos(nanos);
    long hours = d.toHours();
    return hours > 0
        ? String.format(Locale.ROOT, "%d:%02d:%02d", hours, d.toMinutesPart(), d.toSecondsPart())
        : String.format(Locale.ROOT, "%d:%02d", d.toMinutes(), d.toSecondsPart());
  }

  private static String millis(double nanos) {
    double ms = nanos / 1e6;
    return ms >= 100 ? String.format(Locale.ROOT, "%.0f", ms)
        : ms >= 1 ? String.format(Locale.ROOT, "%.2f", ms) : String.format(Locale.ROOT, "%.4f", ms);
  }
}
