package dev.fsbench.spi;

import java.nio.file.FileSystem;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;

/**
 * What every backend needs besides its 26 families: its id and configuration, a lazily started
 * async executor that {@link #close()} stops, and the argument checks of the contract. Extending it
 * is optional.
 *
 * <p>The executor starts on first use, so a benchmark that only measures sync calls never has idle
 * pool threads competing for the two cores.
 */
public abstract class AbstractFsBackend implements FsBackend {
  private final String id;
  private final BackendConfig config;
  private final Object lock = new Object();
  private ExecutorService executor;
  private boolean closed;

  protected AbstractFsBackend(String id, BackendConfig config) {
    this.id = Objects.requireNonNull(id, "id");
    this.config = Objects.requireNonNull(config, "config");
  }

  @Override
  public final String id() {
    return id;
  }

  /** The configuration this backend was created with. */
  public final BackendConfig config() {
    return config;
  }

  @Override
  public final FileSystem fileSystem() {
    return config.fileSystem();
  }

  @Override
  public Executor asyncExecutor() {
    synchronized (lock) {
      if (closed) {
        throw new IllegalStateException("backend '" + id + "' is closed");
      }
      if (executor == null) {
        executor = Async.newExecutor(id, config.asyncThreads());
      }
      return executor;
    }
  }

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

  /**
   * Checks a path argument: not null (NullPointerException naming the parameter), and of this
   * backend's filesystem ({@link java.nio.file.ProviderMismatchException}, as NIO throws for a
   * foreign path).
   */
  protected final Path check(Path path, String name) {
    return PathArguments.check(path, name, config.fileSystem(), id);
  }

  /**
   * The concurrency a tree call uses: the options' own, else the configured default (0 still means
   * "backend's choice").
   */
  protected final int concurrency(int fromOptions) {
    return fromOptions != 0 ? fromOptions : config.concurrency();
  }
}
