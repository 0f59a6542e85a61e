package dev.fsbench.commonsio;

import java.io.IOException;
import java.net.URI;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.ProviderMismatchException;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;

/**
 * A path of a {@link RecordingFileSystem}: the delegate's path, handing out only paths of the
 * recording filesystem.
 */
final class RecordingPath implements Path {
  private final RecordingFileSystem fileSystem;
  private final Path delegate;

  RecordingPath(RecordingFileSystem fileSystem, Path delegate) {
    this.fileSystem = fileSystem;
    this.delegate = delegate;
  }

  /**
   * The delegate filesystem's path behind {@code path}, which must belong to a recording
   * filesystem.
   */
  static Path unwrap(Path path) {
    if (path == null) {
      return null;
    }
    if (!(path instanceof RecordingPath)) {
      throw new ProviderMismatchException(
          "not a recording path: " + path + " (" + path.getClass().getName() + ")");
    }
    return ((RecordingPath) path).delegate;
  }

  private Path wrap(Path path) {
    return fileSystem.wrap(path);
  }

  @Override
  public RecordingFileSystem getFileSystem() {
    return fileSystem;
  }

  @Override
  public boolean isAbsolute() {
    return delegate.isAbsolute();
  }

  @Override
  public Path getRoot() {
    return wrap(delegate.getRoot());
  }

  @Override
  public Path getFileName() {
    return wrap(delegate.getFileName());
  }

  @Override
  public Path getParent() {
    return wrap(delegate.getParent());
  }

  @Override
  public int getNameCount() {
    return delegate.getNameCount();
  }

  @Override
  public Path getName(int index) {
    return wrap(delegate.getName(index));
  }

  @Override
  public Path subpath(int beginIndex, int endIndex) {
    return wrap(delegate.subpath(beginIndex, endIndex));
  }

  @Override
  public boolean startsWith(Path other) {
    return other instanceof RecordingPath && delegate.startsWith(unwrap(other));
  }

  @Override
  public boolean endsWith(Path other) {
    return other instanceof RecordingPath && delegate.endsWith(unwrap(other));
  }

  @Override
  public Path normalize() {
    return wrap(delegate.normalize());
  }

  @Override
  public Path resolve(Path other) {
    return wrap(delegate.resolve(unwrap(other)));
  }

  @Override
  public Path relativize(Path other) {
    return wrap(delegate.relativize(unwrap(other)));
  }

  @Override
  public URI toUri() {
    return delegate.toUri();
  }

  @Override
  public Path toAbsolutePath() {
    return wrap(delegate.toAbsolutePath());
  }

  /** Recorded: on Jimfs this resolves links without going through the provider. */
  @Override
  public Path toRealPath(LinkOption... options) throws IOException {
    fileSystem.log().add(Call.Kind.READ, "Path.toRealPath", toString());
    return wrap(delegate.toRealPath(options));
  }

  @Override
  public WatchKey register(
      WatchService watcher, WatchEvent.Kind<?>[] events, WatchEvent.Modifier... modifiers) {
    throw new UnsupportedOperationException("a recording path cannot be watched");
  }

  @Override
  public int compareTo(Path other) {
    return delegate.compareTo(unwrap(other));
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof RecordingPath
        && ((RecordingPath) other).fileSystem == fileSystem
        && ((RecordingPath) other).delegate.equals(delegate);
  }

  @Override
  public int hashCode() {
    return delegate.hashCode();
  }

  @Override
  public String toString() {
    return delegate.toString();
  }
}
