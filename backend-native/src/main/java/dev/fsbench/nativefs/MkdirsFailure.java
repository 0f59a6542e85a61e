package dev.fsbench.nativefs;

import dev.fsbench.spi.FsErrors;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;

/**
 * Which path {@code Files.createDirectories} would name when creating {@code dir} and its parents
 * failed with ENOTDIR, which the library reports for the whole call (mkdir -p, and cp creating the
 * target's parents) without saying where. NIO's algorithm decides the name, so this replays it with
 * a few stat calls, on the error path only:
 *
 * <ol>
 *   <li>{@code dir} itself exists (and is no directory): {@link FileAlreadyExistsException} naming
 *       {@code dir};
 *   <li>else, walking up the absolute path: the first ancestor that exists is where creation
 *       starts, and its child (which cannot be created below a non-directory) is named. An ancestor
 *       whose lookup says ENOTDIR is named itself where the JDK's lookups say "Not a directory"
 *       (JDK 17), and counts as missing where they report a missing path (JDK 25, see {@link
 *       FsErrors#notADirectoryOnLookup}). Either is a {@link FileSystemException} "Not a directory"
 *       naming an absolute path, as NIO's does.
 * </ol>
 *
 * Null when the replay finds nothing to blame (the tree changed meanwhile): the caller keeps its
 * own exception. The stat calls go through the backend's {@link ErrorProbe}.
 */
final class MkdirsFailure {
  private MkdirsFailure() {}

  static IOException of(Path dir, ErrorProbe probe) {
    if (probe.lstatMode(PathBytes.argument(dir)) != -1) {
      return new FileAlreadyExistsException(dir.toString());
    }
    Path absolute = dir.toAbsolutePath();
    Path child = absolute;
    for (Path ancestor = absolute.getParent();
        ancestor != null;
        child = ancestor, ancestor = ancestor.getParent()) {
      int result = probe.access(PathBytes.verbatim(ancestor));
      if (result == 0) {
        return notADirectory(child);
      }
      if (result == LinuxErrno.ENOTDIR && !FsErrors.lookupsReportNotADirectoryAsMissing()) {
        return notADirectory(ancestor);
      }
      if (result != LinuxErrno.ENOENT && result != LinuxErrno.ENOTDIR) {
        return NativeErrors.of(Op.ACCESS, result, ancestor.toString(), null);
      }
    }
    return null;
  }

  private static FileSystemException notADirectory(Path path) {
    return new FileSystemException(path.toString(), null, LinuxErrno.reason(LinuxErrno.ENOTDIR));
  }
}
