package dev.fsbench.spi;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The plumbing of the default async forms: run a sync call on an executor and complete a future
 * with its result or with its exception, unwrapped.
 *
 * <p>Why not {@link CompletableFuture#supplyAsync}: it cannot throw checked exceptions, and
 * wrapping them in an unchecked one would make the async error differ from the sync one, which the
 * contract forbids.
 */
public final class Async {
  private Async() {}

  /**
   * A sync call that returns a value and may throw anything, an {@link java.io.IOException} in
   * particular.
   */
  @FunctionalInterface
  public interface IoCallable<T> {
    T call() throws Exception;
  }

  /** A sync call without a result. */
  @FunctionalInterface
  public interface IoRunnable {
    void run() throws Exception;
  }

  /**
   * Runs {@code call} on {@code executor}; the future fails with exactly what {@code call} threw.
   */
  public static <T> CompletableFuture<T> call(Executor executor, IoCallable<T> call) {
    Objects.requireNonNull(call, "call");
    CompletableFuture<T> future = new CompletableFuture<>();
    try {
      executor.execute(
          () -> {
            try {
              future.complete(call.call());
            } catch (Throwable t) {
              future.completeExceptionally(t);
            }
          });
    } catch (RuntimeException rejected) {
      future.completeExceptionally(rejected);
    }
    return future;
  }

  /**
   * Runs {@code run} on {@code executor}; the future completes with {@code null} or fails with what
   * it threw.
   */
  public static CompletableFuture<Void> run(Executor executor, IoRunnable run) {
    Objects.requireNonNull(run, "run");
    return call(
        executor,
        () -> {
          run.run();
          return null;
        });
  }

  /**
   * A fixed pool of daemon threads named {@code fsbench-<id>-async-<n>} for a backend's async
   * forms. Daemon threads, so that a backend someone forgot to close never keeps the JVM alive.
   */
  public static ExecutorService newExecutor(String backendId, int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("async threads must be at least 1, was " + threads);
    }
    AtomicInteger counter = new AtomicInteger();
    ThreadFactory factory =
        runnable -> {
          Thread thread =
              new Thread(runnable, "fsbench-" + backendId + "-async-" + counter.incrementAndGet());
          thread.setDaemon(true);
          return thread;
        };
    return Executors.newFixedThreadPool(threads, factory);
  }
}
