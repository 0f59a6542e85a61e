package dev.fsbench.spi;

/**
 * Options of {@link FsBackend#readdir}.
 *
 * @param recursive list the whole tree (files, directories, links; links are not followed) instead
 *     of one directory
 * @param concurrency 0 for the backend's default, 1 for serial, n for at most n workers; only
 *     recursive listing uses it
 */
public record ReaddirOptions(boolean recursive, int concurrency) {

  /** One directory. */
  public static final ReaddirOptions DEFAULT = new ReaddirOptions(false, 0);

  /** The whole tree, the backend's default concurrency. */
  public static final ReaddirOptions RECURSIVE = new ReaddirOptions(true, 0);

  public ReaddirOptions {
    Concurrency.check(concurrency);
  }

  public ReaddirOptions withRecursive(boolean value) {
    return new ReaddirOptions(value, concurrency);
  }

  public ReaddirOptions withConcurrency(int value) {
    return new ReaddirOptions(recursive, value);
  }
}
