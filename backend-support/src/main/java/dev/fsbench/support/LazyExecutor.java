package dev.fsbench.support;

import dev.fsbench.spi.Async;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;

/**
 * A backend's async executor ({@link Async#newExecutor}), started on first use and stopped for good
 * by {@link #close()}: what {@link AbstractFsBackend} runs its async forms on, for a backend with
 * another base class, such as a {@link ForwardingFsBackend} whose async forms should run on threads
 * of its own rather than on its delegate's. Starting late means that a benchmark of sync calls
 * alone never has idle pool threads competing for the cores.
 *
 * <pre>{@code
 * private final LazyExecutor async = new LazyExecutor("my-id", config.asyncThreads());
 *
 * public Executor asyncExecutor() { return async.get(); }
 * public void close() { try { async.close(); } finally { super.close(); } }
 * }</pre>
 */
public final class LazyExecutor implements AutoCloseable {
  private final String backendId;
  private final int threads;
  private final Object lock = new Object();
  private ExecutorService executor;
  private boolean closed;

  /** An executor of {@code threads} threads named after {@code backendId}, not started yet. */
  public LazyExecutor(String backendId, int threads) {
    this.backendId = Objects.requireNonNull(backendId, "backendId");
    this.threads = threads;
  }

  /**
   * The executor, started by the first call.
   *
   * @throws IllegalStateException once {@link #close()} was called
   */
  public Executor get() {
    synchronized (lock) {
      if (closed) {
        throw new IllegalStateException("backend '" + backendId + "' is closed");
      }
      if (executor == null) {
        executor = Async.newExecutor(backendId, threads);
      }
      return executor;
    }
  }

  /** Stops the executor, if it was started, interrupting the calls it runs. Idempotent. */
  @Override
  public void close() {
    synchronized (lock) {
      closed = true;
      if (executor != null) {
        executor.shutdownNow();
        executor = null;
      }
    }
  }
}
