package dev.fsbench.spi;

/**
 * Options of {@link FsBackend#rm}.
 *
 * @param recursive remove a directory and everything below it; without it a directory is an error
 * @param force a missing path is not an error
 * @param concurrency 0 for the backend's default, 1 for serial, n for at most n workers
 */
public record RmOptions(boolean recursive, boolean force, int concurrency) {

  /** Files and links only, a missing path is an error. */
  public static final RmOptions DEFAULT = new RmOptions(false, false, 0);

  /** {@code rm -rf}: recursive, forced, the backend's default concurrency. */
  public static final RmOptions RECURSIVE_FORCE = new RmOptions(true, true, 0);

  public RmOptions {
    Concurrency.check(concurrency);
  }

  public RmOptions withRecursive(boolean value) {
    return new RmOptions(value, force, concurrency);
  }

  public RmOptions withForce(boolean value) {
    return new RmOptions(recursive, value, concurrency);
  }

  public RmOptions withConcurrency(int value) {
    return new RmOptions(recursive, force, value);
  }
}
