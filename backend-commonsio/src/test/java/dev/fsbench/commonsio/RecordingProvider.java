package dev.fsbench.commonsio;

import static dev.fsbench.commonsio.RecordingPath.unwrap;

import dev.fsbench.commonsio.Call.Kind;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.channels.AsynchronousFileChannel;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessMode;
import java.nio.file.CopyOption;
import java.nio.file.DirectoryStream;
import java.nio.file.FileStore;
import java.nio.file.FileSystem;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileAttributeView;
import java.nio.file.spi.FileSystemProvider;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;

/**
 * The provider of a {@link RecordingFileSystem}: records each call (with the caller's Commons IO
 * frames), then hands it to the delegate provider with the paths unwrapped, and wraps every path it
 * hands back.
 */
final class RecordingProvider extends FileSystemProvider {
  private final RecordingFileSystem fileSystem;
  private final FileSystemProvider delegate;

  RecordingProvider(RecordingFileSystem fileSystem, FileSystemProvider delegate) {
    this.fileSystem = fileSystem;
    this.delegate = delegate;
  }

  private void record(Kind kind, String call, Path path) {
    fileSystem.hook().before(call, unwrap(path));
    fileSystem.log().add(kind, call, String.valueOf(path));
  }

  private static Kind kindOf(Set<? extends OpenOption> options) {
    for (OpenOption option : options) {
      if (option == StandardOpenOption.WRITE || option == StandardOpenOption.APPEND) {
        return Kind.WRITE;
      }
    }
    return Kind.READ;
  }

  @Override
  public String getScheme() {
    return "recording";
  }

  @Override
  public FileSystem newFileSystem(URI uri, Map<String, ?> env) {
    throw new UnsupportedOperationException(
        "wrap an existing filesystem with RecordingFileSystem.wrap");
  }

  @Override
  public FileSystem getFileSystem(URI uri) {
    throw new UnsupportedOperationException("recording filesystems are not registered");
  }

  @Override
  public Path getPath(URI uri) {
    throw new UnsupportedOperationException("recording filesystems are not registered");
  }

  @Override
  public SeekableByteChannel newByteChannel(
      Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs) throws IOException {
    record(kindOf(options), "newByteChannel", path);
    return delegate.newByteChannel(unwrap(path), options, attrs);
  }

  @Override
  public FileChannel newFileChannel(
      Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs) throws IOException {
    record(kindOf(options), "newFileChannel", path);
    return delegate.newFileChannel(unwrap(path), options, attrs);
  }

  @Override
  public AsynchronousFileChannel newAsynchronousFileChannel(
      Path path,
      Set<? extends OpenOption> options,
      ExecutorService executor,
      FileAttribute<?>... attrs)
      throws IOException {
    record(kindOf(options), "newAsynchronousFileChannel", path);
    return delegate.newAsynchronousFileChannel(unwrap(path), options, executor, attrs);
  }

  @Override
  public InputStream newInputStream(Path path, OpenOption... options) throws IOException {
    record(Kind.READ, "newInputStream", path);
    return delegate.newInputStream(unwrap(path), options);
  }

  @Override
  public OutputStream newOutputStream(Path path, OpenOption... options) throws IOException {
    record(Kind.WRITE, "newOutputStream " + Arrays.toString(options), path);
    return delegate.newOutputStream(unwrap(path), options);
  }

  @Override
  public DirectoryStream<Path> newDirectoryStream(
      Path dir, DirectoryStream.Filter<? super Path> filter) throws IOException {
    record(Kind.READ, "newDirectoryStream", dir);
    DirectoryStream<Path> entries =
        delegate.newDirectoryStream(unwrap(dir), entry -> filter.accept(fileSystem.wrap(entry)));
    return new DirectoryStream<>() {
      @Override
      public Iterator<Path> iterator() {
        Iterator<Path> it = entries.iterator();
        return new Iterator<>() {
          @Override
          public boolean hasNext() {
            return it.hasNext();
          }

          @Override
          public Path next() {
            return fileSystem.wrap(it.next());
          }
        };
      }

      @Override
      public void close() throws IOException {
        entries.close();
      }
    };
  }

