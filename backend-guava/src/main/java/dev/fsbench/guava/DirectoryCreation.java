package dev.fsbench.guava;

import com.google.common.io.MoreFiles;
import dev.fsbench.spi.MkdirOptions;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * mkdir: recursively, what a Guava user writes, {@code MoreFiles.createParentDirectories(path)} and
 * then {@code Files.createDirectory(path)}, an existing directory accepted; without {@code
 * recursive}, {@code Files.createDirectory} alone, since Guava has no single-level call.
 *
 * <p>An existing directory at the path is success, an existing anything else (a link to a directory
 * too) {@code FileAlreadyExistsException}, as {@code Files.createDirectories} decides. {@code
 * createParentDirectories} makes the path absolute and normalizes it (lexically: {@code a/link/..}
 * becomes {@code a}), asks whether that parent is a directory (one stat, links followed) and
 * otherwise calls {@code Files.createDirectories} on the parent. Its failures are NIO's, but about
 * the parent: a file in the way is {@code FileAlreadyExistsException} naming that file, and the
 * ancestor {@code createDirectories} names is one level up from where the contract's oracle, {@code
 * Files.createDirectories(path)}, names it. So on any failure but an existing non-directory at the
 * path itself, the oracle's own call is made (on the error path only) and its exception is thrown,
 * Guava's attached as suppressed: the directories Guava could not make, it cannot make either, and
 * it names what NIO names. Should it succeed where Guava failed (the condition gone meanwhile, or a
 * {@code ..} after a link that Guava's lexical normalization resolved elsewhere), the directory
 * exists as asked and the call returns.
 *
 * <p>A mode other than the default is passed to both calls as a POSIX attribute (each created level
 * gets it, less the umask); setuid, setgid and sticky cannot be asked for through one and are
 * refused with {@code UnsupportedOperationException} before anything is created, as the NIO backend
 * refuses them.
 */
final class DirectoryCreation {
  private DirectoryCreation() {}

  private static final FileAttribute<?>[] NONE = {};

  static void mkdir(Path path, MkdirOptions options, boolean posix) throws IOException {
    FileAttribute<?>[] attributes = attributes(options.mode(), posix);
    if (!options.recursive()) {
      Files.createDirectory(path, attributes);
      return;
    }
    try {
      MoreFiles.createParentDirectories(path, attributes);
      Files.createDirectory(path, attributes);
    } catch (IOException e) {
      if (e instanceof FileAlreadyExistsException
          && path.toString().equals(((FileAlreadyExistsException) e).getFile())) {
        if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
          return; // mkdir -p of an existing directory
        }
        throw e; // as createDirectories: a link, even to a directory, is in the way
      }
      try {
        Files.createDirectories(path, attributes);
      } catch (IOException oracle) {
        oracle.addSuppressed(e);
        throw oracle;
      }
    }
  }

  private static FileAttribute<?>[] attributes(int mode, boolean posix) {
    if (mode == MkdirOptions.DEFAULT_MODE) {
      return NONE;
    }
    if (!posix) {
      throw new UnsupportedOperationException(
          "mkdir with a mode: this filesystem has no POSIX permissions");
    }
    if ((mode & 07000) != 0) {
      throw new UnsupportedOperationException(
          "mkdir: a POSIX attribute cannot ask for setuid/setgid/sticky bits (0"
              + Integer.toOctalString(mode)
              + ")");
    }
    Set<PosixFilePermission> permissions = EnumSet.noneOf(PosixFilePermission.class);
    PosixFilePermission[] bits = PosixFilePermission.values(); // 0400 down to 0001
    for (int i = 0; i < bits.length; i++) {
      if ((mode & (0400 >> i)) != 0) {
        permissions.add(bits[i]);
      }
    }
    return new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(permissions)};
  }
}
