package dev.fsbench.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import org.junit.jupiter.api.Test;

/** {@link FileKind#of} names the kind that the attributes {@code Files} read describe. */
class FileKindTest {

  private static FileKind kind(Path path, LinkOption... options) throws IOException {
    return FileKind.of(Files.readAttributes(path, BasicFileAttributes.class, options));
  }

  @Test
  void fileDirectoryAndLinkAsReadWithAndWithoutFollowing() throws IOException {
    try (FileSystem fs = Jimfs.newFileSystem(Configuration.unix())) {
      Path dir = Files.createDirectory(fs.getPath("/d"));
      Path file = Files.write(dir.resolve("f"), new byte[] {1});
      Path toFile = Files.createSymbolicLink(dir.resolve("to-f"), file);
      Path toDir = Files.createSymbolicLink(dir.resolve("to-d"), dir);

      assertEquals(FileKind.DIRECTORY, kind(dir));
      assertEquals(FileKind.FILE, kind(file));
      assertEquals(FileKind.SYMLINK, kind(toFile, LinkOption.NOFOLLOW_LINKS));
      assertEquals(FileKind.SYMLINK, kind(toDir, LinkOption.NOFOLLOW_LINKS));
      assertEquals(FileKind.FILE, kind(toFile));
      assertEquals(FileKind.DIRECTORY, kind(toDir));
    }
  }

  @Test
  void aDeviceIsOther() throws IOException {
    Path device = Path.of("/dev/null");
    assumeTrue(Files.exists(device), "no /dev/null on this system to read a device's attributes");
    assertEquals(FileKind.OTHER, kind(device));
    assertEquals(FileKind.OTHER, FileKind.ofMode(0020666), "ofMode agrees: S_IFCHR");
  }
}
