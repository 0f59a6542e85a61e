package dev.fsbench.hostile;

import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;

/** A call in its sync form, or in its async form waited for. */
enum Mode {
  SYNC,
  ASYNC;

  /** The call in its sync form. */
  interface SyncCall {
    Object call() throws Exception;
  }

  String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Runs {@code sync}, or {@code async} and waits for it; a future that completes exceptionally
   * rethrows its own exception, so both modes report the same thing.
   */
  Object call(SyncCall sync, Supplier<? extends CompletableFuture<?>> async) throws Exception {
    if (this == SYNC) {
      return sync.call();
    }
    try {
      return async.get().get();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof Exception) {
        throw (Exception) cause;
      }
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      throw e;
    }
  }
}
