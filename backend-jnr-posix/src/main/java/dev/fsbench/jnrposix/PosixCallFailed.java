package dev.fsbench.jnrposix;

/**
 * A jnr-posix call that reported its failure through the {@link FailingHandler} instead of its
 * return value ({@code POSIX.mkdir}, {@code POSIX.rmdir}): the errno, caught by the family that
 * made the call and translated there into NIO's exception ({@link Errors}), naming that family's
 * {@code Path} (the handler sees only the string jnr-posix was given, {@code "."} for the empty
 * path).
 *
 * <p>Unchecked, because a handler method cannot throw an {@code IOException}; without a stack
 * trace, because it never leaves the backend and recursive mkdir meets one on its ordinary path
 * (the leaf's missing parent), where filling in a trace would cost more than the syscall.
 */
final class PosixCallFailed extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int errno;

  PosixCallFailed(int errno, String call, String path) {
    super(call + " " + path + ": errno " + errno, null, false, false);
    this.errno = errno;
  }

  int errno() {
    return errno;
  }
}
