package dev.fsbench.nativefs;

/**
 * The few library calls that {@link Failures} makes on an error path, answered by each binding
 * through its own calls (JNA for {@code native}, the FFM API for {@code native-ffm}), so that the
 * translation of a failure is written once for both.
 */
interface ErrorProbe {

  /** {@code fsb_access(path, F_OK)}: 0, or the errno. {@code path} is NUL-terminated. */
  int access(byte[] path);

  /**
   * The whole {@code st_mode} of {@code path}, links not followed ({@code fsb_stat} with {@code
   * follow = 0}), or -1 if it cannot be read. {@code path} is NUL-terminated.
   */
  int lstatMode(byte[] path);

  /** The path the calling thread's last failed tree call recorded, decoded, or "" if none. */
  String lastErrorPath();
}
