package dev.fsbench.spi;

/**
 * Options of {@link FsBackend#copyFile}.
 *
 * @param replaceExisting overwrite an existing target; without it an existing target is a {@link
 *     java.nio.file.FileAlreadyExistsException}
 * @param preserve also copy the source's permission bits and its access and modification times (the
 *     seed's "copy-file" contract); the content is always copied
 * @param cloneHint ask for a copy-on-write clone where the filesystem can make one; a hint only,
 *     falling back to a byte copy
 */
public record CopyFileOptions(boolean replaceExisting, boolean preserve, boolean cloneHint) {

  /** Fail on an existing target, do not preserve, no clone hint. */
  public static final CopyFileOptions DEFAULT = new CopyFileOptions(false, false, false);

  public CopyFileOptions withReplaceExisting(boolean value) {
    return new CopyFileOptions(value, preserve, cloneHint);
  }

  public CopyFileOptions withPreserve(boolean value) {
    return new CopyFileOptions(replaceExisting, value, cloneHint);
  }

  public CopyFileOptions withCloneHint(boolean value) {
    return new CopyFileOptions(replaceExisting, preserve, value);
  }
}
