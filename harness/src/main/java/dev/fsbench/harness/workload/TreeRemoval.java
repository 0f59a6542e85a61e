package dev.fsbench.harness.workload;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;

/**
 * Removes what the harness made: a fixture between samples, a fork's trial directory, the run's
 * sandbox. One implementation for all of them, with plain NIO (never a backend under test), because
 * the rules are the same everywhere: never follow a link (a workload's link to something outside is
 * removed as a link, never walked into, so cleanup cannot reach outside the sandbox), restore the
 * owner's permission bits on a directory that a chmod workload closed, and treat an entry that
 * vanished meanwhile as removed.
 *
 * <pre>{@code
 * TreeRemoval.remove(sandbox.resolve("iteration-3"));   // gone, or it was not there
 * }</pre>
 */
public final class TreeRemoval {
  private static final Set<PosixFilePermission> OWNER_RWX =
      EnumSet.of(
          PosixFilePermission.OWNER_READ,
          PosixFilePermission.OWNER_WRITE,
          PosixFilePermission.OWNER_EXECUTE);

  private TreeRemoval() {}

  /**
   * Removes {@code top} and everything below it without following links; a missing {@code top} is
   * fine.
   */
  public static void remove(Path top) throws IOException {
    if (!Files.exists(top, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    Files.walkFileTree(
        top,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs)
              throws IOException {
            openUp(d);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            Files.deleteIfExists(file);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
            if (e instanceof AccessDeniedException) {
              // A directory chmod'ed to 0: open it up and walk it again.
              openUp(file);
              remove(file);
              return FileVisitResult.CONTINUE;
            }
            if (e instanceof NoSuchFileException) {
              return FileVisitResult.CONTINUE;
            }
            throw e;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
            if (e != null && !(e instanceof NoSuchFileException)) {
              throw e;
            }
            Files.deleteIfExists(d);
            return FileVisitResult.CONTINUE;
          }
        });
  }

  private static void openUp(Path dir) throws IOException {
    try {
      Set<PosixFilePermission> perms =
          Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
      if (!perms.containsAll(OWNER_RWX)) {
        perms.addAll(OWNER_RWX);
        Files.setPosixFilePermissions(dir, perms);
      }
    } catch (UnsupportedOperationException e) {
      // not a POSIX filesystem: nothing to restore
    } catch (NoSuchFileException e) {
      // already gone
    }
  }
}
