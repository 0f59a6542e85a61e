package dev.fsbench.antglob;

import dev.fsbench.nio.Directories;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The directory a scanner is given for glob's {@code cwd}: checked as nio's glob checks it, and
 * resolved where a scanner could not take it as it is.
 *
 * <p>The SPI follows {@code cwd} if it is a link (it is the caller's path), where both scanners,
 * links not followed, refuse a base directory that is a link: Ant's scans nothing, Plexus's
 * excludes everything in it. So a link is replaced by its real path. A relative path is made
 * absolute: {@code new File("")}, the working directory to NIO, does not exist to {@code
 * java.io.File}. Cost: one {@code lstat} of {@code cwd}; a link costs a {@code stat} and a {@code
 * realpath} more.
 */
final class WorkingDirectory {
  private WorkingDirectory() {}

  /**
   * The absolute directory to scan for {@code cwd}.
   *
   * @throws java.nio.file.NoSuchFileException if it is missing
   * @throws java.nio.file.NotDirectoryException if it is not a directory (a FIFO too, without
   *     opening it)
   */
  static Path of(Path cwd) throws IOException {
    BasicFileAttributes own =
        Files.readAttributes(cwd, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    if (own.isDirectory()) {
      return cwd.toAbsolutePath();
    }
    Directories.requireDirectory(cwd); // NIO's error for what it is or points to, naming cwd
    return cwd.toRealPath();
  }
}
