package dev.fsbench.harness.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * Reads the counters a sample records beside its wall time: process CPU time, Java heap allocation,
 * and what the JVM itself did meanwhile (GC cycles and their time, JIT compilation time).
 *
 * <p>CPU is the process's, every thread's user and system time (see {@link CpuClock}). Allocation
 * is the sum of {@code getThreadAllocatedBytes} over the live threads: the async executor's threads
 * allocate too. A thread that ends inside the timed region takes its allocation with it; the
 * backends' pools keep their threads, so in practice none does.
 *
 * <p>GC and JIT come from the platform MXBeans, in milliseconds (the resolution those beans have):
 * enough to mark a sample that had a collection inside its timed region, or that ran while the
 * compiler was busy, which is what moves a sample that is otherwise like its neighbours.
 */
final class Meter {
  private final CpuClock cpu;
  private final com.sun.management.ThreadMXBean threads;
  private final List<GarbageCollectorMXBean> collectors =
      ManagementFactory.getGarbageCollectorMXBeans();
  private final CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();

  Meter(CpuClock cpu) {
    this.cpu = cpu;
    threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    if (!threads.isThreadAllocatedMemorySupported()) {
      throw new IllegalStateException("this JVM cannot measure per-thread allocation");
    }
    threads.setThreadAllocatedMemoryEnabled(true);
  }

  /** Process CPU time, nanoseconds. */
  long cpuNanos() {
    return cpu.nanos();
  }

  /** The clock {@link #cpuNanos()} reads, recorded with every sample. */
  String cpuClock() {
    return cpu.name();
  }

  /** Bytes allocated so far by the threads alive now. */
  long allocatedBytes() {
    long total = 0;
    for (long bytes : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
      if (bytes > 0) {
        total += bytes;
      }
    }
    return total;
  }

  /** GC cycles completed so far, every collector. */
  long gcCount() {
    long total = 0;
    for (GarbageCollectorMXBean gc : collectors) {
      total += Math.max(0, gc.getCollectionCount());
    }
    return total;
  }

  /** Time spent in GC so far, every collector, nanoseconds at millisecond resolution. */
  long gcNanos() {
    long millis = 0;
    for (GarbageCollectorMXBean gc : collectors) {
      millis += Math.max(0, gc.getCollectionTime());
    }
    return millis * 1_000_000L;
  }

  /**
   * JIT compilation time so far, nanoseconds at millisecond resolution; 0 where the JVM does not
   * say.
   */
  long jitNanos() {
    return compiler != null && compiler.isCompilationTimeMonitoringSupported()
        ? compiler.getTotalCompilationTime() * 1_000_000L
        : 0;
  }
}
