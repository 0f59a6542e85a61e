package dev.fsbench.routed;

import dev.fsbench.codegen.FamilyMethods;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import dev.fsbench.support.LazyExecutor;
import java.nio.file.FileSystem;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;

/**
 * The {@code routed} backend: each family, sync and async, handed to the backend its routes chose
 * ({@link Targets}), whose own forms do the work, async ones included. What a call costs beyond the
 * chosen backend's is one field read and one interface call: each family's backend is a final field
 * of its own, resolved when routed is created, so no lookup happens per call. Arguments are checked
 * by the chosen backend, as it checks them when called directly.
 *
 * <p>Those fields and the family methods over them are written by the build from {@code FsBackend},
 * into the package-private {@code RoutedFamilies} this class extends ({@link FamilyMethods}): a
 * family added to the interface is routed without an edit here.
 */
@FamilyMethods(superclass = "RoutedFamilies", style = FamilyMethods.Style.ROUTED)
final class RoutedBackend extends RoutedFamilies {
  static final String ID = "routed";

  private final Targets targets;
  private final FileSystem fileSystem;

  /**
   * Only for callers of {@link #asyncExecutor()}: every async form is the chosen backend's own, so
   * routed's own threads start only if someone asks for them.
   */
  private final LazyExecutor async;

  RoutedBackend(Targets targets, BackendConfig config) {
    super(targets::of);
    this.targets = targets;
    this.fileSystem = config.fileSystem();
    this.async = new LazyExecutor(ID, config.asyncThreads());
  }

  // ---------------------------------------------------------------- identity

  @Override
  public String id() {
    return ID;
  }

  @Override
  public Route route(Op op) {
    return targets.route(Objects.requireNonNull(op, "op"));
  }

  @Override
  public Set<Capability> capabilities() {
    return targets.capabilities();
  }

  @Override
  public FileSystem fileSystem() {
    return fileSystem;
  }

  @Override
  public Executor asyncExecutor() {
    return async.get();
  }

  /** Closes every backend it routes to, and its own threads if any started. Idempotent. */
  @Override
  public void close() {
    try {
      async.close();
    } finally {
      targets.close();
    }
  }
}
