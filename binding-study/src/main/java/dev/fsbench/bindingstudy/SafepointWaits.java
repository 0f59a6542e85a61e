package dev.fsbench.bindingstudy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * How long the JVM waited for its threads to reach each safepoint during an iteration, read from
 * JFR's {@code jdk.SafepointStateSynchronization} events (every one, no threshold), and reported
 * beside the score as JMH auxiliary counters: the safepoints begun, the total time to reach them,
 * how many took longer than 100 us to reach, and the longest.
 *
 * <p>Hand-written because JMH 1.37's {@code safepoints} profiler does not read JDK 25's {@code
 * -Xlog:safepoint} lines (it reports no pauses there) and its {@code hs_rt} profiler is gone; JFR
 * is the JDK's own record of the same phase. A thread in a critical downcall is still in the Java
 * state, so the synchronisation waits for the call to return: that wait is what these counters
 * show.
 *
 * <p>JMH reports an {@code EVENTS} counter as its sum over every measured iteration of every fork,
 * and keeps each iteration's value in the result's raw data, which {@code render.py} reads: a sum
 * of {@link #slowestReachMicros} means nothing, each iteration's value does.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class SafepointWaits {
  static final String EVENT = "jdk.SafepointStateSynchronization";

  /** A wait longer than this is counted apart; beside plain calls 6 to 17% of the waits pass it. */
  static final long SLOW_NANOS = 100_000;

  public long safepoints;
  public long reachMicros;
  public long slowReaches;
  public long slowestReachMicros;

  private Recording recording;

  @Setup(Level.Iteration)
  public void start() {
    recording = new Recording();
    recording.enable(EVENT).withThreshold(Duration.ZERO);
    recording.start();
  }

  @TearDown(Level.Iteration)
  public void stop() throws IOException {
    recording.stop();
    Path file = Files.createTempFile("fsbench-safepoints-", ".jfr");
    try {
      recording.dump(file);
      long total = 0;
      long slowest = 0;
      for (RecordedEvent event : RecordingFile.readAllEvents(file)) {
        if (!event.getEventType().getName().equals(EVENT)) {
          continue;
        }
        long nanos = event.getDuration().toNanos();
        safepoints++;
        total += nanos;
        slowest = Math.max(slowest, nanos);
        if (nanos > SLOW_NANOS) {
          slowReaches++;
        }
      }
      reachMicros += total / 1000;
      slowestReachMicros += slowest / 1000;
    } finally {
      recording.close();
      Files.deleteIfExists(file);
    }
  }
}
