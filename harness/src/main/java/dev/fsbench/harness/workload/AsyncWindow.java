package dev.fsbench.harness.workload;

import dev.fsbench.harness.model.Mode;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;

/**
 * Issues {@code count} async calls with at most {@link Mode#ASYNC_IN_FLIGHT} outstanding, and
 * returns when every issued call has completed: the seed's "async bounded to eight in flight".
 *
 * <p>A window refilled as soon as any call completes (a semaphore), not batches of eight: waiting
 * for a whole batch would let a slow call idle the other seven slots and measure the batching
 * instead of the backend.
 *
 * <p>The timed region must not end while calls are still running: the method reclaims every permit
 * before it returns, which is only possible once the last call has completed. A failed call stops
 * further issuing and fails the sample with its cause, once the calls already in flight have
 * finished.
 */
final class AsyncWindow {
  private AsyncWindow() {}

  /**
   * Stored for a call that completed without a value, so that "completed" and "never ran" differ.
   */
  static final Object COMPLETED =
      new Object() {
        @Override
        public String toString() {
          return "completed";
        }
      };

  static void run(int count, IntFunction<CompletableFuture<?>> start, Object[] results)
      throws Exception {
    Semaphore slots = new Semaphore(Mode.ASYNC_IN_FLIGHT);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    for (int i = 0; i < count && failure.get() == null; i++) {
      slots.acquire();
      int index = i;
      CompletableFuture<?> call;
      try {
        call = start.apply(i);
      } catch (RuntimeException | Error e) {
        slots.release();
        failure.compareAndSet(null, e);
        break;
      }
      call.whenComplete(
          (result, error) -> {
            if (error != null) {
              failure.compareAndSet(null, unwrap(error));
            } else {
              results[index] = result == null ? COMPLETED : result;
            }
            // The release publishes results[index] to the thread that reclaims the permits below.
            slots.release();
          });
    }
    slots.acquire(Mode.ASYNC_IN_FLIGHT);
    Throwable error = failure.get();
    if (error instanceof Exception) {
      throw (Exception) error;
    }
    if (error instanceof Error) {
      throw (Error) error;
    }
    if (error != null) {
      throw new ExecutionException(error);
    }
  }

  private static Throwable unwrap(Throwable error) {
    Throwable cause = error;
    while ((cause instanceof CompletionException || cause instanceof ExecutionException)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause;
  }
}
