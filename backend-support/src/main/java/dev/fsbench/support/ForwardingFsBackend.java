package dev.fsbench.support;

import dev.fsbench.spi.Backends;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.GlobOptions;
import dev.fsbench.spi.MkdirOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ReaddirOptions;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.spi.Route;
import dev.fsbench.spi.ScanEntry;
import dev.fsbench.spi.ScanOptions;
import java.io.IOException;
import java.nio.file.AccessMode;
import java.nio.file.FileSystem;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
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
 * It lives in the SPI, not in the test kit, because a backend's main code extends it: a backend jar
 * run by {@code fsbench --classpath} sees the SPI and the built-in backends, never the test kit.
 */
public class ForwardingFsBackend implements FsBackend {
  private final FsBackend delegate;

  public ForwardingFsBackend(FsBackend delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  protected final FsBackend delegate() {
    return delegate;
  }

  /**
   * Checks a path argument of an overridden family as the contract wants it checked before anything
   * is touched: not null ({@link NullPointerException} naming {@code name}) and of this backend's
   * {@link #fileSystem()} ({@link java.nio.file.ProviderMismatchException}, as NIO throws for a
   * foreign path).
   */
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

  @Override
  public void access(Path path, AccessMode... modes) throws IOException {
    check(path, "path");
    delegate.access(path, modes);
  }

  @Override
  public void appendFile(Path path, byte[] data) throws IOException {
    check(path, "path");
    delegate.appendFile(path, data);
  }

  @Override
  public void chmod(Path path, int mode) throws IOException {
    check(path, "path");
    delegate.chmod(path, mode);
  }

  @Override
  public void chown(Path path, int uid, int gid) throws IOException {
    check(path, "path");
    delegate.chown(path, uid, gid);
  }

  @Override
  public void copyFile(Path source, Path target, CopyFileOptions options) throws IOException {
    check(source, "source");
    check(target, "target");
    delegate.copyFile(source, target, options);
  }

  @Override
  public void cp(Path source, Path target, CpOptions options) throws IOException {
    check(source, "source");
    check(target, "target");
    delegate.cp(source, target, options);
  }

  @Override
  public boolean exists(Path path) {
    check(path, "path");
    return delegate.exists(path);
  }

  @Override
  public List<String> glob(Path cwd, List<String> patterns, GlobOptions options)
      throws IOException {
    check(cwd, "cwd");
    return delegate.glob(cwd, patterns, options);
  }

  @Override
  public List<String> lines(Path path, long from, int count) throws IOException {
    check(path, "path");
    return delegate.lines(path, from, count);
  }

  @Override
  public void link(Path existing, Path link) throws IOException {
    check(existing, "existing");
    check(link, "link");
    delegate.link(existing, link);
  }

  @Override
  public FileStat lstat(Path path) throws IOException {
    check(path, "path");
    return delegate.lstat(path);
  }

  @Override
  public void mkdir(Path path, MkdirOptions options) throws IOException {
    check(path, "path");
    delegate.mkdir(path, options);
  }

  @Override
  public Path mkdtemp(Path prefix) throws IOException {
    check(prefix, "prefix");
    return delegate.mkdtemp(prefix);
  }

  @Override
  public byte[] readFile(Path path) throws IOException {
    check(path, "path");
    return delegate.readFile(path);
  }

  @Override
  public List<String> readdir(Path path, ReaddirOptions options) throws IOException {
    check(path, "path");
    return delegate.readdir(path, options);
  }

  @Override
  public Path readlink(Path path) throws IOException {
    check(path, "path");
    return delegate.readlink(path);
  }

  @Override
  public Path realpath(Path path) throws IOException {
    check(path, "path");
    return delegate.realpath(path);
  }

  @Override
  public void rename(Path source, Path target) throws IOException {
    check(source, "source");
    check(target, "target");
    delegate.rename(source, target);
  }

  @Override
  public void rm(Path path, RmOptions options) throws IOException {
    check(path, "path");
    delegate.rm(path, options);
  }

  @Override
  public void rmdir(Path path) throws IOException {
    check(path, "path");
    delegate.rmdir(path);
  }

  @Override
  public List<ScanEntry> scan(Path root, ScanOptions options) throws IOException {
    check(root, "root");
    return delegate.scan(root, options);
  }

  @Override
  public FileStat stat(Path path) throws IOException {
    check(path, "path");
    return delegate.stat(path);
  }

  @Override
  public void symlink(Path target, Path link) throws IOException {
    check(target, "target");
    check(link, "link");
    delegate.symlink(target, link);
  }

  @Override
  public void truncate(Path path, long length) throws IOException {
    check(path, "path");
    delegate.truncate(path, length);
  }

  @Override
  public void unlink(Path path) throws IOException {
    check(path, "path");
    delegate.unlink(path);
  }

  @Override
  public void utimes(Path path, FileTime atime, FileTime mtime) throws IOException {
    check(path, "path");
    delegate.utimes(path, atime, mtime);
  }

  @Override
  public void writeFile(Path path, byte[] data) throws IOException {
    check(path, "path");
    delegate.writeFile(path, data);
  }
}
