package dev.fsbench.commonsio;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import org.apache.commons.io.IOUtils;
import org.apache.commons.io.file.PathUtils;

/**
 * writeFile and appendFile: {@code PathUtils.newOutputStream(path, append)} and {@code
 * IOUtils.write}, which is exactly what {@code FileUtils.writeByteArrayToFile} and {@code
 * FileUtils.writeStringToFile} do with a {@code File}, but on a {@link Path}, so it works on any
 * filesystem.
 *
 * <h2>The parent check, and why it costs one lstat per call</h2>
 *
 * When the file does not exist, Commons IO creates its missing parent directories; the contract
 * (and NIO) says a missing parent is a {@code NoSuchFileException}. Worse, when the parent is a
 * symbolic link, Commons IO 2.22.0 reads the link's target and, if it is relative, resolves it
 * against the process's working directory ({@code PathUtils.createParentDirectories} with a null
 * {@code LinkOption}), so writing {@code dir/link/f} where {@code link -> sub} creates a directory
 * {@code sub} wherever the JVM was started. So before every call the parent is looked at once:
 * missing is refused here, a link is replaced by its real path (Commons IO then sees a plain
 * directory), anything else goes to Commons IO unchanged.
 */
final class FileWrites {
  private FileWrites() {}

  static void write(Path path, byte[] data, boolean append) throws IOException {
    Path target = guardParent(path);
    try (OutputStream out = PathUtils.newOutputStream(target, append)) {
      IOUtils.write(data, out);
    } catch (IOException e) {
      throw Failures.fileExpected(path, Failures.renamed(e, target, path));
    }
  }

  static void write(Path path, String text, boolean append) throws IOException {
    Path target = guardParent(path);
    try (OutputStream out = PathUtils.newOutputStream(target, append)) {
      IOUtils.write(text, out, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw Failures.fileExpected(path, Failures.renamed(e, target, path));
    }
  }

  /**
   * {@code path}, or its name under its parent's real path when the parent is a link; refuses a
   * missing parent.
   */
  private static Path guardParent(Path path) throws IOException {
    Path parent = path.getParent();
    if (parent == null) {
      return path;
    }
    try {
      if (!Files.readAttributes(parent, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
          .isSymbolicLink()) {
        return path;
      }
      return parent.toRealPath().resolve(path.getFileName().toString());
    } catch (IOException e) {
      // a missing or dangling parent, a file or a loop above it: NIO names the path being written
      throw Failures.renamed(e, parent, path);
    }
  }
}
