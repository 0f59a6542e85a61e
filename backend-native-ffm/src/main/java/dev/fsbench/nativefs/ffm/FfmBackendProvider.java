package dev.fsbench.nativefs.ffm;

import dev.fsbench.nativefs.Binding;
import dev.fsbench.nativefs.LibraryProvider;
import dev.fsbench.spi.Availability;
import java.util.Map;

/**
 * The {@code native-ffm} backend: the Rust library {@code libfsbench_native}, the very file the
 * {@code native} backend ships, called through the Foreign Function and Memory API ({@code
 * java.lang.foreign}) instead of JNA. Found through {@link java.util.ServiceLoader} on every JDK;
 * unavailable, with the reason, on a JVM before 22, from a build made on one, or when the library
 * cannot be loaded.
 *
 * <pre>{@code
 * // java --enable-native-access=ALL-UNNAMED ... on JDK 22 or later
 * try (FsBackend fs = Backends.create("native-ffm", BackendConfig.DEFAULT)) {
 *   FileStat st = fs.stat(path);
 * }
 * }</pre>
 *
 * It works on the default filesystem only: the library talks to the kernel, not to a {@link
 * java.nio.file.FileSystem}. The backend is backend-native's, the same families as {@code
 * native}'s, over this module's FFM binding.
 */
public final class FfmBackendProvider extends LibraryProvider {

  /** The id the backend is found by. */
  public static final String ID = "native-ffm";

  /** What {@link java.util.ServiceLoader} calls. */
  public FfmBackendProvider() {
    super(ID, "java.lang.foreign (FFM, JDK " + FfmSupport.FFM_RELEASE + "+)");
  }

  @Override
  public Map<String, String> details() {
    return FfmSupport.entry().details();
  }

  @Override
  public Availability availability() {
    return FfmSupport.entry().availability();
  }

  @Override
  protected Binding binding() {
    return FfmSupport.entry().binding();
  }
}
