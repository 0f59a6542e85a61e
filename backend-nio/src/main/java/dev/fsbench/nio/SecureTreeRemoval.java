package dev.fsbench.nio;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * rm -r by directory handles, so that a directory swapped for a symbolic link during the walk is
 * never followed.
 *
 * <p>{@link TreeRemoval}'s {@code walkFileTree} reads an entry's attributes, then opens it by its
 * path: a directory replaced by a link to a directory outside the tree in between is opened through
 * the link, and everything in that outside directory is deleted. Here every directory is opened
 * relative to its parent's open handle with {@code NOFOLLOW_LINKS} ({@link
 * SecureDirectoryStream#newDirectoryStream}, {@code openat(O_NOFOLLOW)} on Linux), and every entry
 * is read and deleted relative to that handle ({@code fstatat}, {@code unlinkat}), never by a path
 * that could be resolved again. An entry that turns out to be a link when it is opened ({@code
 * ELOOP}) is deleted as a link. The removed tree's top is opened the same way through its parent,
 * so its own swap is safe too.
 *
 * <p>What it cannot do: a filesystem without {@code SecureDirectoryStream} (or a parent that cannot
 * be listed, with {@code x} but no {@code r}) falls back to {@link TreeRemoval}; and the JDK opens
 * a directory without {@code O_DIRECTORY}, so a FIFO swapped in for a directory at that instant can
 * still block the open. Failures name the full path as the path walk named it, with NIO's exception
 * class. Written for this backend.
 */
final class SecureTreeRemoval {
  private SecureTreeRemoval() {}

  /**
   * Removes {@code directory} and everything below it; false (nothing done) when this filesystem
   * cannot.
   */
  static boolean removeTree(Path directory) throws IOException {
    Path absolute = directory.toAbsolutePath();
    Path parent = absolute.getParent();
    Path name = absolute.getFileName();
    if (parent == null || name == null) {
      return false;
    }
    DirectoryStream<Path> stream;
    try {
      stream = Files.newDirectoryStream(parent);
    } catch (AccessDeniedException e) {
      return false; // a parent we may search but not list: the path walk can still remove below it
    }
    if (!(stream instanceof SecureDirectoryStream)) {
      stream.close();
      return false;
    }
    try (SecureDirectoryStream<Path> top = (SecureDirectoryStream<Path>) stream) {
      remove(top, name, directory);
    }
    return true;
  }

  /**
   * Removes the entry {@code name} of the directory open as {@code in}; {@code full} is its path
   * for messages.
   */
  private static void remove(SecureDirectoryStream<Path> in, Path name, Path full)
      throws IOException {
    BasicFileAttributes attributes;
    try {
      attributes =
          in.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
              .readAttributes();
    } catch (IOException e) {
      throw named(e, full);
    }
    if (!attributes.isDirectory()) {
      deleteFile(in, name, full);
      return;
    }
    SecureDirectoryStream<Path> below;
    try {
      below = in.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      if (isLinkNow(in, name)) {
        deleteFile(
            in, name,
            full); // swapped for a link since its attributes were read: the link goes, not its
        // target
        return;
      }
      throw named(e, full);
    }
    try (below) {
      for (Path entry : below) {
        Path child = entry.getFileName();
        remove(below, child, full.resolve(child));
      }
    } catch (java.nio.file.DirectoryIteratorException e) {
      throw named(e.getCause(), full);
    }
    try {
      in.deleteDirectory(name);
    } catch (IOException e) {
      throw named(e, full);
    }
  }

  private static void deleteFile(SecureDirectoryStream<Path> in, Path name, Path full)
      throws IOException {
    try {
      in.deleteFile(name);
    } catch (IOException e) {
      throw named(e, full);
    }
  }

  private static boolean isLinkNow(SecureDirectoryStream<Path> in, Path name) {
    try {
      return in.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
          .readAttributes()
          .isSymbolicLink();
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * The exception NIO threw for a name relative to a handle, naming the full path instead, with the
   * same class.
   */
  static IOException named(IOException e, Path full) {
    if (!(e instanceof FileSystemException)) {
      return e;
    }
    String file = full.toString();
    String reason = ((FileSystemException) e).getReason();
    FileSystemException out;
    if (e.getClass() == AccessDeniedException.class) {
      out = new AccessDeniedException(file, null, reason);
    } else if (e.getClass() == NoSuchFileException.class) {
      out = new NoSuchFileException(file, null, reason);
    } else if (e.getClass() == DirectoryNotEmptyException.class) {
      out = new DirectoryNotEmptyException(file);
    } else if (e.getClass() == NotDirectoryException.class) {
      out = new NotDirectoryException(file);
    } else if (e.getClass() == FileSystemException.class) {
      out = new FileSystemException(file, null, reason);
    } else {
      return e;
    }
    out.initCause(e);
    return out;
  }
}
