package dev.fsbench.guava;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.collect.Streams;
import com.google.common.io.InsecureRecursiveDeleteException;
import com.google.common.io.MoreFiles;
import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.MkdirOptions;
import dev.fsbench.spi.ReaddirOptions;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.support.TreeRemoval;
import java.io.IOException;
import java.net.URI;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What Guava does that the adapter translates or declares (backend-guava/README.md), each shown on
 * Guava's own call and on the backend's: rm's refusal where a filesystem has no {@code
 * SecureDirectoryStream}, its names, its recursion; the fresh copy's mode; {@code
 * createParentDirectories}' lexical {@code ..}.
 */
class GuavaQuirksTest {

  @TempDir Path dir;

  @Test
  void withoutSecureDirectoryStreamRmIsRefusedAndNothingIsRemoved() throws Exception {
    Path zip = dir.resolve("tree.zip");
    try (FileSystem zipfs =
        FileSystems.newFileSystem(URI.create("jar:" + zip.toUri()), Map.of("create", "true"))) {
      Path tree = Files.createDirectories(zipfs.getPath("/tree/sub"));
      Files.writeString(tree.resolve("f"), "x");
      InsecureRecursiveDeleteException refused =
          assertThrows(
              InsecureRecursiveDeleteException.class,
              () -> MoreFiles.deleteRecursively(zipfs.getPath("/tree")));
      assertEquals("/tree", refused.getFile());
      try (FsBackend backend =
          new GuavaBackend(BackendConfig.builder().fileSystem(zipfs).build())) {
        InsecureRecursiveDeleteException viaBackend =
            assertThrows(
                InsecureRecursiveDeleteException.class,
                () -> backend.rm(zipfs.getPath("/tree"), RmOptions.RECURSIVE_FORCE));
        assertEquals("/tree", viaBackend.getFile());
      }
      assertTrue(Files.exists(tree.resolve("f")), "nothing was removed");
    }
  }

