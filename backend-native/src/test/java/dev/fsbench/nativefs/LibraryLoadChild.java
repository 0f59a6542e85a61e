package dev.fsbench.nativefs;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import java.nio.file.Path;

/**
 * The child JVM of {@link LibraryFileTest}: loads the native backend as a benchmark fork does,
 * makes one call, prints where the library came from ({@code origin\t...}) and, given {@code hold},
 * waits to be killed.
 */
public final class LibraryLoadChild {
  private LibraryLoadChild() {}

  public static void main(String[] args) throws Exception {
    NativeBackendProvider provider = new NativeBackendProvider();
    if (!provider.availability().isAvailable()) {
      System.out.println("unavailable\t" + provider.availability().reason());
      System.exit(3);
    }
    try (FsBackend fs = provider.create(BackendConfig.DEFAULT)) {
      if (!fs.exists(Path.of("/"))) {
        System.exit(4);
      }
    }
    System.out.println("origin\t" + provider.details().get("library.origin"));
    System.out.flush();
    if (args.length > 0 && args[0].equals("hold")) {
      Thread.sleep(120_000);
    }
  }
}
