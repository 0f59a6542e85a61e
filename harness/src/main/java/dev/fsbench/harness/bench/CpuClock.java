package dev.fsbench.harness.bench;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import java.lang.management.ManagementFactory;

/**
 * The process CPU time of the fork: user and system time of every thread, a backend's native worker
 * threads included (a per-thread figure would show the benchmark thread waiting for them).
 *
 * <p>The trap: {@code OperatingSystemMXBean.getProcessCpuTime()} reads {@code times(2)} on Linux
 * JDK 17, which ticks every 10 ms, so a sample shorter than that reads 0 or 10 ms. {@code
 * clock_gettime(CLOCK_PROCESS_CPUTIME_ID)} counts nanoseconds. It is called through JNA's direct
 * mapping (a plain native method, no reflection or argument conversion per call); where it cannot
 * be loaded (not Linux on 64 bits, no JNA), the MXBean is the fallback, and {@link #name()} says
 * which clock a sample used.
 */
abstract class CpuClock {
  /** {@link #name()} of the nanosecond clock. */
  static final String CLOCK_GETTIME = "clock_gettime(CLOCK_PROCESS_CPUTIME_ID)";

  /** {@link #name()} of the fallback. */
  static final String MXBEAN = "OperatingSystemMXBean.getProcessCpuTime";

  /** Process CPU time, nanoseconds since an arbitrary origin. */
  abstract long nanos();

  /** Which clock this is, as recorded with the samples. */
  abstract String name();

  /**
   * The nanosecond clock where it loads, else the MXBean; the reason of a fallback goes to standard
   * error once.
   */
  static CpuClock best() {
    try {
      return new ClockGettime();
    } catch (LinkageError | RuntimeException e) {
      System.err.println(
          "fsbench: process CPU time from "
              + MXBEAN
              + " (10 ms ticks): "
              + CLOCK_GETTIME
              + " is unavailable: "
              + e);
      return mxBean();
    }
  }

  static CpuClock mxBean() {
    return new MxBean();
  }

  /**
   * {@code clock_gettime(2)} on Linux, 64 bits: {@code struct timespec} is two 64-bit fields there.
   */
  private static final class ClockGettime extends CpuClock {
    /** {@code CLOCK_PROCESS_CPUTIME_ID} of Linux's {@code <time.h>}. */
    private static final int CLOCK_PROCESS_CPUTIME_ID = 2;

    /** Reused: the clock is read from the benchmark thread only, and a read must not allocate. */
    private final long[] timespec = new long[2];

    ClockGettime() {
      if (!Platform.isLinux() || !Platform.is64Bit()) {
        throw new UnsupportedOperationException(
            "needs Linux on 64 bits, this is "
                + System.getProperty("os.name")
                + " "
                + System.getProperty("os.arch"));
      }
      LibC.ensureRegistered();
      nanos();
    }

    @Override
    long nanos() {
      int rc = LibC.clock_gettime(CLOCK_PROCESS_CPUTIME_ID, timespec);
      if (rc != 0) {
        throw new IllegalStateException(
            "clock_gettime(CLOCK_PROCESS_CPUTIME_ID) failed, errno " + Native.getLastError());
      }
      return timespec[0] * 1_000_000_000L + timespec[1];
    }

    @Override
    String name() {
      return CLOCK_GETTIME;
    }
  }

  /** JNA direct mapping of the one libc call needed; registered on first use. */
  private static final class LibC {
    static {
      Native.register(LibC.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
    }

    static void ensureRegistered() {
      // Loading this class ran the static initializer, which registered the native method (or
      // threw).
    }

    static native int clock_gettime(int clockId, long[] timespec);
  }

  private static final class MxBean extends CpuClock {
    private final com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    MxBean() {
      if (os.getProcessCpuTime() < 0) {
        throw new IllegalStateException("this JVM cannot measure process CPU time");
      }
    }

    @Override
    long nanos() {
      return os.getProcessCpuTime();
    }

    @Override
    String name() {
      return MXBEAN;
    }
  }
}
