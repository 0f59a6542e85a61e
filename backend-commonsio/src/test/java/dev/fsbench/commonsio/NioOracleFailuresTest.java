package dev.fsbench.commonsio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.fsbench.nio.NioBackend;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.MkdirOptions;
import dev.fsbench.spi.ReaddirOptions;
import dev.fsbench.spi.ScanOptions;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Translations of Commons IO's failures the contract kit does not reach, each held against NIO run
 * on the same fixture: where Commons IO only says "Cannot create directory" or "File canonical
 * paths are equal", or a walk does not fail at all, the backend must end where {@code Files} (or
 * the NIO backend) ends.
 */
class NioOracleFailuresTest {
  @TempDir Path dir;
  private FsBackend backend;

  @BeforeEach
  void open() {
    backend = new CommonsIoBackend(BackendConfig.DEFAULT);
  }

  @AfterEach
  void close() {
    backend.close();
  }

  /**
   * {@code File.mkdirs} just returns false; {@link Failures#probe} must find what {@code Files}
   * names.
   */
  @Test
  void mkdirRecursiveBelowAFileFailsAsCreateDirectories() throws Exception {
    Files.write(dir.resolve("f"), new byte[1]);
    for (String below : new String[] {"f/a/b", "f/a"}) {
      Path path = dir.resolve(below);
      FileSystemException nio =
          assertThrows(FileSystemException.class, () -> Files.createDirectories(path));
      FileSystemException ours =
          assertThrows(
              FileSystemException.class, () -> backend.mkdir(path, MkdirOptions.RECURSIVE));
      assertSame(nio, ours);
    }
    assertFalse(Files.exists(dir.resolve("a")));
  }

  /** Commons IO refuses to copy a file onto itself; NIO does nothing and succeeds. */
  @Test
  void copyFileOntoItselfIsANoOpAsInNio() throws Exception {
    Path file = Files.write(dir.resolve("f"), new byte[] {1, 2});
    Files.copy(file, file, StandardCopyOption.REPLACE_EXISTING);
    backend.copyFile(file, file, CopyFileOptions.DEFAULT.withReplaceExisting(true));
    backend.copyFile(file, file, CopyFileOptions.DEFAULT);
    assertArrayEquals(new byte[] {1, 2}, Files.readAllBytes(file));
  }

  /**
   * A walk meets a link at its start as a single entry; readdir and scan must then fail as opening
   * it as a directory fails in NIO: missing for a dangling link, the loop for a loop, not a
   * directory for a link to a file.
   */
  @Test
  void listingThroughABrokenLinkFailsAsNio() throws Exception {
    Files.write(dir.resolve("f"), new byte[1]);
    Files.createSymbolicLink(dir.resolve("dangling"), dir.getFileSystem().getPath("nowhere"));
    Files.createSymbolicLink(dir.resolve("to-file"), dir.getFileSystem().getPath("f"));
    Files.createSymbolicLink(dir.resolve("loop"), dir.getFileSystem().getPath("loop"));
    try (FsBackend nio = new NioBackend(BackendConfig.DEFAULT)) {
      for (String name : new String[] {"dangling", "to-file", "loop"}) {
        Path start = dir.resolve(name);
        for (ReaddirOptions options :
            new ReaddirOptions[] {ReaddirOptions.DEFAULT, ReaddirOptions.RECURSIVE}) {
          assertSame(
              assertThrows(FileSystemException.class, () -> nio.readdir(start, options)),
              assertThrows(FileSystemException.class, () -> backend.readdir(start, options)));
        }
        assertSame(
            assertThrows(FileSystemException.class, () -> nio.scan(start, ScanOptions.DEFAULT)),
            assertThrows(
                FileSystemException.class, () -> backend.scan(start, ScanOptions.DEFAULT)));
      }
    }
  }

  private static void assertSame(FileSystemException nio, FileSystemException ours) {
    assertEquals(
        nio.getClass(), ours.getClass(), () -> "NIO threw " + nio + ", the backend " + ours);
    assertEquals(nio.getFile(), ours.getFile(), () -> "NIO threw " + nio + ", the backend " + ours);
    assertEquals(
        nio.getOtherFile(),
        ours.getOtherFile(),
        () -> "NIO threw " + nio + ", the backend " + ours);
    assertEquals(
        nio.getReason(), ours.getReason(), () -> "NIO threw " + nio + ", the backend " + ours);
  }
}
