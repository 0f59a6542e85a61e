package dev.fsbench.antglob;

import dev.fsbench.nio.NioBackend;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.GlobOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import dev.fsbench.support.ForwardingFsBackend;
import dev.fsbench.support.LazyExecutor;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;

/**
 * A backend whose library is a {@code DirectoryScanner}: glob through the scanner ({@link
 * ScannerGlob}), the other 25 families handed to its own {@link NioBackend}, each route saying so
 * ({@link ScannerRoutes}). The {@code ant} and {@code plexus} backends are this class with their
 * library's {@link Scanner} and {@link Dialect}.
 *
 * <p>The scanners take a {@link java.io.File} base directory, which exists only on the default
 * filesystem: on another one (Jimfs) glob goes to NIO too, the route says so, and every capability
 * is NIO's but {@link Capability#TREE_CONCURRENCY}. On the default filesystem the backend lacks
 * {@link Capability#GLOB_BRACKETS} as well: the scanners' patterns have no bracket expressions, and
 * glob refuses one. Its async forms run its sync calls on threads of its own.
 */
public class ScannerBackend extends ForwardingFsBackend {
  private final String id;
  private final Dialect dialect;
  private final Scanner scanner;
  private final Map<Op, Route> routes;
  private final Set<Capability> capabilities;
  private final boolean scannerUsable;
  private final LazyExecutor async;

  /**
   * @param library the library as routes name it ({@code "Ant's DirectoryScanner"})
   * @param globVia what the glob route names: the scanner's calls and settings
   */
  protected ScannerBackend(
      BackendConfig config,
      String id,
      String library,
      String globVia,
      Dialect dialect,
      Scanner scanner) {
    super(new NioBackend(config));
    this.id = Objects.requireNonNull(id, "id");
    this.dialect = Objects.requireNonNull(dialect, "dialect");
    this.scanner = Objects.requireNonNull(scanner, "scanner");
    this.scannerUsable = config.fileSystem() == FileSystems.getDefault();
    this.routes = ScannerRoutes.of(library, globVia, scannerUsable);
    EnumSet<Capability> supported = EnumSet.noneOf(Capability.class);
    supported.addAll(delegate().capabilities());
    supported.remove(Capability.TREE_CONCURRENCY);
    if (scannerUsable) {
      supported.remove(Capability.GLOB_BRACKETS);
      if (!dialect.listsDanglingLinks()) {
        supported.remove(Capability.GLOB_DANGLING_LINKS);
      }
    }
    this.capabilities = Set.copyOf(supported);
    this.async = new LazyExecutor(id, config.asyncThreads());
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public Route route(Op op) {
    return routes.get(Objects.requireNonNull(op, "op"));
  }

  @Override
  public Set<Capability> capabilities() {
    return capabilities;
  }

  @Override
  public Executor asyncExecutor() {
    return async.get();
  }

  @Override
  public void close() {
    try {
      async.close();
    } finally {
      super.close();
    }
  }

  @Override
  public List<String> glob(Path cwd, List<String> patterns, GlobOptions options)
      throws IOException {
    check(cwd, "cwd");
    Objects.requireNonNull(patterns, "patterns");
    Objects.requireNonNull(options, "options");
    if (!scannerUsable) {
      return delegate().glob(cwd, patterns, options);
    }
    return ScannerGlob.glob(cwd, patterns, options, dialect, scanner, delegate());
  }
}
