package dev.fsbench.harness.run;

import dev.fsbench.support.TreeRemoval;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/**
 * The one directory of the measured filesystem a run may touch: {@code <root>/fsbench-<random>},
 * created fresh, removed at the end. The fixtures live inside it, so removing it removes everything
 * the run made there; the forks' sample files and JMH's output do not (they are in the results
 * folder's claim, {@link dev.fsbench.harness.results.ResultsFolder#scratch}), so a full sandbox
 * fails as the workload's own write. It carries a {@link RunOwner} marker, so that a sandbox left
 * by a killed run can be told from one in use ({@link StaleSandboxes}).
 *
 * <pre>{@code
 * try (Sandbox sandbox = Sandbox.create(Path.of("/dev/shm"))) {
 *   Path work = sandbox.work();   // handed to the forks as -Dfsbench.sandbox
 * }                               // gone, whatever was left inside
 * }</pre>
 *
 * <p>Removal is {@link TreeRemoval}'s (links never followed, permission bits a chmod workload took
 * away restored). It is idempotent, so a shutdown hook and the normal path may both call it.
 */
public final class Sandbox implements AutoCloseable {
  /** The start of every sandbox's name. */
  static final String PREFIX = "fsbench-";

  private final Path root;
  private final Path dir;

  private Sandbox(Path root, Path dir) {
    this.root = root;
    this.dir = dir;
  }

  /**
   * Creates {@code fsbench-<random>} in {@code root}, which must be an existing, writable
   * directory; the error says which of these it is not.
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
      throw new AccessDeniedException(
          absolute.toString(), null, "the sandbox root is not writable");
    }
    Path dir = Files.createTempDirectory(absolute, PREFIX);
    try {
      RunOwner.current().writeTo(dir);
      Files.createDirectory(dir.resolve("work"));
    } catch (IOException | RuntimeException e) {
      try {
        TreeRemoval.cleanUp(dir);
      } catch (IOException cleanup) {
        e.addSuppressed(cleanup);
      }
      throw e;
    }
    return new Sandbox(absolute, dir);
  }

  /** Records in the marker the results folder the run claimed, for whoever finds it stale. */
  void recordResults(Path folder) throws IOException {
    RunOwner owner = RunOwner.readFrom(dir).orElseGet(RunOwner::current);
    owner.withResults(folder).writeTo(dir);
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
    TreeRemoval.cleanUp(dir);
  }

  @Override
  public String toString() {
    return dir.toString();
  }
}
