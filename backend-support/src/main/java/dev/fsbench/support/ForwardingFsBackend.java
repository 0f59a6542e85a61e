package dev.fsbench.support;

import dev.fsbench.codegen.FamilyMethods;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.nio.file.FileSystem;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;

/**
 * A backend that hands every call to another one: override the families to change, as a decorator.
 * The async forms are the interface's defaults, which run this object's sync forms on {@link
 * #asyncExecutor()} (the delegate's, unless overridden), so an override changes both forms at once.
 *
 * <p>It is how a backend of its own serves only some families: forward to {@code nio} (found
 * through {@link Backends}, which every fsbench installation carries) and override the families it
 * implements, together with {@link #id()} and {@link #route(Op)}. A forwarded call checks its path
 * arguments as this backend ({@link #check}: a path of another filesystem is refused naming {@link
 * #id()}) before the delegate checks them again; an override checks its own the same way. A backend
 * whose async forms should run on threads of its own overrides {@link #asyncExecutor()} and {@link
 * #close()} with an {@link LazyExecutor}, as {@code commons-io} does.
 *
 * <pre>{@code
 * FsBackend readOnly = new ForwardingFsBackend(Backends.create("nio", config)) {
 *   public void writeFile(Path path, byte[] data) { throw new UnsupportedOperationException("read-only"); }
 * };
 * }</pre>
 *
 * <p>The family methods are not written here: the build writes them from {@code FsBackend} into the
 * package-private {@code ForwardingFamilies} this class extends ({@link FamilyMethods}), each
 * checking its path arguments and calling the delegate's, so a family added to the interface is
 * forwarded without an edit here. This class adds what is no family's: identity, route,
 * capabilities, filesystem, executor, close.
 *
 * <p>It lives in backend-support, not in the test kit, because a backend's main code extends it: a
 * backend jar run by {@code fsbench --classpath} sees the SPI, backend-support and the built-in
 * backends, never the test kit.
 */
@FamilyMethods(superclass = "ForwardingFamilies", style = FamilyMethods.Style.CHECKED_DELEGATE)
public class ForwardingFsBackend extends ForwardingFamilies {
  private final FsBackend delegate;

  public ForwardingFsBackend(FsBackend delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  @Override
  protected final FsBackend delegate() {
    return delegate;
  }

  /**
   * Checks a path argument of an overridden family as the contract wants it checked before anything
   * is touched: not null ({@link NullPointerException} naming {@code name}) and of this backend's
   * {@link #fileSystem()} ({@link java.nio.file.ProviderMismatchException}, as NIO throws for a
   * foreign path).
   */
  @Override
  protected final Path check(Path path, String name) {
    return PathArguments.check(path, name, fileSystem(), id());
  }

  @Override
  public String id() {
    return delegate.id();
  }

  @Override
  public Route route(Op op) {
    return delegate.route(op);
  }

  @Override
  public Set<Capability> capabilities() {
    return delegate.capabilities();
  }

  @Override
  public FileSystem fileSystem() {
    return delegate.fileSystem();
  }

  @Override
  public Executor asyncExecutor() {
    return delegate.asyncExecutor();
  }

  @Override
  public void close() {
    delegate.close();
  }
}
