package dev.fsbench.spi;

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
 * The async forms are the interface's defaults, which run this object's sync forms on the
 * delegate's executor, so an override changes both forms at once.
 *
 * <p>It is how a backend of its own serves only some families: forward to {@code nio} (found
 * through {@link Backends}, which every fsbench installation carries) and override the families it
 * implements, together with {@link #id()} and {@link #route(Op)}. The override checks its path
 * arguments itself ({@link #check}), as the delegate does for the forwarded calls.
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
    delegate.access(path, modes);
  }

  @Override
  public void appendFile(Path path, byte[] data) throws IOException {
    delegate.appendFile(path, data);
  }

  @Override
  public void chmod(Path path, int mode) throws IOException {
    delegate.chmod(path, mode);
  }

  @Override
  public void chown(Path path, int uid, int gid) throws IOException {
    delegate.chown(path, uid, gid);
  }

  @Override
  public void copyFile(Path source, Path target, CopyFileOptions options) throws IOException {
    delegate.copyFile(source, target, options);
  }

  @Override
  public void cp(Path source, Path target, CpOptions options) throws IOException {
    delegate.cp(source, target, options);
  }

  @Override
  public boolean exists(Path path) {
    return delegate.exists(path);
  }

  @Override
  public List<String> glob(Path cwd, List<String> patterns, GlobOptions options)
      throws IOException {
    return delegate.glob(cwd, patterns, options);
  }

  @Override
  public void link(Path existing, Path link) throws IOException {
    delegate.link(existing, link);
  }

  @Override
  public FileStat lstat(Path path) throws IOException {
    return delegate.lstat(path);
  }

  @Override
  public void mkdir(Path path, MkdirOptions options) throws IOException {
    delegate.mkdir(path, options);
  }

  @Override
  public Path mkdtemp(Path prefix) throws IOException {
    return delegate.mkdtemp(prefix);
  }

  @Override
  public byte[] readFile(Path path) throws IOException {
    return delegate.readFile(path);
  }

  @Override
  public List<String> readdir(Path path, ReaddirOptions options) throws IOException {
    return delegate.readdir(path, options);
  }

  @Override
  public Path readlink(Path path) throws IOException {
    return delegate.readlink(path);
  }

  @Override
  public Path realpath(Path path) throws IOException {
    return delegate.realpath(path);
  }

  @Override
  public void rename(Path source, Path target) throws IOException {
    delegate.rename(source, target);
  }

  @Override
  public void rm(Path path, RmOptions options) throws IOException {
    delegate.rm(path, options);
  }

  @Override
  public void rmdir(Path path) throws IOException {
    delegate.rmdir(path);
  }

  @Override
  public List<ScanEntry> scan(Path root, ScanOptions options) throws IOException {
    return delegate.scan(root, options);
  }

  @Override
  public FileStat stat(Path path) throws IOException {
    return delegate.stat(path);
  }

  @Override
  public void symlink(Path target, Path link) throws IOException {
    delegate.symlink(target, link);
  }

  @Override
  public void truncate(Path path, long length) throws IOException {
    delegate.truncate(path, length);
  }

  @Override
  public void unlink(Path path) throws IOException {
    delegate.unlink(path);
  }

  @Override
  public void utimes(Path path, FileTime atime, FileTime mtime) throws IOException {
    delegate.utimes(path, atime, mtime);
  }

  @Override
  public void writeFile(Path path, byte[] data) throws IOException {
    delegate.writeFile(path, data);
  }
}
