package dev.fsbench.testkit;

import dev.fsbench.spi.FsBackend;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The backend as the cases call it, in one of two modes: {@link Mode#SYNC} calls a family's sync
 * form, {@link Mode#ASYNC} its async form and waits, rethrowing the exception the future failed
 * with. So one case body checks both forms, and an async form that wraps its failure (in a {@code
 * CompletionException}, say) fails the exact-class checks. The calls themselves are the families'
 * own: each contract class names its sync and async form once, through {@link #call} or {@link
 * #run} ({@code LinesContract.lines(fs, path, from, count)}).
 */
final class Calls {

  enum Mode {
    SYNC,
    ASYNC
  }

  /**
   * Long enough for any case, short enough that a future that never completes fails the case
   * instead of the build.
   */
  private static final long TIMEOUT_SECONDS = 60;

  private final FsBackend backend;
  private final Mode mode;

  Calls(FsBackend backend, Mode mode) {
    this.backend = backend;
    this.mode = mode;
  }

  Mode mode() {
    return mode;
  }

  FsBackend backend() {
    return backend;
  }

  /** A family's sync form, called on the backend. */
  @FunctionalInterface
  interface SyncCall<T> {
    T call(FsBackend backend) throws IOException;
  }

  /** A family's sync form that returns nothing. */
  @FunctionalInterface
  interface SyncRun {
    void run(FsBackend backend) throws IOException;
  }

  /**
   * Calls a family in this mode: {@code sync} on the backend, or the future {@code async} starts,
   * awaited. Each family's contract class says its own call once ({@code LinesContract.lines}), so
   * that a new family does not touch this class.
   */
  <T> T call(SyncCall<T> sync, Function<FsBackend, CompletableFuture<T>> async) throws IOException {
    return mode == Mode.SYNC ? sync.call(backend) : await(() -> async.apply(backend));
  }

  /** {@link #call} of a family that returns nothing. */
  void run(SyncRun sync, Function<FsBackend, CompletableFuture<Void>> async) throws IOException {
    if (mode == Mode.SYNC) {
      sync.run(backend);
    } else {
      await(() -> async.apply(backend));
    }
  }

  /**
   * Starts an async call and waits for it. A future that fails is unwrapped to exactly what it
   * failed with (not what {@code get()} makes of it: {@code get} strips one {@code
   * CompletionException}, which would hide a backend that wraps its errors). An async form may
   * reject bad arguments by throwing at once, but never an I/O error.
   */
  private static <T> T await(Supplier<CompletableFuture<T>> start) throws IOException {
    CompletableFuture<T> future = start.get(); // argument checks may throw here, unchecked
    if (future == null) {
      throw new AssertionError("the async form returned null instead of a future");
    }
    try {
      return future.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      Throwable raw = future.handle((value, failure) -> failure).join();
      throw Calls.<RuntimeException>sneaky(raw);
    } catch (TimeoutException e) {
      future.cancel(true);
      throw new AssertionError(
          "the async form did not complete within " + TIMEOUT_SECONDS + " s", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while waiting for an async form", e);
    }
  }

  @SuppressWarnings("unchecked")
  private static <E extends Throwable> E sneaky(Throwable t) throws E {
    throw (E) t;
  }
}
