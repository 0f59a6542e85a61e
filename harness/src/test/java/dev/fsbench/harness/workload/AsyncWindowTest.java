package dev.fsbench.harness.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.Mode;
import dev.fsbench.spi.Async;
import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AsyncWindowTest {
  /**
   * More threads than the window, so that only the window can be what bounds the calls in flight.
   */
  private final ExecutorService executor =
      Async.newExecutor("window-test", 3 * Mode.ASYNC_IN_FLIGHT);

  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger mostInFlight = new AtomicInteger();
  private final AtomicInteger completed = new AtomicInteger();

  @AfterEach
  void stop() {
    executor.shutdownNow();
  }

  private void enter() {
    mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
  }

  private void leave() {
    inFlight.decrementAndGet();
    completed.incrementAndGet();
  }

  @Test
  void keepsExactlyEightInFlightAndReturnsWhenAllCompleted() throws Exception {
    // The first eight calls wait until all eight run at once: a smaller window would leave them
    // waiting (and fail).
    CountDownLatch firstEight = new CountDownLatch(Mode.ASYNC_IN_FLIGHT);
    Object[] results = new Object[100];
    AsyncWindow.run(
        results.length,
        i ->
            Async.call(
                executor,
                () -> {
                  enter();
                  try {
                    if (i < Mode.ASYNC_IN_FLIGHT) {
                      firstEight.countDown();
                      assertTrue(
                          firstEight.await(10, TimeUnit.SECONDS), "eight calls in flight at once");
                    } else {
                      Thread.sleep(1);
                    }
                    return i % 2 == 0 ? Integer.valueOf(i) : null;
                  } finally {
                    leave();
                  }
                }),
        results);
    assertEquals(Mode.ASYNC_IN_FLIGHT, mostInFlight.get());
    assertEquals(100, completed.get(), "every call completed before the window returned");
    for (int i = 0; i < results.length; i++) {
      assertEquals(
          i % 2 == 0 ? Integer.valueOf(i) : AsyncWindow.COMPLETED, results[i], "result " + i);
    }
  }

  @Test
  void aFailedCallFailsTheSampleWithItsCauseOnceTheOthersFinished() {
    IOException boom = new IOException("boom");
    Object[] results = new Object[256];
    IOException thrown =
        assertThrows(
            IOException.class,
            () ->
                AsyncWindow.run(
                    results.length,
                    i ->
                        Async.call(
                            executor,
                            () -> {
                              enter();
                              try {
                                Thread.sleep(1);
                                if (i == 20) {
                                  throw boom;
                                }
                                return null;
                              } finally {
                                leave();
                              }
                            }),
                    results));
    assertSame(boom, thrown);
    assertEquals(0, inFlight.get(), "nothing still running when the sample failed");
    assertTrue(
        completed.get() < 256, "no further calls issued after the failure: " + completed.get());
  }

  @Test
  void aCallThatCannotEvenStartFailsTheSample() {
    IllegalStateException closed = new IllegalStateException("backend closed");
    Object[] results = new Object[10];
    assertSame(
        closed,
        assertThrows(
            IllegalStateException.class,
            () ->
                AsyncWindow.run(
                    results.length,
                    i -> {
                      if (i == 3) {
                        throw closed;
                      }
                      return Async.call(executor, () -> "ok");
                    },
                    results)));
  }
}
