package dev.fsbench.spi;

/**
 * What a backend supports beyond the portable core. The contract kit and the harness consult these
 * instead of guessing: a family whose capability is missing must throw {@link
 * UnsupportedOperationException}, never pretend to succeed.
 */
public enum Capability {
  /** chmod and the permission bits of {@link FileStat#mode()} are real POSIX bits. */
  POSIX_PERMISSIONS,
  /** chown with numeric uid/gid, and uid/gid in {@link FileStat}. */
  OWNERSHIP,
  /** Hard links (link, nlink). */
  HARD_LINKS,
  /** Symbolic links (symlink, readlink, lstat of a link). */
  SYMBOLIC_LINKS,
  /** Works on a {@link java.nio.file.FileSystem} other than the default one, such as Jimfs. */
  FOREIGN_FILESYSTEMS,
  /** Tree operations honour an explicit concurrency (1 = serial, n = at most n workers). */
  TREE_CONCURRENCY,
  /**
   * glob's patterns may hold bracket expressions ({@code [abc]}, {@code [a-z]}, {@code [!a]}).
   * Without it the backend's pattern language has none (the Ant and Plexus scanners): it refuses a
   * pattern holding one with {@link IllegalArgumentException}, as it refuses a malformed one, and
   * glob works otherwise.
   */
  GLOB_BRACKETS,
  /**
   * glob lists a symbolic link to nothing (or to itself) like any entry its patterns match. Without
   * it the backend's walk keeps only entries it can resolve to a file or a directory (the Plexus
   * scanner): a run leaves its glob cells on trees that hold such links (links-dots, a user's tree)
   * out, with the reason, rather than fail them.
   */
  GLOB_DANGLING_LINKS
}
