package dev.fsbench.commonsio;

import dev.fsbench.spi.CopyFileOptions;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.CopyOption;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.io.FileUtils;

/**
 * copyFile: {@code FileUtils.copyFile(File, File, preserveFileDate, CopyOption...)}, default
 * filesystem only.
 *
 * <p>Commons IO's checks come first and speak their own language; this class keeps them (they are
 * part of what Commons IO costs) and translates what they throw:
 *
 * <ul>
 *   <li>{@code FileNotFoundException("Source '...' does not exist")}: what {@code Files.copy}'s own
 *       lookup of the source throws ({@code NoSuchFileException} naming it; below a file, what this
 *       JDK's lookups say).
 *   <li>{@code IllegalArgumentException("Parameter 'srcFile' is not a file")}: a directory source,
 *       "Is a directory".
 *   <li>{@code IllegalArgumentException("File canonical paths are equal")}: NIO copies a file onto
 *       itself as a no-op, so this does too.
 *   <li>{@code IllegalArgumentException("Parameter 'destFile' is not a file")}: a directory target,
 *       {@code FileAlreadyExistsException} without replace, "Is a directory" with it.
 * </ul>
 *
 * The messages are not matched (they change between releases); the filesystem is looked at instead.
 *
 * <p>One check is added before the call, one stat of the target's parent: {@code
 * FileUtils.copyFile} creates missing parent directories of the target, and the contract wants
 * {@code NoSuchFileException} there.
 *
 * <p>{@code preserve} maps to the {@code COPY_ATTRIBUTES} copy option (times and permission bits),
 * not to Commons IO's own {@code preserveFileDate}: that one reads the source's times
 * <em>after</em> copying it, and reading the source has by then moved its access time wherever the
 * filesystem updates it on read (relatime, when the access time is not newer than the modification
 * time), so the copy would get "now" instead of the source's access time. The clone hint is
 * ignored: Commons IO has no such option and the copy is {@code Files.copy} inside it.
 */
final class FileCopy {
  private FileCopy() {}

  static void copyFile(Path source, Path target, CopyFileOptions options) throws IOException {
    Parents.requireDirectory(target);
    List<CopyOption> copyOptions = new ArrayList<>(2);
    if (options.replaceExisting()) {
      copyOptions.add(StandardCopyOption.REPLACE_EXISTING);
    }
    if (options.preserve()) {
      copyOptions.add(StandardCopyOption.COPY_ATTRIBUTES);
    }
    try {
      FileUtils.copyFile(
          source.toFile(), target.toFile(), false, copyOptions.toArray(new CopyOption[0]));
    } catch (FileNotFoundException e) {
      throw Failures.sourceLookup(source, e);
    } catch (IllegalArgumentException e) {
      IOException translated = refused(source, target, options, e);
      if (translated != null) {
        throw translated;
      }
    }
  }

  /**
   * The NIO exception for a copy Commons IO refused with an {@code IllegalArgumentException}; null
   * for NIO's no-op.
   */
  private static IOException refused(
      Path source, Path target, CopyFileOptions options, IllegalArgumentException e)
      throws IOException {
    if (Files.isDirectory(source)) {
      return Failures.isADirectory(source, e);
    }
    if (Files.exists(target) && Files.isSameFile(source, target)) {
      return null;
    }
    if (Files.isDirectory(target)) {
      if (options.replaceExisting()) {
        return Failures.isADirectory(target, e);
      }
      FileAlreadyExistsException exists = new FileAlreadyExistsException(target.toString());
      exists.initCause(e);
      return exists;
    }
    return Failures.named(source, target, String.valueOf(e.getMessage()), e);
  }
}
