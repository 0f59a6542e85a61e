package dev.fsbench.nativefs;

/**
 * The few library calls that {@link Failures} makes on an error path, through the backend's {@link
 * Binding}, so that the translation of a failure is written once for every binding.
 */
final class ErrorProbe {
  private final Binding binding;

  ErrorProbe(Binding binding) {
    this.binding = binding;
  }

  /** {@code fsb_access(path, F_OK)}: 0, or the errno. {@code path} is NUL-terminated. */
  int access(byte[] path) {
    return binding.access(path, Abi.F_OK);
  }

  /**
   * The whole {@code st_mode} of {@code path}, links not followed ({@code fsb_stat} with {@code
   * follow = 0}), or -1 if it cannot be read. {@code path} is NUL-terminated.
   */
  int lstatMode(byte[] path) {
    return mode(path, 0);
  }

  /**
   * The whole {@code st_mode} of {@code path}, links followed ({@code fsb_stat} with {@code follow
   * = 1}), or -1 if it cannot be read. {@code path} is NUL-terminated.
   */
  int statMode(byte[] path) {
    return mode(path, 1);
  }

  /** The path the calling thread's last failed tree call recorded, decoded, or "" if none. */
  String lastErrorPath() {
    return LibraryBackend.lastErrorPath(binding);
  }

  private int mode(byte[] path, int follow) {
    Scratch scratch = binding.scratch();
    return binding.stat(scratch, path, follow) == 0 ? (int) scratch.stat[Abi.STAT_MODE] : -1;
  }
}
