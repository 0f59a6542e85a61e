package dev.fsbench.conformance;

/**
 * A way a backend's cp differs from docs/semantics/cp.md. A backend declares its set (in its
 * README) and passes it to {@link CpDifferential}, which checks both ways: every difference from
 * {@code cp -a} is cp.md's or declared, and every declared deviation really shows.
 */
public enum CpDeviation {
  /**
   * With {@code preserveTimestamps}, a link's times are set to the microsecond: the JDK sets them
   * with {@code lutimes} (JDK 17; Temurin 25 uses {@code utimensat}).
   */
  LINK_TIMES_IN_MICROSECONDS,

  /**
   * With {@code preserveTimestamps}, a link's access time is not kept when another link of the tree
   * leads through it: Commons IO checks each entry with {@code Files.exists}, which follows links,
   * and following a link reads it, which moves its access time before it is copied.
   */
  LINK_ACCESS_TIME_MOVED,

  /**
   * With {@code preserveTimestamps}, a file's times are set to the microsecond: {@code
   * COPY_ATTRIBUTES} on JDK 17.
   */
  FILE_TIMES_IN_MICROSECONDS,

  /**
   * The setuid, setgid and sticky bits are dropped: from directories always, from files without
   * {@code preserveTimestamps} ({@code PosixFilePermission} has only the nine others).
   */
  SPECIAL_BITS_DROPPED,

  /**
   * The setuid, setgid and sticky bits are dropped from every file and directory of a copied tree
   * (a single file copied keeps them): a race-safe copy sets modes through directory handles, whose
   * {@code PosixFileAttributeView} carries only the nine others, and setting the rest by path could
   * act on another file than the copy.
   */
  SPECIAL_BITS_DROPPED_BY_HANDLES,

  /**
   * With {@code preserveTimestamps}, the times of a copied tree's files and directories are set to
   * the microsecond: a race-safe copy sets them through directory handles, and JDK 17's {@code
   * SecureDirectoryStream} does that with {@code futimes} (Temurin 25 keeps nanoseconds).
   */
  TIMES_IN_MICROSECONDS_BY_HANDLES,

  /**
   * With {@code preserveTimestamps}, a file's owner and group are copied where the process may
   * (always as root): {@code COPY_ATTRIBUTES} does.
   */
  FILE_OWNER_COPIED_WITH_PRESERVE,

  /**
   * With {@code overwrite}, a file or link copied onto an empty directory replaces it ({@code
   * Files.copy} with {@code REPLACE_EXISTING}); onto a non-empty one it is {@code
   * DirectoryNotEmptyException}.
   */
  EMPTY_DIRECTORY_REPLACED,

  /**
   * A FIFO, socket or device node in the tree is refused, naming it, instead of recreated: no NIO
   * call creates one.
   */
  SPECIAL_FILES_REFUSED
}
