package dev.fsbench.nativefs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.spi.ScanEntry;
import dev.fsbench.spi.ScanOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The data-safety cases the contract kit cannot build: a tree deeper than any path can name, and
 * times outside the 64-bit nanosecond range (a file that never ends is {@link
 * LibraryBackendTest}'s, for every binding). Fixtures live in a directory this class makes under
 * {@code /dev/shm} (tmpfs: 50,000 directories on a disk take many seconds) or the temporary
 * directory, and removes.
 */
@Tag("native-library")
class NativeSafetyTest {

  /** Just what building a chain of directories below any path length needs. */
  interface LibC extends Library {
    LibC INSTANCE = Native.load("c", LibC.class);

    int openat(int dirfd, String path, int flags, int mode);

    int mkdirat(int dirfd, String path, int mode);

    int close(int fd);
  }

  private static final int AT_FDCWD = -100;
  private static final int O_DIRECTORY = Platform.isARM() ? 0x4000 : 0x10000;
  private static final int O_CLOEXEC = 0x80000;
  private static final int O_WRONLY = 1;
  private static final int O_CREAT = 0x40;
  private static final int DEPTH = 50_000;

  private FsBackend fs;
  private Path dir;

  @BeforeEach
  void open() throws IOException {
    fs = new NativeBackendProvider().create(BackendConfig.DEFAULT);
    Path shm = Path.of("/dev/shm");
    Path base =
        Files.isDirectory(shm) && Files.isWritable(shm)
            ? shm
            : Path.of(System.getProperty("java.io.tmpdir"));
    dir = Files.createTempDirectory(base, "fsbench-native-safety-");
  }

  @AfterEach
  void close() throws IOException {
    try {
      // The native rm is the one remover here that handles any depth (NIO's walk fails past
      // PATH_MAX).
      fs.rm(dir, RmOptions.RECURSIVE_FORCE);
    } finally {
      fs.close();
    }
  }

  /** {@code top/d/d/.../d/f}, {@code depth} directories, built relative to descriptors. */
  private static void chain(Path top, int depth) throws IOException {
    LibC c = LibC.INSTANCE;
    int fd = c.openat(AT_FDCWD, top.toString(), O_DIRECTORY | O_CLOEXEC, 0);
    assertTrue(fd >= 0, "open " + top);
    for (int i = 0; i < depth; i++) {
      assertEquals(0, c.mkdirat(fd, "d", 0755), "mkdirat at level " + i);
      int next = c.openat(fd, "d", O_DIRECTORY | O_CLOEXEC, 0);
      c.close(fd);
      assertTrue(next >= 0, "open level " + i);
      fd = next;
    }
    int f = c.openat(fd, "f", O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    assertTrue(f >= 0, "create the bottom file");
    c.close(f);
    c.close(fd);
  }

  @Test
  void scanCpAndRmHandleAChainOf50000Directories() throws IOException {
    Path top = Files.createDirectory(dir.resolve("chain"));
    chain(top, DEPTH);
    for (boolean follow : new boolean[] {false, true}) {
      // Links followed, this killed the JVM (a native stack overflow) from about 35,000 levels on.
      List<ScanEntry> files =
          fs.scan(top, ScanOptions.DEFAULT.withFollowLinks(follow).withIncludeDirectories(false));
      assertEquals(1, files.size(), "follow " + follow);
      assertEquals("d/".repeat(DEPTH) + "f", files.get(0).path());
      assertEquals(DEPTH + 1, files.get(0).depth());
    }
    Path copy = dir.resolve("copy");
    fs.cp(top, copy, CpOptions.DEFAULT.withPreserveTimestamps(true));
    assertEquals(List.of("d"), fs.readdir(copy, dev.fsbench.spi.ReaddirOptions.DEFAULT));
    fs.rm(copy, RmOptions.RECURSIVE_FORCE);
    assertFalse(Files.exists(copy));
    fs.rm(top, RmOptions.RECURSIVE_FORCE);
    assertFalse(Files.exists(top));
  }

  /**
   * 2300-01-01T00:00:00.5Z, past the last nanosecond a {@code long} counts from the epoch
   * (2262-04-11).
   */
  private static final Instant LATE = Instant.parse("2300-01-01T00:00:00.500Z");

  @Test
  void aTimePast2262ReadsAsNioReadsIt() throws Exception {
    Path f = Files.writeString(dir.resolve("f"), "x");
    // NIO cannot write 2300 (FileTime.to(NANOSECONDS) saturates on the way in); touch can.
    Process touch =
        new ProcessBuilder("touch", "-d", "@" + LATE.getEpochSecond() + ".5", f.toString()).start();
    assertEquals(0, touch.waitFor());
    assertEquals(FileTime.from(LATE), Files.getLastModifiedTime(f), "the filesystem keeps 2300");
    long nio = Files.getLastModifiedTime(f).to(TimeUnit.NANOSECONDS);
    assertEquals(Long.MAX_VALUE, nio);
    assertEquals(nio, fs.stat(f).mtimeNanos(), "stat: clamped, not wrapped into 1715");
    assertEquals(nio, fs.scan(dir, ScanOptions.DEFAULT).get(0).mtimeNanos(), "scan");
  }

  @Test
  void utimesClampsAsNioDoes() throws IOException {
    Path f = Files.writeString(dir.resolve("f"), "x");
    Path g = Files.writeString(dir.resolve("g"), "x");
    FileTime late = FileTime.from(LATE);
    fs.utimes(f, late, late);
    Files.setLastModifiedTime(g, late);
    assertEquals(
        Files.getLastModifiedTime(g),
        Files.getLastModifiedTime(f),
        "both stop at the last nanosecond");
    assertEquals(Long.MAX_VALUE, fs.stat(f).mtimeNanos());
    assertEquals(Long.MAX_VALUE, fs.stat(f).atimeNanos());
  }
}
