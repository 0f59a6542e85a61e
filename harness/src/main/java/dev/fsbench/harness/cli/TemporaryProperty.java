package dev.fsbench.harness.cli;

/**
 * A system property set for the length of one command and put back after it, as the outside jars'
 * class path is: tests run many commands in one JVM, and one command's routes must not leak into
 * the next.
 */
final class TemporaryProperty implements AutoCloseable {
  private final String name;
  private final String saved;

  private TemporaryProperty(String name, String value) {
    this.name = name;
    this.saved = System.getProperty(name);
    System.setProperty(name, value);
  }

  /** Sets {@code name} to {@code value} until {@link #close()}. */
  static TemporaryProperty set(String name, String value) {
    return new TemporaryProperty(name, value);
  }

  @Override
  public void close() {
    if (saved == null) {
      System.clearProperty(name);
    } else {
      System.setProperty(name, saved);
    }
  }
}