  @Test
  void aMissingPathIsNamedAsGiven() throws Exception {
    Path missing = dir.resolve("missing");
    try (FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix())) {
      for (Path given : List.of(missing, jimfs.getPath("/missing"), jimfs.getPath("missing"))) {
        // the JDK's and Jimfs's SecureDirectoryStream name the entry "missing" alone, so Guava's
        // own test for "the path itself is missing" does not match: "failed to delete"
        FileSystemException guava =
            assertThrows(FileSystemException.class, () -> MoreFiles.deleteRecursively(given));
        assertEquals(given.toString(), guava.getFile());
        NoSuchFileException inside =
            assertInstanceOf(NoSuchFileException.class, guava.getSuppressed()[0]);
        assertEquals("missing", inside.getFile());
        try (FsBackend backend =
            new GuavaBackend(BackendConfig.builder().fileSystem(given.getFileSystem()).build())) {
          NoSuchFileException contract =
              assertThrows(
                  NoSuchFileException.class,
                  () -> backend.rm(given, RmOptions.DEFAULT.withRecursive(true)));
          assertEquals(given.toString(), contract.getFile());
          backend.rm(given, RmOptions.RECURSIVE_FORCE); // force: nothing to say
        }
      }
    }
  }

  @Test
  void aFailureDeepInTheTreeIsNamedByItsWholePath() throws Exception {
    // Guava's collected failure names the entry alone ("f0"); what is left of the tree holds it
    Path tree = Files.createDirectories(dir.resolve("tree/a/b"));
    Files.writeString(tree.resolve("f0"), "x");
    Files.createDirectories(dir.resolve("tree/c"));
    IOException named = Removal.named(dir.resolve("tree"), new AccessDeniedException("f0"));
    assertInstanceOf(AccessDeniedException.class, named);
    assertEquals(tree.resolve("f0").toString(), ((FileSystemException) named).getFile());
    IOException top = Removal.named(dir.resolve("tree"), new AccessDeniedException("tree"));
    assertEquals(dir.resolve("tree").toString(), ((FileSystemException) top).getFile());
  }

  @Test
  void aTreeDeeperThanTheStackIsAFailureNamingThePath() throws Exception {
    try (FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix());
        FsBackend backend = new GuavaBackend(BackendConfig.builder().fileSystem(jimfs).build())) {
      Path chain = jimfs.getPath("/chain");
      Path bottom = chain;
      for (int i = 0; i < 3_000; i++) {
        bottom = bottom.resolve("d");
      }
      Files.createDirectories(bottom);
      AtomicReference<Throwable> thrown = new AtomicReference<>();
      Thread small =
          new Thread(
              null,
              () -> {
                try {
                  backend.rm(chain, RmOptions.RECURSIVE_FORCE);
                } catch (Throwable t) {
                  thrown.set(t);
                }
              },
              "small-stack",
              128 * 1024);
      small.start();
      small.join();
      FileSystemException e = assertInstanceOf(FileSystemException.class, thrown.get());
      assertEquals("/chain", e.getFile());
      assertInstanceOf(StackOverflowError.class, e.getCause());
    }
  }

  @Test
  void aFreshCopyGetsTheSinksModeNotTheSources() throws Exception {
    Path source = Files.writeString(dir.resolve("script"), "#!/bin/sh\n");
    Files.setPosixFilePermissions(source, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path fresh = Files.createFile(dir.resolve("fresh")); // 0666 less the umask
    Assumptions.assumeTrue(
        Files.getPosixFilePermissions(fresh).size() < 9,
        "the umask removes no bit of 0666, so the two modes cannot differ here");
    try (FsBackend backend = new GuavaBackend(BackendConfig.DEFAULT)) {
      backend.copyFile(source, dir.resolve("copy"), CopyFileOptions.DEFAULT);
    }
    Files.copy(source, dir.resolve("nio-copy"));
    assertEquals(
        Files.getPosixFilePermissions(fresh), Files.getPosixFilePermissions(dir.resolve("copy")));
    assertFalse(
        Files.getPosixFilePermissions(dir.resolve("copy"))
            .equals(Files.getPosixFilePermissions(dir.resolve("nio-copy"))),
        "Files.copy keeps the source's execute bits; Guava's sink does not");
  }

  @Test
  void createParentDirectoriesResolvesDotDotLexically() throws Exception {
    Files.createDirectories(dir.resolve("real/deep"));
    Files.createSymbolicLink(dir.resolve("link"), dir.resolve("real/deep"));
    Path path = dir.resolve("link/../made/leaf"); // the kernel: real/made/leaf
    try (FsBackend backend = new GuavaBackend(BackendConfig.DEFAULT)) {
      backend.mkdir(path, MkdirOptions.RECURSIVE);
    }
    assertTrue(Files.isDirectory(dir.resolve("real/made/leaf")), "where NIO makes it");
    assertTrue(
        Files.isDirectory(dir.resolve("made")),
        "and the parent Guava made where the lexical link/.. points");
  }

  @Test
  void theTraverserLeavesOutWhatItCannotStatWithoutAWord() throws Exception {
    // a chain of 2,100 directories "d": past PATH_MAX (4,096 bytes), built in three chains of 700
    // moved under each other, as no call can name the bottom of the whole
    Path top = chain(dir.resolve("a"), 700);
    for (String next : List.of("b", "c")) {
      Path bottom = top;
      while (Files.isDirectory(bottom.resolve("d"))) {
        bottom = bottom.resolve("d");
      }
      Files.move(chain(dir.resolve(next), 700).resolve("d"), bottom.resolve("d"));
      Files.delete(dir.resolve(next));
    }
    long listed;
    try (FsBackend backend = new GuavaBackend(BackendConfig.DEFAULT)) {
      listed = backend.readdir(top, ReaddirOptions.RECURSIVE).size();
    }
    assertTrue(listed < 2_100, "listed " + listed + " of 2,100 without an error");
    long guava = Streams.stream(MoreFiles.fileTraverser().depthFirstPreOrder(top)).count() - 1;
    assertEquals(listed, guava, "as many as Guava's own traverser gives");
    TreeRemoval.remove(top); // by directory handles: no path to the bottom is needed
  }

  /** A chain of {@code depth} directories named "d" under {@code top}. */
  private static Path chain(Path top, int depth) throws IOException {
    Path p = top;
    for (int i = 0; i < depth; i++) {
      p = p.resolve("d");
    }
    Files.createDirectories(p);
    return top;
  }
}
