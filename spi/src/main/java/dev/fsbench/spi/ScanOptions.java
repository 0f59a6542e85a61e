package dev.fsbench.spi;

/**
 * Options of {@link FsBackend#scan}.
 *
 * @param concurrency 0 for the backend's default, 1 for serial, n for at most n workers
 * @param followLinks report the target's metadata for symbolic links and descend into linked
 *     directories (a link cycle is an error naming the path); without it links are entries of kind
 *     {@code SYMLINK}
 * @param includeDirectories whether directories are entries of the result, beside files and links
 */
public record ScanOptions(int concurrency, boolean followLinks, boolean includeDirectories) {

  /** Default concurrency, links not followed, directories included. */
  public static final ScanOptions DEFAULT = new ScanOptions(0, false, true);

  public ScanOptions {
    Concurrency.check(concurrency);
  }

  public ScanOptions withConcurrency(int value) {
    return new ScanOptions(value, followLinks, includeDirectories);
  }

  public ScanOptions withFollowLinks(boolean value) {
    return new ScanOptions(concurrency, value, includeDirectories);
  }

  public ScanOptions withIncludeDirectories(boolean value) {
    return new ScanOptions(concurrency, followLinks, value);
  }
}
