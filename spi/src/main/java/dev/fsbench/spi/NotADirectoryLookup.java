package dev.fsbench.spi;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * How this JDK's {@code Files} reports a lookup below a regular file, asked once per JVM (the
 * holder is initialised on first use, so only a backend's first such failure pays for it): a
 * temporary file is made, {@code readAttributes} of a path below it is tried, and the file is
 * removed. Without a writable temporary directory to ask in, the JDK's feature version decides:
 * JDK-8356678 changed the answer in JDK 25.
 */
final class NotADirectoryLookup {
  private NotADirectoryLookup() {}

  static final boolean AS_MISSING = ask();

  private static boolean ask() {
    Path file;
    try {
      file = Files.createTempFile("fsbench-lookup-", ".probe");
    } catch (IOException | SecurityException e) {
      return Runtime.version().feature() >= 25;
    }
    try {
      Files.readAttributes(file.resolve("x"), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      throw new IllegalStateException("a path below the regular file " + file + " was found");
    } catch (NoSuchFileException missing) {
      return true;
    } catch (FileSystemException notADirectory) {
      return false;
    } catch (IOException other) {
      return Runtime.version().feature() >= 25;
    } finally {
      try {
        Files.deleteIfExists(file);
      } catch (IOException ignored) {
        // a leftover empty file in the temporary directory, named for what it was
      }
    }
  }
}
