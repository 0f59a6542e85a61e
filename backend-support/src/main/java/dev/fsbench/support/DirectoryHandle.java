package dev.fsbench.support;

import dev.fsbench.spi.FsErrors;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.function.Supplier;

/**
 * One open directory of a {@link HandleWalk} that the walk may let go while it is deep in the
 * directory's subtree and open again afterwards, never by a path: through the {@code ..} of a
 * subdirectory still open, or through another handle, and only if it is the directory it was (by
 * file key). The class comment of {@link HandleWalk} says why.
 */
public final class DirectoryHandle {
  private final FileSystem fileSystem;
  private SecureDirectoryStream<Path> stream;

  /** Which directory {@link #stream} was, while it is let go. */
  private Object key;

  /**
   * @param stream the open directory
   * @param fileSystem its filesystem, whose {@code ..} reopens it
   */
  public DirectoryHandle(SecureDirectoryStream<Path> stream, FileSystem fileSystem) {
    this.stream = stream;
    this.fileSystem = fileSystem;
  }

  /** The open directory, or null while it is let go. */
  public SecureDirectoryStream<Path> stream() {
    return stream;
  }

  /** Whether {@link #release} let the directory go and nothing has opened it again yet. */
  public boolean released() {
    return stream == null;
  }

  /** Closes the directory, remembering which it was, so that {@link #reopen} can check it. */
  public void release() throws IOException {
    key = keyOf(stream);
    stream.close();
    stream = null;
  }

  /** Opens the directory a handle of the walk leads to. */
  @FunctionalInterface
  public interface Opener {
    SecureDirectoryStream<Path> open() throws IOException;
  }

  /**
   * Opens this directory again, if it was let go, through the {@code ..} of {@code below}, a
   * subdirectory of it still open.
   *
   * @param where this directory's path, for a failure's message
   * @param stopped the reason a failure gives when the directory opened is not this one
   */
  public void reopenThroughParentOf(DirectoryHandle below, Supplier<Path> where, String stopped)
      throws IOException {
    reopen(
        () -> below.stream.newDirectoryStream(fileSystem.getPath(".."), LinkOption.NOFOLLOW_LINKS),
        where,
        stopped);
  }

  /**
   * Opens this directory again, if it was let go, with {@code opener}; refuses (and closes) what it
   * opens unless it is the directory it was: a directory moved meanwhile would make the walk go on
   * in another directory.
   */
  public void reopen(Opener opener, Supplier<Path> where, String stopped) throws IOException {
    if (stream != null) {
      return;
    }
    SecureDirectoryStream<Path> opened;
    try {
      opened = opener.open();
    } catch (IOException e) {
      throw FsErrors.naming(e, where.get());
    }
    try {
      if (key == null || !key.equals(keyOf(opened))) {
        throw new FileSystemException(where.get().toString(), null, stopped);
      }
    } catch (IOException | RuntimeException e) {
      closeQuietly(opened);
      throw e;
    }
    stream = opened;
  }

  /** Closes the directory, if it is open. */
  public void close() throws IOException {
    if (stream != null) {
      stream.close();
      stream = null;
    }
  }

  /** Closes the directory, if it is open, after a failure that is the one to report. */
  public void closeQuietly() {
    closeQuietly(stream);
    stream = null;
  }

  /** The file key of the directory open as {@code dir}. */
  public static Object keyOf(SecureDirectoryStream<Path> dir) throws IOException {
    return dir.getFileAttributeView(BasicFileAttributeView.class).readAttributes().fileKey();
  }

  /**
   * Refuses a directory opened by its path unless it is the one whose attributes {@code seen} were
   * read by that path: a directory swapped in between is not walked.
   *
   * @param refused the reason the failure gives
   */
  public static void requireSame(
      SecureDirectoryStream<Path> opened, BasicFileAttributes seen, Path path, String refused)
      throws IOException {
    if (seen.fileKey() != null && !seen.fileKey().equals(keyOf(opened))) {
      throw new FileSystemException(path.toString(), null, refused);
    }
  }

  /** Closes a directory after a failure that is the one to report; null is nothing to close. */
  public static void closeQuietly(DirectoryStream<Path> stream) {
    if (stream == null) {
      return;
    }
    try {
      stream.close();
    } catch (IOException e) {
      // a directory handle: nothing was written through it that could be lost
    }
  }
}
