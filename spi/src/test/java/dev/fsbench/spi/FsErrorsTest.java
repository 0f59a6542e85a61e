package dev.fsbench.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lookup form of ENOTDIR is what this JDK's {@code Files} throws, whichever JDK that is. */
class FsErrorsTest {

  @TempDir Path dir;

  @Test
  void notADirectoryOnLookupIsWhatThisJdksLookupsThrow() throws IOException {
    Path below = Files.write(dir.resolve("f"), new byte[] {1}).resolve("x");
    FileSystemException nio =
        assertThrows(
            FileSystemException.class,
            () -> Files.readAttributes(below, BasicFileAttributes.class));
    FileSystemException ours = FsErrors.notADirectoryOnLookup(below.toString(), null);
    assertEquals(nio.getClass(), ours.getClass());
    assertEquals(nio.getFile(), ours.getFile());
    assertEquals(nio.getOtherFile(), ours.getOtherFile());
    assertEquals(nio.getReason(), ours.getReason());
    assertEquals(
        nio instanceof NoSuchFileException, FsErrors.lookupsReportNotADirectoryAsMissing());
    FileSystemException access =
        assertThrows(
            FileSystemException.class, () -> below.getFileSystem().provider().checkAccess(below));
    assertEquals(
        access.getClass(), ours.getClass(), "checkAccess reports it as readAttributes does");
  }

  @Test
  void notADirectoryOnLookupNamesBothPaths() {
    FileSystemException e = FsErrors.notADirectoryOnLookup("/a/f/x", "/b");
    assertEquals("/a/f/x", e.getFile());
    assertEquals("/b", e.getOtherFile());
  }
}
