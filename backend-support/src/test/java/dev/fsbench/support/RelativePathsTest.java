package dev.fsbench.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@link RelativePaths} joins names with {@code '/'} whatever the filesystem's separator is. */
class RelativePathsTest {

  @Test
  void joinsWithSlashOnAUnixFilesystem() throws IOException {
    try (FileSystem fs = Jimfs.newFileSystem(Configuration.unix())) {
      Path root = fs.getPath("/r");
      assertEquals("a/b/c.txt", RelativePaths.of(root, root.resolve("a/b/c.txt")));
      assertEquals("a", RelativePaths.of(root, root.resolve("a")));
      assertEquals("", RelativePaths.of(root, root));
    }
  }

  @Test
  void joinsWithSlashWhereTheSeparatorIsABackslash() throws IOException {
    try (FileSystem fs = Jimfs.newFileSystem(Configuration.windows())) {
      Path root = fs.getPath("C:\\r");
      Path entry = root.resolve("a").resolve("b").resolve("c.txt");
      assertEquals("a\\b\\c.txt", root.relativize(entry).toString(), "the separator is not '/'");
      assertEquals("a/b/c.txt", RelativePaths.of(root, entry));
      assertEquals("", RelativePaths.of(root, root));
    }
  }

  @Test
  void slashedKeepsNamesAsTheyAre() {
    assertEquals("a b/ü/.hidden", RelativePaths.slashed(Path.of("a b", "ü", ".hidden")));
    assertEquals("", RelativePaths.slashed(Path.of("")));
  }

  @Test
  void refusesAPathWithARoot() throws IOException {
    IllegalArgumentException absolute =
        assertThrows(IllegalArgumentException.class, () -> RelativePaths.slashed(Path.of("/a/b")));
    assertEquals("not a relative path: /a/b", absolute.getMessage());
    try (FileSystem fs = Jimfs.newFileSystem(Configuration.windows())) {
      assertThrows(IllegalArgumentException.class, () -> RelativePaths.slashed(fs.getPath("\\a")));
    }
  }
}
