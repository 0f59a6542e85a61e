package dev.fsbench.harness.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CpuClockTest {

  @Test
  void onLinuxTheProcessClockCountsNanoseconds() {
    // The harness runs on Linux (DESIGN.md); on anything else this says why the fallback is in use.
    assertTrue(System.getProperty("os.name").startsWith("Linux"), "fsbench measures on Linux");
    CpuClock clock = CpuClock.best();
    assertEquals(CpuClock.CLOCK_GETTIME, clock.name());
    long before = clock.nanos();
    long spent = spin(TimeUnit.MILLISECONDS.toNanos(2));
    long delta = clock.nanos() - before;
    assertTrue(delta > 0, "the clock moved: " + delta);
    assertTrue(delta % TimeUnit.MILLISECONDS.toNanos(10) != 0, "finer than 10 ms ticks: " + delta);
    assertTrue(spent > 0);
  }

  @Test
  void itAgreesWithTheCoarseClockOverALongerSpin() {
    CpuClock fine = CpuClock.best();
    CpuClock coarse = CpuClock.mxBean();
    long fineBefore = fine.nanos();
    long coarseBefore = coarse.nanos();
    spin(TimeUnit.MILLISECONDS.toNanos(100));
    long fineDelta = fine.nanos() - fineBefore;
    long coarseDelta = coarse.nanos() - coarseBefore;
    // Both count the whole process (JIT and GC threads too); they may differ by the coarse clock's
    // ticks.
    assertTrue(
        Math.abs(fineDelta - coarseDelta) <= TimeUnit.MILLISECONDS.toNanos(30),
        "clock_gettime " + fineDelta + " ns, MXBean " + coarseDelta + " ns");
  }

  /**
   * Burns this thread's CPU for about {@code nanos} of its own CPU time; returns a value so the
   * loop stays.
   */
  private static long spin(long nanos) {
    java.lang.management.ThreadMXBean threads =
        java.lang.management.ManagementFactory.getThreadMXBean();
    long start = threads.getCurrentThreadCpuTime();
    long sum = 0;
    while (threads.getCurrentThreadCpuTime() - start < nanos) {
      for (int i = 0; i < 1000; i++) {
        sum += i * 31L ^ sum;
      }
    }
    return sum | 1;
  }
}
