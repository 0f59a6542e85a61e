package dev.fsbench.jnrposix;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.FsBackend;
import java.nio.file.Path;

/**
 * A child JVM's view of the backend, one line each on stdout: how {@code Backends.list()} lists
 * {@code jnr-posix}, and what {@code Backends.create} does (and, if it made one, a stat through
 * it). Run by {@link StubMissingTest} and {@link NativeAccessWarningTest}.
 */
public final class ProbeChild {
  private ProbeChild() {}

  public static void main(String[] args) {
    Backends.list().stream()
        .filter(e -> e.id().equals(JnrPosixBackend.ID))
        .forEach(e -> System.out.println("listed\t" + e.availability()));
    try (FsBackend backend = Backends.create(JnrPosixBackend.ID, BackendConfig.DEFAULT)) {
      System.out.println("created\tsize of / " + backend.stat(Path.of("/")).size());
    } catch (Exception e) {
      System.out.println("refused\t" + e);
    }
  }
}
