package dev.fsbench.nativefs;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.Floor;
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
public final class NativeBackendProvider extends LibraryProvider {

  /** The id the backend is found by. */
  public static final String ID = "native";

  /** What {@link java.util.ServiceLoader} calls. */
  public NativeBackendProvider() {
    super(ID, "JNA direct mapping");
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
  protected Binding binding() {
    return JnaBinding.INSTANCE;
  }
}
