package dev.fsbench.spi;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A reference a provider offers beside its backend ({@link BackendProvider#floors()}): a family's
 * work done with no JVM in the loop and timed where it runs, so that a benchmark can say how far
 * each backend is from what the machine itself needs. The harness measures a floor in a column of
 * its own, on the same fixtures as the backends, verified the same way.
 *
 * <pre>{@code
 * Floor floor = Backends.floor("floor").orElseThrow();
 * try (FloorRunner runner = floor.open()) {
 *   for (Path p : paths) runner.recorder().stat(p); // recorded, not performed
 *   runner.prepare();                                // untimed: the batch handed to the native side
 *   long nanos = runner.run();                       // the stats, timed where they run
 *   FileStat first = (FileStat) runner.result(0);
 * }
 * }</pre>
 *
 * A floor describes its work as calls of {@link FsBackend} (its runner's {@link
 * FloorRunner#recorder() recorder}), so a workload written for backends drives it unchanged.
 */
public interface Floor {

  /** How a floor takes its time. */
  enum Timing {
    /**
     * The native side's loop around the syscalls, between two reads of a monotonic clock right
     * before the first call and right after the last.
     */
    NATIVE_LOOP,
    /** A system tool's whole process, from before its spawn to after it was reaped. */
    PROCESS;

    /** {@code native-loop} or {@code process}, the form of results and reports. */
    public String label() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  /** The short id, lower case, digits and dashes: unique among floors and backends. */
  String id();

  /** One line for a reader: what does the work and how it is timed. */
  String description();

  Timing timing();

  /** Whether {@link #open()} can succeed here; never throws. */
  Availability availability();

  /** The families this floor runs. */
  Set<Op> families();

  /** What it supports, as {@link FsBackend#capabilities()} says it for a backend. */
  Set<Capability> capabilities();

  /** What does the work of {@code op}, for the report beside the floor's figures. */
  Route route(Op op);

  /** Facts a result must record to be reproducible (a tool's version); empty by default. */
  default Map<String, String> details() {
    return Map.of();
  }

  /**
   * A runner for one trial. Throws {@link IllegalStateException} with the reason when unavailable.
   */
  FloorRunner open();
}
