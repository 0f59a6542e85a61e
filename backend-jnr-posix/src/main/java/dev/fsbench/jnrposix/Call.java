package dev.fsbench.jnrposix;

/**
 * The jnr-posix calls the backend makes, and what the translation of their errno needs to know
 * about each: whether NIO's equivalent is a lookup (JDK 25 reports a file used as a directory there
 * as a missing path), and the few calls whose NIO equivalent names an errno of its own.
 */
enum Call {
  ACCESS(true),
  STAT(true),
  LSTAT(true),
  CHMOD(false),
  CHOWN(false),
  LINK(false),
  SYMLINK(false),
  /** EINVAL, a path that is no link: {@code NotLinkException}. */
  READLINK(false),
  /** EXDEV: {@code AtomicMoveNotSupportedException}, as {@code Files.move(ATOMIC_MOVE)}. */
  RENAME(false),
  MKDIR(false),
  /** ENOTEMPTY, or EEXIST which POSIX allows instead: {@code DirectoryNotEmptyException}. */
  RMDIR(false),
  UNLINK(false),
  UTIMENSAT(false),
  TRUNCATE(false),
  /** open, read, write, fstat and close of the content families. */
  CONTENT(false);

  private final boolean lookup;

  Call(boolean lookup) {
    this.lookup = lookup;
  }

  /** Whether NIO's equivalent of this call is a lookup ({@code stat}, {@code access}). */
  boolean looksUp() {
    return lookup;
  }
}
