package dev.fsbench.spi;

/**
 * Options of {@link FsBackend#cp}, a recursive copy of a file or a directory tree.
 *
 * <p>Files and directories get the source's twelve mode bits (setuid, setgid and sticky included);
 * symbolic links are copied as links (never followed). Timestamps are those of the copy unless
 * {@code preserveTimestamps}. The whole semantics, and where it differs from {@code cp -a}: {@code
 * docs/semantics/cp.md}.
 *
 * @param preserveTimestamps give every copied entry the source's access and modification times
 * @param overwrite replace existing files and links in the target (never a directory: a file copied
 *     onto one is a {@code FileSystemException} "Is a directory"); without it an existing target
 *     file is a {@link java.nio.file.FileAlreadyExistsException}. Existing directories are always
 *     merged into.
 * @param concurrency 0 for the backend's default, 1 for a serial copy, n for at most n workers; a
 *     backend without {@link Capability#TREE_CONCURRENCY} ignores it
 */
public record CpOptions(boolean preserveTimestamps, boolean overwrite, int concurrency) {

  /** No timestamps preserved, overwrite, the backend's default concurrency. */
  public static final CpOptions DEFAULT = new CpOptions(false, true, 0);

  public CpOptions {
    Concurrency.check(concurrency);
  }

  public CpOptions withPreserveTimestamps(boolean value) {
    return new CpOptions(value, overwrite, concurrency);
  }

  public CpOptions withOverwrite(boolean value) {
    return new CpOptions(preserveTimestamps, value, concurrency);
  }

  public CpOptions withConcurrency(int value) {
    return new CpOptions(preserveTimestamps, overwrite, value);
  }
}
