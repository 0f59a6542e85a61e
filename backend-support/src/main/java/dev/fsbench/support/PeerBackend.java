package dev.fsbench.support;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;

/**
 * A library under study that does some families itself and hands the others to NIO: the shape of
 * every peer (commons-io, guava, java-io). A {@link ForwardingFsBackend} over the NIO backend it is
 * given, with what each such backend otherwise writes again:
 *
 * <ul>
 *   <li>its own id, and the delegate's capabilities less {@link Capability#TREE_CONCURRENCY} (the
 *       library's tree walks run on the calling thread; where the fallbacks could do more, a
 *       subclass narrows the set further);
 *   <li>async forms run on threads of its own ({@code fsbench-<id>-async-N}, an {@link
 *       LazyExecutor} started on first use), not on the delegate's, so that a profile shows whose
 *       call is running; {@link #close()} stops them and then the delegate;
 *   <li>its routes, derived from what it declares beside its code ({@link DeclaredRoutes}): an
 *       {@link OwnRoute} on each method the library does itself, and the class's {@link
 *       NioFallbacks} for the others, so that a family added later that the peer does not implement
 *       is a NIO fallback with no edit to the peer. The table is read once, at construction, for
 *       the filesystem of the configuration; {@link #route} and a subclass's dispatch ({@link
 *       #fallsBack}) read the same one.
 * </ul>
 *
 * <pre>{@code
 * @NioFallbacks(otherwise = "My library has no call for it")
 * final class MyPeer extends PeerBackend {
 *   MyPeer(BackendConfig config) { super("my-peer", Backends.create("nio", config), config); }
 *   @OwnRoute(op = Op.READ_FILE, via = "MyLib.read")
 *   @Override public byte[] readFile(Path path) throws IOException { check(path, "path"); ... }
 * }
 * }</pre>
 */
public abstract class PeerBackend extends ForwardingFsBackend {
  private final String id;
  private final Set<Capability> capabilities;
  private final LazyExecutor async;
  private final Map<Op, Route> routes;

  /**
   * A peer named {@code id} over {@code nio}, with {@code config.asyncThreads()} threads for its
   * async forms.
   */
  protected PeerBackend(String id, FsBackend nio, BackendConfig config) {
    super(nio);
    this.id = Objects.requireNonNull(id, "id");
    EnumSet<Capability> supported = EnumSet.noneOf(Capability.class);
    supported.addAll(nio.capabilities());
    supported.remove(Capability.TREE_CONCURRENCY);
    this.capabilities = Set.copyOf(supported);
    this.routes = DeclaredRoutes.of(getClass()).on(config.fileSystem());
    this.async = new LazyExecutor(id, config.asyncThreads());
  }

  @Override
  public final String id() {
    return id;
  }

  /** The delegate's capabilities less {@link Capability#TREE_CONCURRENCY}. */
  @Override
  public Set<Capability> capabilities() {
    return capabilities;
  }

  @Override
  public final Executor asyncExecutor() {
    return async.get();
  }

  /** Stops the async threads, then closes the delegate. Idempotent. */
  @Override
  public void close() {
    try {
      async.close();
    } finally {
      super.close();
    }
  }

  /** Whether the library or NIO serves {@code op}, and through what: the declared route. */
  @Override
  public final Route route(Op op) {
    return routes.get(Objects.requireNonNull(op, "op"));
  }

  /** Whether {@code op}'s route on this backend's filesystem is a NIO fallback. */
  protected final boolean fallsBack(Op op) {
    return routes.get(op).isFallback();
  }
}
