package dev.fsbench.commonsio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * rename's replace path (see {@link Moving}), in the cases the contract kit leaves to rename(2)
 * itself: what Commons IO refuses with {@code FileExistsException} must end as rename(2) ends.
 */
class MovingTest {
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

  @Test
  void aDirectoryReplacesAnEmptyDirectory() throws Exception {
    Path source = Files.createDirectory(dir.resolve("source"));
    Files.write(source.resolve("f"), new byte[] {7});
    Path target = Files.createDirectory(dir.resolve("target"));
    backend.rename(source, target);
    assertFalse(Files.exists(source));
    assertArrayEquals(new byte[] {7}, Files.readAllBytes(target.resolve("f")));
  }

  @Test
  void aDirectoryOntoAFileIsNotADirectoryNamingBoth() throws Exception {
    Path source = Files.createDirectory(dir.resolve("source"));
    Path target = Files.write(dir.resolve("target"), new byte[] {1});
    FileSystemException e =
        assertThrows(FileSystemException.class, () -> backend.rename(source, target));
    assertEquals(FileSystemException.class, e.getClass());
    assertEquals("Not a directory", e.getReason());
    assertEquals(source.toString(), e.getFile());
    assertEquals(target.toString(), e.getOtherFile());
    assertTrue(Files.isDirectory(source));
    assertArrayEquals(new byte[] {1}, Files.readAllBytes(target));
  }

  @Test
  void aFileOntoItselfChangesNothing() throws Exception {
    Path file = Files.write(dir.resolve("f"), new byte[] {3});
    backend.rename(file, file);
    assertArrayEquals(new byte[] {3}, Files.readAllBytes(file));
  }

  @Test
  void aFileOntoAHardLinkToItChangesNothing() throws Exception {
    Path file = Files.write(dir.resolve("f"), new byte[] {3});
    Path hard = Files.createLink(dir.resolve("hard"), file);
    backend.rename(file, hard);
    assertTrue(Files.exists(file), "rename(2) leaves both names when they are the same file");
    assertTrue(Files.isSameFile(file, hard));
  }

  @Test
  void aFileReplacesALinkNotItsTarget() throws Exception {
    Path kept = Files.write(dir.resolve("kept"), new byte[] {1});
    Path link = Files.createSymbolicLink(dir.resolve("link"), dir.getFileSystem().getPath("kept"));
    Path source = Files.write(dir.resolve("f"), new byte[] {2});
    backend.rename(source, link);
    assertFalse(Files.isSymbolicLink(link));
    assertArrayEquals(new byte[] {2}, Files.readAllBytes(link));
    assertArrayEquals(new byte[] {1}, Files.readAllBytes(kept));
    assertFalse(Files.exists(source, LinkOption.NOFOLLOW_LINKS));
  }
}
