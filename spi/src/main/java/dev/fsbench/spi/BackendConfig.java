package dev.fsbench.spi;

import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.util.Objects;

/**
 * How a backend is created: on which {@link FileSystem}, with which default tree concurrency, with
 * how many async threads. Immutable; build one with {@link #builder()}:
 *
 * <pre>{@code
 * BackendConfig onJimfs = BackendConfig.builder().fileSystem(Jimfs.newFileSystem(Configuration.unix())).build();
 * BackendConfig serial = BackendConfig.DEFAULT.toBuilder().concurrency(1).build();
 * }</pre>
 */
public final class BackendConfig {

  /**
   * The default filesystem, the backend's own tree concurrency, {@link #DEFAULT_ASYNC_THREADS}
   * async threads.
   */
  public static final BackendConfig DEFAULT = builder().build();

  /**
   * Eight, because the harness keeps at most eight async operations in flight (as the seed reports
   * did): fewer threads would queue inside the backend, more would never be used.
   */
  public static final int DEFAULT_ASYNC_THREADS = 8;

  private final FileSystem fileSystem;
  private final int concurrency;
  private final int asyncThreads;

  private BackendConfig(Builder builder) {
    this.fileSystem = builder.fileSystem;
    this.concurrency = builder.concurrency;
    this.asyncThreads = builder.asyncThreads;
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder().fileSystem(fileSystem).concurrency(concurrency).asyncThreads(asyncThreads);
  }

  /** The filesystem the backend works on. */
  public FileSystem fileSystem() {
    return fileSystem;
  }

  /**
   * The concurrency a tree operation uses when its options say 0: 0 lets the backend choose, 1 is
   * serial, n is at most n workers.
   */
  public int concurrency() {
    return concurrency;
  }

  /** The number of threads of the backend's async executor. */
  public int asyncThreads() {
    return asyncThreads;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BackendConfig
        && ((BackendConfig) o).fileSystem.equals(fileSystem)
        && ((BackendConfig) o).concurrency == concurrency
        && ((BackendConfig) o).asyncThreads == asyncThreads;
  }

  @Override
  public int hashCode() {
    return Objects.hash(fileSystem, concurrency, asyncThreads);
  }

  @Override
  public String toString() {
    return "BackendConfig{fileSystem="
        + (fileSystem == FileSystems.getDefault() ? "default" : fileSystem)
        + ", concurrency="
        + concurrency
        + ", asyncThreads="
        + asyncThreads
        + "}";
  }

  /** Builds a {@link BackendConfig}; every setting has a default. */
  public static final class Builder {
    private FileSystem fileSystem = FileSystems.getDefault();
    private int concurrency = 0;
    private int asyncThreads = DEFAULT_ASYNC_THREADS;

    private Builder() {}

    public Builder fileSystem(FileSystem value) {
      this.fileSystem = Objects.requireNonNull(value, "fileSystem");
      return this;
    }

    public Builder concurrency(int value) {
      Concurrency.check(value);
      this.concurrency = value;
      return this;
    }

    public Builder asyncThreads(int value) {
      if (value < 1) {
        throw new IllegalArgumentException("asyncThreads must be at least 1, was " + value);
      }
      this.asyncThreads = value;
      return this;
    }

    public BackendConfig build() {
      return new BackendConfig(this);
    }
  }
}
