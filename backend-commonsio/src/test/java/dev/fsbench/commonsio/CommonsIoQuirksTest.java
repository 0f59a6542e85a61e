package dev.fsbench.commonsio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.commons.io.FileExistsException;
import org.apache.commons.io.FileUtils;
import org.apache.commons.io.file.AccumulatorPathVisitor;
import org.apache.commons.io.file.CopyDirectoryVisitor;
import org.apache.commons.io.file.Counters;
import org.apache.commons.io.file.Counters.PathCounters;
import org.apache.commons.io.file.PathUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Commons IO 2.22.0 as the backend found it: each behaviour an adaptation of this module exists
 * for, asserted on Commons IO alone. When an upgrade changes one, its test here fails and names the
 * adaptation to revisit, instead of the adaptation silently turning into a double check or a wrong
 * translation.
 */
class CommonsIoQuirksTest {
  @TempDir Path dir;

  /** {@link Removal}: the counters are the only sign of a missing path. */
  @Test
  void deletingAMissingFileCountsNothingAndThrowsNothing() throws Exception {
    PathCounters counted = PathUtils.deleteFile(dir.resolve("missing"));
    assertEquals(0, counted.getFileCounter().get());
    assertEquals(0, PathUtils.delete(dir.resolve("missing")).getDirectoryCounter().get());
  }

  /** {@link Removal}: refusing a directory is spelled as a missing file. */
  @Test
  void deleteFileRefusesADirectoryAsMissing() throws Exception {
    Path empty = Files.createDirectory(dir.resolve("empty"));
    assertThrows(NoSuchFileException.class, () -> PathUtils.deleteFile(empty));
    assertTrue(Files.isDirectory(empty));
  }

  /** {@link ListingVisitor}: a dangling link is dropped from the accumulated files. */
  @Test
  void theAccumulatorDropsDanglingLinks() throws Exception {
    Files.createSymbolicLink(dir.resolve("dangling"), dir.getFileSystem().getPath("nowhere"));
    Files.createFile(dir.resolve("f"));
    AccumulatorPathVisitor visitor =
        PathUtils.visitFileTree(AccumulatorPathVisitor.withLongCounters(), dir);
    List<String> names =
        visitor.getFileList().stream()
            .map(p -> p.getFileName().toString())
            .collect(Collectors.toList());
    assertEquals(List.of("f"), names);
  }

  /**
   * {@link TreeCopyVisitor}: a dangling link is not copied, and a new directory gets 0777 less the
   * umask.
   */
  @Test
  void theDirectoryCopyDropsDanglingLinks() throws Exception {
    Path source = Files.createDirectory(dir.resolve("source"));
    Files.createSymbolicLink(source.resolve("dangling"), dir.getFileSystem().getPath("nowhere"));
    Path target = dir.resolve("target");
    PathUtils.visitFileTree(
        new CopyDirectoryVisitor(
            Counters.longPathCounters(), source, target, java.nio.file.LinkOption.NOFOLLOW_LINKS),
        source);
    assertTrue(Files.isDirectory(target));
    assertFalse(Files.exists(target.resolve("dangling"), java.nio.file.LinkOption.NOFOLLOW_LINKS));
  }

  /** {@link FileWrites}: a missing parent is created, not refused. */
  @Test
  void newOutputStreamCreatesMissingParents() throws Exception {
    try (OutputStream out = PathUtils.newOutputStream(dir.resolve("a/b/f"), false)) {
      out.write(1);
    }
    assertTrue(Files.isRegularFile(dir.resolve("a/b/f")));
  }

  /** {@link FileCopy}: a missing parent of the target is created. */
  @Test
  void copyFileCreatesMissingParents() throws Exception {
    Path source = Files.write(dir.resolve("f"), new byte[] {1});
    FileUtils.copyFile(source.toFile(), dir.resolve("a/b/copy").toFile());
    assertTrue(Files.isRegularFile(dir.resolve("a/b/copy")));
  }

  /** {@link DirectoryCreation}: forceMkdir is mkdir -p, an existing directory is fine. */
  @Test
  void forceMkdirAcceptsAnExistingDirectory() throws Exception {
    Path existing = Files.createDirectory(dir.resolve("d"));
    FileUtils.forceMkdir(existing.toFile());
    assertTrue(Files.isDirectory(existing));
  }

  /** {@link Moving}: an existing target is refused, not replaced. */
  @Test
  void moveFileRefusesAnExistingTarget() throws Exception {
    Path source = Files.write(dir.resolve("f"), new byte[] {1});
    Path target = Files.write(dir.resolve("g"), new byte[] {2});
    assertThrows(
        FileExistsException.class, () -> FileUtils.moveFile(source.toFile(), target.toFile()));
    assertEquals(2, Files.readAllBytes(target)[0]);
  }

  /** {@link Moving}: when rename(2) fails for a missing directory, the copy fallback creates it. */
  @Test
  void moveFileIntoAMissingDirectorySucceedsByCopying() throws Exception {
    Path source = Files.write(dir.resolve("f"), new byte[] {1});
    FileUtils.moveFile(source.toFile(), dir.resolve("missing/g").toFile());
    assertTrue(Files.isRegularFile(dir.resolve("missing/g")));
    assertFalse(Files.exists(source));
  }
}
