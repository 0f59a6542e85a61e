package dev.fsbench.harness.bench;

import java.lang.management.ManagementFactory;

/**
 * Reads the two counters a sample records beside its wall time: process CPU time and Java heap allocation.
 *
 * <p>CPU is {@code getProcessCpuTime()}: user and system time of every thread of the process, so a backend's own
 * worker threads, native ones included, are counted (a per-thread figure would show only the benchmark thread
 * waiting). Allocation is the sum of {@code getThreadAllocatedBytes} over the live threads: the async executor's
 * threads allocate too. A thread that ends inside the timed region takes its allocation with it; the backends' pools
 * keep their threads, so in practice none does.
 */
final class Meter {
  private final com.sun.management.OperatingSystemMXBean os;
  private final com.sun.management.ThreadMXBean threads;

  Meter() {
    os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    if (!threads.isThreadAllocatedMemorySupported()) {
      throw new IllegalStateException("this JVM cannot measure per-thread allocation");
    }
    threads.setThreadAllocatedMemoryEnabled(true);
    if (os.getProcessCpuTime() < 0) {
      throw new IllegalStateException("this JVM cannot measure process CPU time");
    }
  }

  /** Process CPU time, nanoseconds. */
  long cpuNanos() {
    return os.getProcessCpuTime();
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
