package dev.fsbench.guava;

import com.google.common.io.ByteSink;
import com.google.common.io.MoreFiles;
import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.FsErrors;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;

/**
 * copyFile: {@code MoreFiles.asByteSource(source).copyTo(MoreFiles.asByteSink(target,
 * CREATE_NEW))}. {@code copyTo} opens the source, then the sink, and copies with {@code
 * ByteStreams.copy} (an 8 KiB buffer between the two streams).
 *
 * <p>What the adapter adds, because Guava copies bytes and nothing else:
 *
 * <ul>
 *   <li>first, one stat of the source (links followed), as {@code Files.copy} starts: a missing
 *       source is reported before anything about the target, and a directory is "Is a directory"
 *       (Guava would open it and fail reading it);
 *   <li>then one lstat of the target, as {@code Files.copy} makes: a target that is the source's
 *       very file (the same path, or a hard link) is left as it is and the call returns, as {@code
 *       Files.copy} returns; an existing target is {@code FileAlreadyExistsException} naming it,
 *       and with {@code replaceExisting} a directory is "Is a directory" and kept, anything else is
 *       deleted ({@code Files.delete}) and created again, as {@code Files.copy(REPLACE_EXISTING)}
 *       does, so that a link is replaced and never written through;
 *   <li>the sink opens with {@code CREATE_NEW}, so a target made meanwhile is not written through
 *       either;
 *   <li>a copy that fails once the target was created (a full disk, a file-size limit, a source
 *       that never ends) deletes the partial target, as {@code Files.copy} does: a failed call
 *       leaves nothing behind;
 *   <li>{@code preserve}: the source's modification and access times and permission bits, read
 *       before the copy, are set on the target afterwards through NIO ({@code
 *       BasicFileAttributeView.setTimes}, {@code Files.setPosixFilePermissions}).
 * </ul>
 *
 * <p>Declared, not adapted: a fresh target gets the permission bits the sink's open gives a new
 * file, 0666 less the umask, where {@code Files.copy} gives the source's bits less the umask (a
 * 0755 source is copied as 0644 under umask 022). The clone hint is ignored: Guava has no such
 * option.
 */
final class FileCopy {
  private FileCopy() {}

  static void copyFile(Path source, Path target, CopyFileOptions options) throws IOException {
    BasicFileAttributes attributes = sourceAttributes(source, options.preserve());
    if (attributes.isDirectory()) {
      throw FsErrors.isADirectory(source);
    }
    BasicFileAttributes existing = targetAttributes(target);
    if (existing != null) {
      Object key = attributes.fileKey();
      if (key != null && key.equals(existing.fileKey())) {
        return; // onto itself: nothing to do, as Files.copy
      }
      if (!options.replaceExisting()) {
        throw new FileAlreadyExistsException(target.toString()); // as Files.copy, before opening
      }
      if (existing.isDirectory()) {
        throw FsErrors.isADirectory(target);
      }
      Files.delete(target);
    }
    TargetSink sink = new TargetSink(MoreFiles.asByteSink(target, StandardOpenOption.CREATE_NEW));
    try {
      MoreFiles.asByteSource(source).copyTo(sink);
    } catch (IOException e) {
      if (sink.created) {
        try {
          Files.deleteIfExists(target);
        } catch (IOException cleanup) {
          e.addSuppressed(cleanup);
        }
      }
      throw Failures.named(sink.created ? target : source, e);
    }
    if (options.preserve()) {
      preserve(target, attributes);
    }
  }

  private static BasicFileAttributes sourceAttributes(Path source, boolean preserve)
      throws IOException {
    if (preserve && Files.getFileAttributeView(source, PosixFileAttributeView.class) != null) {
      return Files.readAttributes(source, PosixFileAttributes.class);
    }
    return Files.readAttributes(source, BasicFileAttributes.class);
  }

  /**
   * The target's own attributes (an lstat), or null where it cannot be looked at: {@code
   * Files.copy} ignores this lookup's failure too, and the sink's open says what is wrong.
   */
  private static BasicFileAttributes targetAttributes(Path target) {
    try {
      return Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException lookup) {
      return null;
    }
  }

  private static void preserve(Path target, BasicFileAttributes source) throws IOException {
    Files.getFileAttributeView(target, BasicFileAttributeView.class)
        .setTimes(source.lastModifiedTime(), source.lastAccessTime(), null);
    if (source instanceof PosixFileAttributes) {
      Files.setPosixFilePermissions(target, ((PosixFileAttributes) source).permissions());
    }
  }

  /**
   * Guava's sink, remembering whether it opened: only a target this call created is removed when
   * the copy fails.
   */
  private static final class TargetSink extends ByteSink {
    private final ByteSink sink;
    private boolean created;

    TargetSink(ByteSink sink) {
      this.sink = sink;
    }

    @Override
    public OutputStream openStream() throws IOException {
      OutputStream out = sink.openStream();
      created = true;
      return out;
    }
  }
}
