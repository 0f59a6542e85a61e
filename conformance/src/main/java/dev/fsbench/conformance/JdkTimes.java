package dev.fsbench.conformance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * What the running JDK does with nanoseconds where a Java backend's declared deviations depend on
 * it ({@link CpDeviation#LINK_TIMES_IN_MICROSECONDS}, {@link
 * CpDeviation#FILE_TIMES_IN_MICROSECONDS}): measured, not guessed from the version.
 */
public final class JdkTimes {
  private JdkTimes() {}

  private static final FileTime PROBE =
      FileTime.from(Instant.ofEpochSecond(1_600_000_000L, 123_456_789));

  /** Whether the JDK cuts a link's times to the microsecond when it sets them (JDK 17: lutimes). */
  public static boolean linkTimesInMicroseconds(Path scratch) throws IOException {
    Path link = Files.createSymbolicLink(scratch.resolve("probe-link"), Path.of("nowhere"));
    try {
      Files.getFileAttributeView(link, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
          .setTimes(PROBE, PROBE, null);
      return cut(Files.getLastModifiedTime(link, LinkOption.NOFOLLOW_LINKS));
    } finally {
      Files.delete(link);
    }
  }

  /**
   * Whether {@code Files.copy} with {@code COPY_ATTRIBUTES} cuts a file's times to the microsecond.
   */
  public static boolean copyAttributesInMicroseconds(Path scratch) throws IOException {
    Path file = Files.writeString(scratch.resolve("probe-file"), "probe");
    Path copy = scratch.resolve("probe-copy");
    try {
      Files.setLastModifiedTime(file, PROBE);
      Files.copy(file, copy, StandardCopyOption.COPY_ATTRIBUTES);
      return cut(Files.getLastModifiedTime(copy));
    } finally {
      Files.deleteIfExists(copy);
      Files.delete(file);
    }
  }

  /**
   * Whether the JDK cuts a file's times to the microsecond when it sets them through a {@link
   * java.nio.file.SecureDirectoryStream} (JDK 17: {@code futimes}); false where the default
   * filesystem offers no such stream.
   */
  public static boolean handleTimesInMicroseconds(Path scratch) throws IOException {
    Path dir = Files.createDirectory(scratch.resolve("probe-dir"));
    Path file = Files.writeString(dir.resolve("probe-file"), "probe");
    try (java.nio.file.DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
      if (!(stream instanceof java.nio.file.SecureDirectoryStream)) {
        return false;
      }
      ((java.nio.file.SecureDirectoryStream<Path>) stream)
          .getFileAttributeView(
              file.getFileName(), BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
          .setTimes(PROBE, PROBE, null);
      return cut(Files.getLastModifiedTime(file));
    } finally {
      Files.delete(file);
      Files.delete(dir);
    }
  }

  private static boolean cut(FileTime time) {
    return time.to(TimeUnit.NANOSECONDS) % 1000 == 0;
  }
}
