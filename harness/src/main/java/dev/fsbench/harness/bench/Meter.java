package dev.fsbench.harness.bench;

import java.lang.management.ManagementFactory;

/**
 * Reads the two counters a sample records beside its wall time: process CPU time and Java heap allocation.
 *
 * <p>CPU is the process's, every thread's user and system time (see {@link CpuClock}). Allocation is the sum of {@code getThreadAllocatedBytes} over the live threads: the async executor's
 * threads allocate too. A thread that ends inside the timed region takes its allocation with it; the backends' pools
 * keep their threads, so in practice none does.
 */
final class Meter {
  private final CpuClock cpu;
  private final com.sun.management.ThreadMXBean threads;

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
}
