package dev.fsbench.harness.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The quiet wait's rule, on clocks the test drives: no sleeping, no timing. */
class QuietTest {

  /**
   * A process whose other threads use {@code busy[k]} nanoseconds of CPU during the {@code k}-th
   * window of a fake wall clock, and nothing after the last.
   */
  private static final class FakeProcess {
    final long[] busy;
    long cpu;
    long wall;
    final List<Long> sleeps = new ArrayList<>();

    FakeProcess(long... busy) {
      this.busy = busy;
    }

    void sleep(long nanos) {
      int k = sleeps.size();
      sleeps.add(nanos);
      wall += nanos;
      cpu += k < busy.length ? busy[k] : 0;
    }

    int await(int maxWindows) {
      return Quiet.await(() -> cpu, () -> wall, this::sleep, Quiet.WINDOW_NANOS, maxWindows);
    }
  }

  @Test
  void aQuietJvmCostsOneWindow() {
    FakeProcess p = new FakeProcess();
    assertEquals(0, p.await(100));
    assertEquals(List.of(Quiet.WINDOW_NANOS), p.sleeps);
  }

  @Test
  void theWaitLastsWhileAnotherThreadWorks() {
    long window = Quiet.WINDOW_NANOS;
    // A compiler thread at full speed for three windows, then half of one, then the periodic
    // threads' few microseconds.
    FakeProcess p = new FakeProcess(window, window, window, window / 2, 5_000);
    assertEquals(4, p.await(100));
    assertEquals(5, p.sleeps.size());
  }

  @Test
  void justUnderTheBusyShareCountsAsQuiet() {
    long window = Quiet.WINDOW_NANOS;
    long under = (long) (Quiet.BUSY_SHARE * window) - 1;
    long at = (long) (Quiet.BUSY_SHARE * window);
    assertEquals(0, new FakeProcess(under).await(100));
    assertEquals(1, new FakeProcess(at).await(100));
  }

  @Test
  void aThreadThatNeverRestsStopsTheWaitAtItsBound() {
    long[] always = new long[50];
    Arrays.fill(always, Quiet.WINDOW_NANOS);
    FakeProcess p = new FakeProcess(always);
    assertEquals(10, p.await(10));
    assertEquals(10, p.sleeps.size());
  }
}
