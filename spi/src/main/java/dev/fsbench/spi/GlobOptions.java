package dev.fsbench.spi;

/**
 * Options of {@link FsBackend#glob}.
 *
 * @param includeDirectories whether matching directories are returned beside matching files
 * @param dot whether {@code *}, {@code ?}, {@code [...]} and {@code **} match names that start with
 *     a dot; without it a dot file matches only a pattern segment that starts with a literal dot
 * @param concurrency 0 for the backend's default, 1 for serial, n for at most n workers
 */
public record GlobOptions(boolean includeDirectories, boolean dot, int concurrency) {

  /** Files and directories, no dot files, the backend's default concurrency. */
  public static final GlobOptions DEFAULT = new GlobOptions(true, false, 0);

  public GlobOptions {
    Concurrency.check(concurrency);
  }

  public GlobOptions withIncludeDirectories(boolean value) {
    return new GlobOptions(value, dot, concurrency);
  }

  public GlobOptions withDot(boolean value) {
    return new GlobOptions(includeDirectories, value, concurrency);
  }

  public GlobOptions withConcurrency(int value) {
    return new GlobOptions(includeDirectories, dot, value);
  }
}
