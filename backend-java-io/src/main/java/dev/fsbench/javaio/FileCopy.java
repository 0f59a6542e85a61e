package dev.fsbench.javaio;

import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.FsErrors;
import java.io.FileInputStream;
import java.io.FileNotFoundException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;

/**
 * copyFile: {@code new FileInputStream(source).transferTo(new FileOutputStream(target))}, the copy
 * of code written against java.io since Java 9 ({@code InputStream.transferTo}: on JDK 21 and
 * later, {@code FileInputStream}'s own, a {@code FileChannel.transferTo} between the two streams'
 * channels, so {@code copy_file_range} or {@code sendfile}; on JDK 17 an 8 KiB read and write
 * loop).
 *
 * <p>The source is opened first (after a stat through NIO where {@code preserve} needs its
 * attributes, which is also where {@code Files.copy} starts); a source that cannot be opened
 * ({@link FileNotFoundException}, the reason in words only: missing, a directory, a denial) goes to
 * NIO's copyFile, which reports it as {@code Files.copy} does (or, the cause gone meanwhile,
 * copies).
 *
 * <p>What java.io cannot do, and NIO does here:
 *
 * <ul>
 *   <li>the target's kind: {@code File.exists()} follows links, so a dangling link would be written
 *       through. One lstat through NIO: an existing target is {@code FileAlreadyExistsException};
 *       with {@code replaceExisting} a directory is "Is a directory" and kept, anything else
 *       deleted ({@code File.delete()}) and created again, as {@code Files.copy(REPLACE_EXISTING)}
 *       does; a target that is the source's very file (the file keys of the source, stat'ed through
 *       NIO only when the target exists, and of the target's lstat) is left alone, as {@code
 *       Files.copy} leaves it;
 *   <li>{@code preserve}: java.io sets only the modification time, in milliseconds, and no access
 *       time nor group or other bits; the source's times and permission bits are read through NIO
 *       before the copy and set on the target afterwards ({@code setTimes}, {@code
 *       setPosixFilePermissions}).
 * </ul>
 *
 * <p>A copy that fails once the target was created deletes it, as {@code Files.copy} does.
 * Declared, not adapted: a fresh target gets what {@code FileOutputStream} gives a new file, 0666
 * less the umask, where {@code Files.copy} gives the source's bits less the umask. The clone hint
 * is ignored.
 */
final class FileCopy {
  private FileCopy() {}

  static void copyFile(Path source, Path target, CopyFileOptions options, FsBackend nio)
      throws IOException {
    PosixFileAttributes preserved =
        options.preserve() ? Files.readAttributes(source, PosixFileAttributes.class) : null;
    FileInputStream in;
    try {
      in = new FileInputStream(source.toFile());
    } catch (FileNotFoundException open) {
      nio.copyFile(source, target, options);
      return;
    }
    try (in) {
      BasicFileAttributes existing = ownAttributes(target);
      if (existing != null) {
        if (sameFile(source, existing)) {
          return;
        }
        if (!options.replaceExisting()) {
          throw new FileAlreadyExistsException(target.toString());
        }
        if (existing.isDirectory()) {
          throw FsErrors.isADirectory(target);
        }
        if (!target.toFile().delete()) {
          Files.delete(target); // java.io said false: NIO's delete says why
        }
      }
      FileOutputStream out;
      try {
        out = new FileOutputStream(target.toFile());
      } catch (FileNotFoundException open) {
        nio.copyFile(source, target, options);
        return;
      }
      try (out) {
        in.transferTo(out);
      } catch (IOException e) {
        Files.deleteIfExists(target);
        throw Failures.named(target, e);
      }
    }
    if (preserved != null) {
      Files.getFileAttributeView(target, BasicFileAttributeView.class)
          .setTimes(preserved.lastModifiedTime(), preserved.lastAccessTime(), null);
      Files.setPosixFilePermissions(target, preserved.permissions());
    }
  }

  /**
   * Whether the source (links followed) is the target's very entry, as {@code Files.copy} asks it:
   * by the file keys of the two lookups, so a target that is a link is never followed (a loop of
   * links is just an existing target).
   */
  private static boolean sameFile(Path source, BasicFileAttributes target) throws IOException {
    Object key = Files.readAttributes(source, BasicFileAttributes.class).fileKey();
    return key != null && key.equals(target.fileKey());
  }

  /** The target's own attributes (an lstat), or null where there is nothing to look at. */
  private static BasicFileAttributes ownAttributes(Path target) {
    try {
      return Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException lookup) {
      return null; // Files.copy ignores this lookup's failure too: the open says what is wrong
    }
  }
}
