package dev.fsbench.harness.bench;

import dev.fsbench.support.TreeRemoval;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a fork makes its fixtures: the directory the runner names with {@code
 * -Dfsbench.sandbox=DIR} (it chose the filesystem, and removes the directory afterwards), or, in a
 * plain JMH run ({@code java -jar fsbench.jar jmh ...}), a temporary directory of the fork's own
 * that it removes when the trial ends, or at the latest when the JVM exits.
 */
final class ForkSandbox implements AutoCloseable {
  /** The system property naming the sandbox. */
  static final String PROPERTY = "fsbench.sandbox";

  private final Path dir;
  private final boolean owned;
  private final Thread removeAtExit;

  private ForkSandbox(Path dir, boolean owned) {
    this.dir = dir;
    this.owned = owned;
    this.removeAtExit = owned ? new Thread(this::removeQuietly, "fsbench-sandbox-cleanup") : null;
    if (owned) {
      Runtime.getRuntime().addShutdownHook(removeAtExit);
    }
  }

  static ForkSandbox fromSystemProperty() throws IOException {
    String given = System.getProperty(PROPERTY);
    if (given == null || given.isEmpty()) {
      return new ForkSandbox(Files.createTempDirectory("fsbench-"), true);
    }
    Path dir = Path.of(given);
    if (!Files.isDirectory(dir)) {
      throw new IllegalStateException(
          "-D" + PROPERTY + "=" + given + " is not an existing directory");
    }
    return new ForkSandbox(dir, false);
  }

  Path dir() {
    return dir;
  }

  @Override
  public void close() throws IOException {
    if (owned) {
      Runtime.getRuntime().removeShutdownHook(removeAtExit);
      remove();
    }
  }

  private void removeQuietly() {
    try {
      remove();
    } catch (IOException | UncheckedIOException e) {
      System.err.println("fsbench: could not remove the sandbox " + dir + ": " + e);
    }
  }

  /** Removes the fork's own directory, never following a link out of it. */
  private void remove() throws IOException {
    TreeRemoval.cleanUp(dir);
  }
}