  @Override
  public void createDirectory(Path dir, FileAttribute<?>... attrs) throws IOException {
    record(Kind.WRITE, "createDirectory", dir);
    delegate.createDirectory(unwrap(dir), attrs);
  }

  @Override
  public void createSymbolicLink(Path link, Path target, FileAttribute<?>... attrs)
      throws IOException {
    record(Kind.WRITE, "createSymbolicLink", link);
    delegate.createSymbolicLink(unwrap(link), unwrap(target), attrs);
  }

  @Override
  public void createLink(Path link, Path existing) throws IOException {
    record(Kind.WRITE, "createLink", link);
    delegate.createLink(unwrap(link), unwrap(existing));
  }

  @Override
  public void delete(Path path) throws IOException {
    record(Kind.DELETE, "delete", path);
    delegate.delete(unwrap(path));
  }

  @Override
  public boolean deleteIfExists(Path path) throws IOException {
    record(Kind.DELETE, "deleteIfExists", path);
    return delegate.deleteIfExists(unwrap(path));
  }

  @Override
  public Path readSymbolicLink(Path link) throws IOException {
    record(Kind.READ, "readSymbolicLink", link);
    return fileSystem.wrap(delegate.readSymbolicLink(unwrap(link)));
  }

  @Override
  public void copy(Path source, Path target, CopyOption... options) throws IOException {
    record(Kind.READ, "copy (source)", source);
    record(Kind.WRITE, "copy " + Arrays.toString(options), target);
    delegate.copy(unwrap(source), unwrap(target), options);
  }

  @Override
  public void move(Path source, Path target, CopyOption... options) throws IOException {
    record(Kind.WRITE, "move (source)", source);
    record(Kind.WRITE, "move " + Arrays.toString(options), target);
    delegate.move(unwrap(source), unwrap(target), options);
  }

  @Override
  public boolean isSameFile(Path path, Path path2) throws IOException {
    record(Kind.READ, "isSameFile", path);
    record(Kind.READ, "isSameFile", path2);
    return delegate.isSameFile(unwrap(path), unwrap(path2));
  }

  @Override
  public boolean isHidden(Path path) throws IOException {
    record(Kind.READ, "isHidden", path);
    return delegate.isHidden(unwrap(path));
  }

  @Override
  public FileStore getFileStore(Path path) throws IOException {
    record(Kind.READ, "getFileStore", path);
    return delegate.getFileStore(unwrap(path));
  }

  @Override
  public void checkAccess(Path path, AccessMode... modes) throws IOException {
    record(Kind.READ, "checkAccess " + Arrays.toString(modes), path);
    delegate.checkAccess(unwrap(path), modes);
  }

  @Override
  public <V extends FileAttributeView> V getFileAttributeView(
      Path path, Class<V> type, LinkOption... options) {
    record(Kind.VIEW, "getFileAttributeView(" + type.getSimpleName() + ")", path);
    return delegate.getFileAttributeView(unwrap(path), type, options);
  }

  @Override
  public <A extends BasicFileAttributes> A readAttributes(
      Path path, Class<A> type, LinkOption... options) throws IOException {
    record(Kind.READ, "readAttributes(" + type.getSimpleName() + ")", path);
    return delegate.readAttributes(unwrap(path), type, options);
  }

  @Override
  public Map<String, Object> readAttributes(Path path, String attributes, LinkOption... options)
      throws IOException {
    record(Kind.READ, "readAttributes(" + attributes + ")", path);
    return delegate.readAttributes(unwrap(path), attributes, options);
  }

  @Override
  public void setAttribute(Path path, String attribute, Object value, LinkOption... options)
      throws IOException {
    record(Kind.WRITE, "setAttribute(" + attribute + ")", path);
    delegate.setAttribute(unwrap(path), attribute, value, options);
  }
}
