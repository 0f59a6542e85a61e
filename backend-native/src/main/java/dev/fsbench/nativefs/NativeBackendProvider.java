package dev.fsbench.nativefs;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.Floor;
import dev.fsbench.spi.FsBackend;
import java.util.List;
import java.util.Map;

/**
 * The {@code native} backend: the Rust library {@code libfsbench_native} through JNA direct
 * mapping. Found through {@link java.util.ServiceLoader}; unavailable, with the reason, when this
 * build shipped no library for the platform or the library cannot be loaded.
 *
 * <pre>{@code
 * try (FsBackend fs = Backends.create("native", BackendConfig.DEFAULT)) {
 *   List<ScanEntry> tree = fs.scan(root, ScanOptions.DEFAULT.withConcurrency(4));
 * }
 * }</pre>
 *
 * It works on the default filesystem only: the library talks to the kernel, not to a {@link
 * java.nio.file.FileSystem}.
 *
 * <p>Beside the backend it offers the floors ({@link #floors()}): {@code floor}, every family's
 * work looped and timed inside the library, and {@code floor-find}, {@code floor-cp}, {@code
 * floor-rm}, the system tools on the same trees, timed as whole processes by the library.
 */
public final class NativeBackendProvider implements BackendProvider {

  /** The id the backend is found by. */
  public static final String ID = "native";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String description() {
    return "Rust library libfsbench_native (C ABI "
        + Binding.ABI_VERSION
        + ") through JNA direct mapping";
  }

  @Override
  public Map<String, String> details() {
    return Library.get().details();
  }

  @Override
  public List<Floor> floors() {
    return List.of(LibraryFloor.INSTANCE, ToolFloor.FIND, ToolFloor.CP, ToolFloor.RM);
  }

  @Override
  public Availability availability() {
    return Library.get().availability();
  }

  @Override
  public FsBackend create(BackendConfig config) {
    LibraryBackend.requireCreatable(ID, availability(), config);
    return LibraryBackend.create(ID, config, JnaBinding.INSTANCE);
  }
}
