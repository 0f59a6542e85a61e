package dev.fsbench.commonsio;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.FileSystem;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.WatchService;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A filesystem that is another one (Jimfs here) with every provider call recorded, call stack
 * included: the spy of {@link RouteTruthJimfsTest}, and the fault injector of {@link
 * SwappedDirectoryTest} ({@link #beforeEachCall}). Its paths are {@link RecordingPath}s, so
 * whatever a backend or a library does with them ({@code Files.*}, a tree walk, a directory stream)
 * comes through {@link RecordingProvider}; nothing reaches the delegate filesystem unseen. Metadata
 * calls that Jimfs answers without its provider ({@code toRealPath}) are recorded by the path
 * itself.
 *
 * <pre>{@code
 * RecordingFileSystem fs = RecordingFileSystem.wrap(Jimfs.newFileSystem(Configuration.unix()));
 * List<Call> calls = fs.log().record(() -> backend.unlink(fs.getPath("/f")));
 * }</pre>
 */
final class RecordingFileSystem extends FileSystem {
  private final FileSystem delegate;
  private final RecordingProvider provider;
  private final CallLog log = new CallLog();
  private volatile Hook hook = (call, path) -> {};

  /**
   * Runs before each provider call, on the caller's thread, with the delegate's path: what a test
   * does at an exact moment of a library's walk (a directory swapped for a link just before the
   * walk opens it). It works on the delegate filesystem directly, so it is not recorded.
   */
  @FunctionalInterface
  interface Hook {
    void before(String call, Path path);
  }

  private RecordingFileSystem(FileSystem delegate) {
    this.delegate = delegate;
    this.provider = new RecordingProvider(this, delegate.provider());
  }

  static RecordingFileSystem wrap(FileSystem delegate) {
    return new RecordingFileSystem(delegate);
  }

  CallLog log() {
    return log;
  }

  Hook hook() {
    return hook;
  }

  /** Installs {@code hook} (replacing the one before). */
  void beforeEachCall(Hook hook) {
    this.hook = hook;
  }

  Path wrap(Path path) {
    return path == null ? null : new RecordingPath(this, path);
  }

  @Override
  public RecordingProvider provider() {
    return provider;
  }

  @Override
  public void close() throws IOException {
    delegate.close();
  }

  @Override
  public boolean isOpen() {
    return delegate.isOpen();
  }

  @Override
  public boolean isReadOnly() {
    return delegate.isReadOnly();
  }

  @Override
  public String getSeparator() {
    return delegate.getSeparator();
  }

  @Override
  public Iterable<Path> getRootDirectories() {
    List<Path> roots = new ArrayList<>();
    delegate.getRootDirectories().forEach(root -> roots.add(wrap(root)));
    return roots;
  }

  @Override
  public Iterable<FileStore> getFileStores() {
    return delegate.getFileStores();
  }

  @Override
  public Set<String> supportedFileAttributeViews() {
    return delegate.supportedFileAttributeViews();
  }

  @Override
  public Path getPath(String first, String... more) {
    return wrap(delegate.getPath(first, more));
  }

  @Override
  public PathMatcher getPathMatcher(String syntaxAndPattern) {
    PathMatcher matcher = delegate.getPathMatcher(syntaxAndPattern);
    return path -> matcher.matches(RecordingPath.unwrap(path));
  }

  @Override
  public UserPrincipalLookupService getUserPrincipalLookupService() {
    return delegate.getUserPrincipalLookupService();
  }

  @Override
  public WatchService newWatchService() throws IOException {
    throw new UnsupportedOperationException("a recording filesystem cannot be watched");
  }
}
