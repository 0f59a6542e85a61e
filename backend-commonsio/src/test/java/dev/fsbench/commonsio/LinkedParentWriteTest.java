package dev.fsbench.commonsio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.apache.commons.io.file.PathUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * writeFile and appendFile where the parent directory is a symbolic link with a relative target,
 * the trap described on {@link FileWrites}: Commons IO 2.22.0 resolves such a target against the
 * working directory and creates it there.
 *
 * <p>On Jimfs, whose working directory ({@code /work}) is as in-memory as the rest, so the stray
 * directory Commons IO makes when left alone is harmless to see. The first test pins Commons IO's
 * behaviour: when a release fixes it, it fails, and the guard in {@link FileWrites} can be
 * reconsidered.
 */
class LinkedParentWriteTest {
  private FileSystem jimfs;
  private FsBackend backend;
  private Path dir;
  private Path strayDirectory;

  @BeforeEach
  void linkedParent() throws Exception {
    jimfs = Jimfs.newFileSystem(Configuration.unix());
    backend = new CommonsIoBackend(BackendConfig.builder().fileSystem(jimfs).build());
    dir = Files.createDirectories(jimfs.getPath("/sandbox"));
    Files.createDirectory(dir.resolve("real"));
    Files.createSymbolicLink(dir.resolve("link"), jimfs.getPath("real"));
    strayDirectory = jimfs.getPath("real").toAbsolutePath(); // /work/real
    assertFalse(Files.exists(strayDirectory));
  }

  @AfterEach
  void close() throws Exception {
    backend.close();
    jimfs.close();
  }

  @Test
  void commonsIoAloneCreatesTheLinkTargetInTheWorkingDirectory() throws Exception {
    try (OutputStream out = PathUtils.newOutputStream(dir.resolve("link/f"), false)) {
      out.write(1);
    }
    assertTrue(Files.isDirectory(strayDirectory), "Commons IO 2.22.0 creates " + strayDirectory);
  }

  @Test
  void writeFileGoesThroughTheLinkAndCreatesNothingElse() throws Exception {
    backend.writeFile(dir.resolve("link/f"), "hello");
    assertEquals("hello", Files.readString(dir.resolve("real/f")));
    assertFalse(Files.exists(strayDirectory), "nothing may be created in the working directory");
  }

  @Test
  void appendFileGoesThroughTheLinkAndCreatesNothingElse() throws Exception {
    byte[] bytes = "ab".getBytes(StandardCharsets.UTF_8);
    backend.appendFile(dir.resolve("link/f"), bytes);
    backend.appendFile(dir.resolve("link/f"), bytes);
    assertArrayEquals(
        "abab".getBytes(StandardCharsets.UTF_8), Files.readAllBytes(dir.resolve("real/f")));
    assertFalse(Files.exists(strayDirectory), "nothing may be created in the working directory");
  }

  @Test
  void aDanglingLinkedParentIsAMissingParentNamingThePathGiven() throws Exception {
    Files.createSymbolicLink(dir.resolve("dangling"), jimfs.getPath("nowhere"));
    Path path = dir.resolve("dangling/f");
    NoSuchFileException e =
        assertThrows(NoSuchFileException.class, () -> backend.writeFile(path, "x"));
    assertEquals(path.toString(), e.getFile());
    assertFalse(Files.exists(jimfs.getPath("nowhere").toAbsolutePath()));
    assertFalse(Files.exists(dir.resolve("nowhere")));
  }
}
