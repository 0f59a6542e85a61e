package dev.fsbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.RunnerException;

/** A cell waits its turn while another JMH holds the lock, and fails at once for anything else. */
class JmhLockWaitTest {
  private static final RunnerException LOCKED =
      new RunnerException(
          "ERROR: Another JMH instance might be running. Unable to acquire the JMH lock (/tmp/jmh.lock), exiting.");

  @Test
  void retriesWhileTheLockIsHeldAndSaysSoOnce() throws RunnerException {
    AtomicInteger attempts = new AtomicInteger();
    AtomicInteger notes = new AtomicInteger();
    String result =
        JmhCell.waitingForTheLock(
            () -> {
              if (attempts.incrementAndGet() < 3) {
                throw LOCKED;
              }
              return "ran";
            },
            Duration.ofMillis(1),
            Duration.ofMinutes(1),
            notes::incrementAndGet);
    assertEquals("ran", result);
    assertEquals(3, attempts.get());
    assertEquals(1, notes.get());
  }

  @Test
  void otherFailuresAreNotRetried() {
    AtomicInteger attempts = new AtomicInteger();
    RunnerException broken = new RunnerException("Benchmark had encountered error");
    assertSame(
        broken,
        assertThrows(
            RunnerException.class,
            () ->
                JmhCell.waitingForTheLock(
                    () -> {
                      attempts.incrementAndGet();
                      throw broken;
                    },
                    Duration.ofMillis(1),
                    Duration.ofMinutes(1),
                    () -> {})));
    assertEquals(1, attempts.get());
  }

  @Test
  void givesUpWhenPatienceIsSpent() {
    AtomicInteger attempts = new AtomicInteger();
    assertSame(
        LOCKED,
        assertThrows(
            RunnerException.class,
            () ->
                JmhCell.waitingForTheLock(
                    () -> {
                      attempts.incrementAndGet();
                      throw LOCKED;
                    },
                    Duration.ofMillis(5),
                    Duration.ofMillis(50),
                    () -> {})));
    assertEquals(true, attempts.get() >= 2, "it retried before giving up: " + attempts.get());
  }
}
