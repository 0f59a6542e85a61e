package dev.fsbench.harness.workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AnnotatedElementContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDirFactory;

/**
 * Test sandboxes on tmpfs ({@code /dev/shm}) where the machine has one, else in the system
 * temporary directory: hundreds of small fixtures on a disk mounted with {@code discard} cost
 * seconds of noise (DESIGN.md measured 11 ms to 216 ms for 256 files), and nothing here measures a
 * disk. JUnit creates and removes the directory as for any {@code @TempDir}:
 * {@code @TempDir(factory = Tmpfs.class) Path sandbox}.
 */
public final class Tmpfs implements TempDirFactory {
  private static final Path SHM = Path.of("/dev/shm");

  @Override
  public Path createTempDirectory(AnnotatedElementContext element, ExtensionContext context)
      throws IOException {
    if (Files.isDirectory(SHM) && Files.isWritable(SHM)) {
      return Files.createTempDirectory(SHM, "fsbench-test-");
    }
    return Files.createTempDirectory("fsbench-test-");
  }
}
