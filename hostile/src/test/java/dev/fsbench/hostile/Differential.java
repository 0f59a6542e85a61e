package dev.fsbench.hostile;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.FsBackend;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/**
 * What the differential tests share: a sandbox with the seeded trees ({@link RandomTree}), made
 * once per test class, and the backends, each opened once.
 */
final class Differential implements AutoCloseable {
  static final long[] SEEDS = {1, 2, 3};

  final Path root;
  final Map<Long, RandomTree.Made> trees = new LinkedHashMap<>();
  private final Map<String, FsBackend> backends = new LinkedHashMap<>();

  /** A sandbox with the seeded trees of {@link #SEEDS}. */
  Differential(String prefix) throws Exception {
    this(prefix, SEEDS);
  }

  /** A sandbox with the seeded trees of {@code seeds} (none: a test that makes its own files). */
  Differential(String prefix, long... seeds) throws Exception {
    root = Sandbox.create(prefix);
    for (long seed : seeds) {
      trees.put(seed, RandomTree.make(root.resolve("seed" + seed), seed));
    }
  }

  /** The backend {@code id}; aborts (native only, in a -Dnative.skip build) when unavailable. */
  synchronized FsBackend backend(String id) {
    FsBackend b = backends.get(id);
    if (b == null) {
      boolean available =
          Backends.list().stream()
              .anyMatch(e -> e.id().equals(id) && e.availability().isAvailable());
      if (!available && Sandbox.mayBeUnavailable(id)) {
        Assumptions.abort(id + " is unavailable in this build (-Dnative.skip=true)");
      }
      b = Backends.create(id, BackendConfig.DEFAULT);
      backends.put(id, b);
    }
    return b;
  }

  static List<String> backendIds() {
    return new ArrayList<>(Sandbox.BACKENDS);
  }

  @Override
  public void close() throws Exception {
    backends.values().forEach(FsBackend::close);
    Tools.removeTree(root);
  }
}
