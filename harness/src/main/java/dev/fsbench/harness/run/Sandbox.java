package dev.fsbench.harness.run;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;

/**
 * The one directory a run may touch: {@code <root>/fsbench-<random>}, created fresh, removed at the end. Fixtures, the
 * forks' sample files and JMH's per-cell output all live inside it, so removing it removes everything the run made.
 *
 * <pre>{@code
 * try (Sandbox sandbox = Sandbox.create(Path.of("/dev/shm"))) {
 *   Path work = sandbox.work();   // handed to the forks as -Dfsbench.sandbox
 * }                               // gone, whatever was left inside
 * }</pre>
 *
 * <p>Removal never follows a link (a workload's symlink to something outside is removed as a link) and restores the
 * owner's permission bits on a directory it cannot enter or empty, since chmod workloads may have removed them. It is
 * idempotent, so a shutdown hook and the normal path may both call it.
 */
public final class Sandbox implements AutoCloseable {
  private static final Set<PosixFilePermission> OWNER_RWX =
      EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE);

  private final Path root;
  private final Path dir;

  private Sandbox(Path root, Path dir) {
    this.root = root;
    this.dir = dir;
  }

  /**
   * Creates {@code fsbench-<random>} in {@code root}, which must be an existing, writable directory; the error says
   * which of these it is not.
   */
  public static Sandbox create(Path root) throws IOException {
    Path absolute = root.toAbsolutePath().normalize();
    if (!Files.exists(absolute)) {
      throw new NoSuchFileException(absolute.toString(), null, "the sandbox root does not exist");
    }
    if (!Files.isDirectory(absolute)) {
      throw new NotDirectoryException(absolute.toString());
    }
    if (!Files.isWritable(absolute)) {
      throw new AccessDeniedException(absolute.toString(), null, "the sandbox root is not writable");
    }
    Path dir = Files.createTempDirectory(absolute, "fsbench-");
    Files.createDirectory(dir.resolve("work"));
    return new Sandbox(absolute, dir);
  }

  /** The directory {@code --root} named, absolute. */
  public Path root() {
    return root;
  }

  /** The sandbox itself. */
  public Path dir() {
    return dir;
  }

  /** Where the workloads create their fixtures: the forks' {@code fsbench.sandbox}. */
  public Path work() {
    return dir.resolve("work");
  }

  /** Removes the sandbox and everything in it. */
  @Override
  public synchronized void close() throws IOException {
    removeTree(dir);
  }

  /** Removes {@code top} and everything below it without following links; a missing {@code top} is fine. */
  static void removeTree(Path top) throws IOException {
    if (!Files.exists(top, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    Files.walkFileTree(
        top,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) throws IOException {
            openUp(d);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
            Files.deleteIfExists(file);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
            if (e instanceof AccessDeniedException) {
              // A directory chmod'ed to 0: open it up and walk it again.
              openUp(file);
              removeTree(file);
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
      Set<PosixFilePermission> perms = Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
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

  @Override
  public String toString() {
    return dir.toString();
  }
}
