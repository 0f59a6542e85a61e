package dev.fsbench.spi;

/**
 * Options of {@link FsBackend#mkdir}.
 *
 * @param recursive create missing parents, and succeed if the directory exists already ({@code
 *     mkdir -p})
 * @param mode the permission bits of every directory created, subject to the umask, or {@link
 *     #DEFAULT_MODE}
 */
public record MkdirOptions(boolean recursive, int mode) {

  /** 0777, which the umask reduces, as {@code mkdir(2)} does. */
  public static final int DEFAULT_MODE = 0777;

  /** Not recursive, mode 0777 (less the umask). */
  public static final MkdirOptions DEFAULT = new MkdirOptions(false, DEFAULT_MODE);

  /** Recursive, mode 0777 (less the umask). */
  public static final MkdirOptions RECURSIVE = new MkdirOptions(true, DEFAULT_MODE);

  public MkdirOptions {
    if ((mode & ~07777) != 0) {
      throw new IllegalArgumentException(
          "mode must be permission bits (07777), was 0" + Integer.toOctalString(mode));
    }
  }

  public MkdirOptions withRecursive(boolean value) {
    return new MkdirOptions(value, mode);
  }

  public MkdirOptions withMode(int value) {
    return new MkdirOptions(recursive, value);
  }
}
