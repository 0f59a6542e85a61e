package dev.fsbench.harness.bench;

import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * Waits, untimed, until the fork's other threads have stopped working, so that the sample of a walk
 * that fans out starts on a quiet JVM: it is then timed with the cores the machine has, not with
 * what the JVM still does for the harness's previous untimed work.
 *
 * <p>Why: the harness's own code (the fixture a sample builds, the copy or listing it verifies)
 * gets hot within the first iterations of a fork, and C2 compiles it on a compiler thread for about
 * a second afterwards. On two cores that thread holds one of them through the timed calls that
 * follow. A serial call hardly notices; a walk that fans out to both cores loses its helper's core,
 * and its samples fall into two levels (tree-1000, 2026-12-05 baseline: native cp 7.5 ms with the
 * second core free, 13.2 with it busy, its floor 8.1 and 13.8; rm 3.6 and 6.1, its floor 3.4 and
 * 6.2), mixed in proportions that differ from fork to fork and cell to cell. That mixture, not the
 * backend, made native's rm faster than its floor and kept native's cp forks of 20 iterations from
 * settling. Every tree sample waits, serial ones too: a sample that starts just woken from the wait
 * is slower by some microseconds than one that does not, so cells compared with each other must all
 * wait or none.
 *
 * <p>How: the process's CPU time (every thread's) is read around a sleep of {@link #WINDOW_NANOS};
 * the waiting thread itself uses next to nothing, so what the process used meanwhile is the other
 * threads'. Once that is under {@link #BUSY_SHARE} of the window, the JVM is quiet. A compilation
 * the timed call itself triggers still runs inside it, as it would in a program. The wait gives up
 * after {@link #MAX_WINDOWS} windows (a thread that never rests must not stop the run) and costs a
 * quiet JVM one window.
 *
 * <p>Public for its window alone: the run's cost model counts the wait in windows of this length.
 */
public final class Quiet {
  private Quiet() {}

  /** One look: how long the waiting thread sleeps between two reads of the process CPU time. */
  public static final long WINDOW_NANOS = 1_000_000L;

  /**
   * The share of one core the other threads may use during a window for the JVM to count as quiet:
   * the JVM's periodic threads (a few microseconds a millisecond) stay well under it, a compiler or
   * collector thread at work is far above it.
   */
  static final double BUSY_SHARE = 0.1;

  /** At most this many windows, 2 s: then the sample starts however busy the JVM is. */
  static final int MAX_WINDOWS = 2_000;

  /**
   * Waits on the real clocks; {@code cpuNanos} reads the process CPU time (every thread's).
   *
   * @return the windows during which another thread was busy
   */
  static int await(LongSupplier cpuNanos) {
    return await(cpuNanos, System::nanoTime, LockSupport::parkNanos, WINDOW_NANOS, MAX_WINDOWS);
  }

  /**
   * The wait with its clocks and its sleep as arguments: sleeps {@code window} nanoseconds at a
   * time until a window in which the process used less than {@link #BUSY_SHARE} of it, at most
   * {@code maxWindows} times.
   *
   * @return the windows during which another thread was busy (0: the JVM was quiet at once)
   */
  static int await(
      LongSupplier cpuNanos,
      LongSupplier wallNanos,
      LongConsumer sleep,
      long window,
      int maxWindows) {
    int busy = 0;
    while (busy < maxWindows) {
      long cpu = cpuNanos.getAsLong();
      long wall = wallNanos.getAsLong();
      sleep.accept(window);
      long used = cpuNanos.getAsLong() - cpu;
      long elapsed = wallNanos.getAsLong() - wall;
      if (used < BUSY_SHARE * elapsed) {
        return busy;
      }
      busy++;
    }
    return busy;
  }
}
