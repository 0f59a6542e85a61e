package dev.fsbench.nativefs;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.FsBackend;

/**
 * A provider of {@link LibraryBackend} over one {@link Binding}: what every binding's provider says
 * and checks the same way. Its id, a description naming the library's ABI and the binding, and
 * {@link #create}: the backend is created only when available (else {@link IllegalStateException}
 * with the reason) and on the default filesystem (else {@link UnsupportedOperationException}: the
 * library talks to the kernel, not to a {@link java.nio.file.FileSystem}). A subclass says whether
 * it is available, what run.json records, and which binding to use.
 */
public abstract class LibraryProvider implements BackendProvider {
  private final String id;
  private final String through;

  /**
   * The provider of backend {@code id}, described as the library "through {@code through}" (the
   * binding, as a person would name it).
   */
  protected LibraryProvider(String id, String through) {
    this.id = id;
    this.through = through;
  }

  @Override
  public final String id() {
    return id;
  }

  @Override
  public final String description() {
    return "Rust library libfsbench_native (C ABI " + Binding.ABI_VERSION + ") through " + through;
  }

  @Override
  public final FsBackend create(BackendConfig config) {
    LibraryBackend.requireCreatable(id, availability(), config);
    return new LibraryBackend(id, config, binding());
  }

  /**
   * The binding the backend calls the library through; asked only when {@link #availability()} says
   * available, and the first moment its class is loaded.
   */
  protected abstract Binding binding();
}
