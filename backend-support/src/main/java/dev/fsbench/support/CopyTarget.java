package dev.fsbench.support;

import dev.fsbench.spi.FsErrors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * The check every cp of a directory makes before it writes anything (docs/semantics/cp.md): the
 * target must not be the source or lie below it.
 *
 * <pre>{@code
 * if (Files.isDirectory(source, LinkOption.NOFOLLOW_LINKS)) {
 *   CopyTarget.refuseIntoItself(source, target); // FileSystemException naming both
 * }
 * }</pre>
 */
public final class CopyTarget {
  private CopyTarget() {}

  /**
   * Refuses a target at or below the source directory, comparing real paths so that a link or a
   * {@code ..} cannot hide the overlap. The target may not exist yet: its deepest existing ancestor
   * is resolved and the rest appended.
   *
   * @throws java.nio.file.FileSystemException {@link FsErrors#intoItself} naming both paths
   */
  public static void refuseIntoItself(Path source, Path target) throws IOException {
    Path realSource = source.toRealPath();
    Path absolute = target.toAbsolutePath().normalize();
    Path existing = absolute;
    while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
      existing = existing.getParent();
    }
    Path realTarget =
        existing == null
            ? absolute
            : existing.toRealPath().resolve(existing.relativize(absolute)).normalize();
    if (realTarget.startsWith(realSource)) {
      throw FsErrors.intoItself(source, target);
    }
  }
}
