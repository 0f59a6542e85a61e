package dev.fsbench.support;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import java.nio.file.FileSystem;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * What every backend needs besides its families: its id and configuration, a lazily started async
 * executor that {@link #close()} stops, and the argument checks of the contract. Extending it is
 * optional.
 *
 * <p>The executor starts on first use, so a benchmark that only measures sync calls never has idle
 * pool threads competing for the two cores.
 */
public abstract class AbstractFsBackend implements FsBackend {
  private final String id;
  private final BackendConfig config;
  private final LazyExecutor executor;

  protected AbstractFsBackend(String id, BackendConfig config) {
    this.id = Objects.requireNonNull(id, "id");
    this.config = Objects.requireNonNull(config, "config");
    this.executor = new LazyExecutor(id, config.asyncThreads());
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
    return executor.get();
  }

  @Override
  public void close() {
    executor.close();
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
