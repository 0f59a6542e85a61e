package dev.fsbench.jnrposix;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.FsBackend;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * jnr-posix's FileStat as the SPI's, field by field against NIO's {@code unix:*} view of the same
 * entries: kind, size, mode, uid, gid, nlink, ino, dev and the three times to the nanosecond; and
 * the saturation of times outside the nanosecond range.
 */
class StatsTest {

  @TempDir Path dir;

  @Test
  void everyFieldAsNioReadsIt() throws Exception {
    Path file = Files.write(dir.resolve("f"), new byte[1234]);
    Files.setLastModifiedTime(
        file, FileTime.from(Instant.ofEpochSecond(1_600_000_000L, 123_456_789)));
    Path link = Files.createSymbolicLink(dir.resolve("l"), file.getFileName());
    Files.createLink(dir.resolve("h"), file);
    try (FsBackend backend = new JnrPosixBackendProvider().create(BackendConfig.DEFAULT)) {
      assertSame(backend.stat(file), file, true);
      assertSame(backend.stat(link), file, true);
      assertSame(backend.lstat(link), link, false);
      assertSame(backend.stat(dir), dir, true);
      assertEquals(FileKind.SYMLINK, backend.lstat(link).kind());
      assertEquals(1_600_000_000_123_456_789L, backend.stat(file).mtimeNanos());
    }
  }

  private static void assertSame(FileStat st, Path path, boolean follow) throws Exception {
    LinkOption[] options =
        follow ? new LinkOption[0] : new LinkOption[] {LinkOption.NOFOLLOW_LINKS};
    Map<String, Object> nio = Files.readAttributes(path, "unix:*", options);
    String what = path + (follow ? "" : " (lstat)");
    assertEquals(nio.get("size"), st.size(), what + " size");
    assertEquals(nio.get("mode"), st.mode(), what + " mode");
    assertEquals(nio.get("uid"), st.uid(), what + " uid");
    assertEquals(nio.get("gid"), st.gid(), what + " gid");
    assertEquals(((Integer) nio.get("nlink")).longValue(), st.nlink(), what + " nlink");
    assertEquals(nio.get("ino"), st.ino(), what + " ino");
    assertEquals(nio.get("dev"), st.dev(), what + " dev");
    assertEquals(nanos(nio.get("lastAccessTime")), st.atimeNanos(), what + " atime");
    assertEquals(nanos(nio.get("lastModifiedTime")), st.mtimeNanos(), what + " mtime");
    assertEquals(nanos(nio.get("ctime")), st.ctimeNanos(), what + " ctime");
  }

  private static long nanos(Object time) {
    return ((FileTime) time).to(TimeUnit.NANOSECONDS);
  }

  @Test
  void timesOutsideTheNanosecondRangeSaturate() {
    assertEquals(1_000_000_001L, Stats.nanos(1, 1));
    assertEquals(-999_999_999L, Stats.nanos(-1, 1));
    assertEquals(Long.MAX_VALUE, Stats.nanos(Long.MAX_VALUE / 1_000_000_000L + 1, 0));
    assertEquals(Long.MAX_VALUE, Stats.nanos(Long.MAX_VALUE / 1_000_000_000L, 999_999_999));
    assertEquals(Long.MIN_VALUE, Stats.nanos(Long.MIN_VALUE / 1_000_000_000L - 1, 0));
    assertEquals(
        FileTime.from(Instant.ofEpochSecond(-5, 7)).to(TimeUnit.NANOSECONDS), Stats.nanos(-5, 7));
  }
}
