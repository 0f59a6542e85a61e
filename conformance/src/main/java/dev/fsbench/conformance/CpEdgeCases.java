package dev.fsbench.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FsBackend;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.function.Executable;

/**
 * What random trees do not reach, each case run through {@code cp -aT} first (so that what
 * docs/semantics/cp.md says of the reference is checked too) and then through the backend: a file
 * or link onto an existing directory, a directory onto a file, overwriting through a link, merging
 * into a directory of another mode, a FIFO in the tree, missing parents, a copy into itself.
 *
 * <pre>{@code
 * @TestFactory
 * Stream<DynamicTest> cpEdgeCases(@TempDir Path scratch) {
 *   return CpEdgeCases.tests(backend, scratch, Set.of(CpDeviation.SPECIAL_FILES_REFUSED));
 * }
 * }</pre>
 */
public final class CpEdgeCases {
  private CpEdgeCases() {}

  private interface Case {
    void run(Path dir) throws Exception;
  }

  /** The cases, each in a directory of its own under {@code scratch}. */
  public static Stream<DynamicTest> tests(FsBackend fs, Path scratch, Set<CpDeviation> declared) {
    CpEdgeCases.Cases cases = new Cases(fs, declared);
    return Stream.of(
        test(scratch, "a file onto an empty directory, overwrite", cases::fileOntoEmptyDirectory),
        test(scratch, "a link onto an empty directory, overwrite", cases::linkOntoEmptyDirectory),
        test(scratch, "a file onto a directory, no overwrite", cases::fileOntoDirectoryNoOverwrite),
        test(scratch, "a file onto a non-empty directory", cases::fileOntoNonEmptyDirectory),
        test(scratch, "a directory onto a file", cases::directoryOntoFile),
        test(scratch, "overwrite onto a link: replaced, not written through", cases::ontoLink),
        test(scratch, "merged into: the source directory's mode", cases::mergedMode),
        test(scratch, "a FIFO in the tree", cases::fifo),
        test(scratch, "missing parents of the target", cases::missingParents),
        test(scratch, "into itself", cases::intoItself));
  }

  private static DynamicTest test(Path scratch, String name, Case body) {
    Executable run =
        () -> {
          Tools.assumeInstalled("cp", "mkfifo");
          Path dir = Files.createTempDirectory(scratch, "case");
          body.run(dir);
        };
    return DynamicTest.dynamicTest(name, run);
  }

  /** Runs {@code cp -aT from to} in {@code dir}. */
  private static Tools.Result cpA(Path dir, String from, String to) throws IOException {
    return Tools.runAllowingFailure(
        dir, List.of(Tools.require("cp").toString(), "-aT", from, to), new byte[0]);
  }

  private static Path file(Path at, String content) throws IOException {
    Files.createDirectories(at.getParent());
    return Files.writeString(at, content);
  }

  private record Cases(FsBackend fs, Set<CpDeviation> declared) {
    private static final CpOptions OVERWRITE = CpOptions.DEFAULT.withOverwrite(true);

    void fileOntoEmptyDirectory(Path dir) throws Exception {
      ontoEmptyDirectory(dir, file(dir.resolve("f"), "content"));
    }

    void linkOntoEmptyDirectory(Path dir) throws Exception {
      ontoEmptyDirectory(dir, Files.createSymbolicLink(dir.resolve("l"), Path.of("anywhere")));
    }

    private void ontoEmptyDirectory(Path dir, Path source) throws Exception {
      Files.createDirectory(dir.resolve("ref"));
      Tools.Result ref = cpA(dir, source.getFileName().toString(), "ref");
      assertNotEquals(0, ref.exitCode(), "cp -aT refuses: " + ref.stderr());
      assertTrue(ref.stderr().contains("cannot overwrite directory"), ref.stderr());
      Path target = Files.createDirectory(dir.resolve("target"));
      if (declared.contains(CpDeviation.EMPTY_DIRECTORY_REPLACED)) {
        fs.cp(source, target, OVERWRITE);
        assertFalse(Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS), "declared: replaced");
        return;
      }
      FileSystemException e =
          assertThrows(FileSystemException.class, () -> fs.cp(source, target, OVERWRITE));
      assertEquals(target.toString(), e.getFile());
      assertEquals("Is a directory", e.getReason());
      assertTrue(Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS), "the directory stays");
    }

    void fileOntoDirectoryNoOverwrite(Path dir) throws Exception {
      Path source = file(dir.resolve("f"), "content");
      Path target = Files.createDirectory(dir.resolve("target"));
      FileAlreadyExistsException e =
          assertThrows(
              FileAlreadyExistsException.class,
              () -> fs.cp(source, target, CpOptions.DEFAULT.withOverwrite(false)));
      assertEquals(target.toString(), e.getFile());
      assertTrue(Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS));
    }

    void fileOntoNonEmptyDirectory(Path dir) throws Exception {
      Path source = file(dir.resolve("f"), "content");
      file(dir.resolve("ref/inside"), "kept");
      assertNotEquals(0, cpA(dir, "f", "ref").exitCode(), "cp -aT refuses");
      Path target = dir.resolve("target");
      Path inside = file(target.resolve("inside"), "kept");
      FileSystemException e =
          assertThrows(FileSystemException.class, () -> fs.cp(source, target, OVERWRITE));
      if (declared.contains(CpDeviation.EMPTY_DIRECTORY_REPLACED)) {
        assertInstanceOf(DirectoryNotEmptyException.class, e, "declared");
      } else {
        assertEquals("Is a directory", e.getReason());
      }
      assertEquals("kept", Files.readString(inside), "the directory and its content stay");
    }

    void directoryOntoFile(Path dir) throws Exception {
      Path source = Files.createDirectory(dir.resolve("d"));
      file(source.resolve("x"), "x");
      file(dir.resolve("ref"), "file");
      Tools.Result ref = cpA(dir, "d", "ref");
      assertNotEquals(0, ref.exitCode(), "cp -aT refuses");
      assertTrue(ref.stderr().contains("cannot overwrite non-directory"), ref.stderr());
      Path target = file(dir.resolve("target"), "file");
      FileAlreadyExistsException e =
          assertThrows(FileAlreadyExistsException.class, () -> fs.cp(source, target, OVERWRITE));
      assertEquals(target.toString(), e.getFile());
      assertEquals("file", Files.readString(target), "the file stays");
    }

    void ontoLink(Path dir) throws Exception {
      file(dir.resolve("f"), "new");
      Path refVictim = file(dir.resolve("ref-victim"), "old");
      Files.createSymbolicLink(dir.resolve("ref"), Path.of("ref-victim"));
      assertEquals(0, cpA(dir, "f", "ref").exitCode());
      assertEquals("new", Files.readString(refVictim), "cp -a writes through the link");
      Path victim = file(dir.resolve("victim"), "old");
      Path target = Files.createSymbolicLink(dir.resolve("target"), Path.of("victim"));
      fs.cp(dir.resolve("f"), target, OVERWRITE);
      assertEquals("old", Files.readString(victim), "the link's target is left alone");
      assertFalse(Files.isSymbolicLink(target), "the link is replaced by the copy");
      assertEquals("new", Files.readString(target));
    }

    void mergedMode(Path dir) throws Exception {
      for (String tree : List.of("ref", "target")) {
        Files.createDirectories(dir.resolve(tree + "/sub"));
        Files.setAttribute(dir.resolve(tree + "/sub"), "unix:mode", 0700);
      }
      file(dir.resolve("src/sub/f"), "f");
      Files.setAttribute(dir.resolve("src/sub"), "unix:mode", 03775);
      assertEquals(0, cpA(dir, "src", "ref").exitCode());
      assertEquals(03775, mode(dir.resolve("ref/sub")), "cp -a gives the source's mode");
      fs.cp(dir.resolve("src"), dir.resolve("target"), OVERWRITE);
      int expected =
          declared.contains(CpDeviation.SPECIAL_BITS_DROPPED)
                  || declared.contains(CpDeviation.SPECIAL_BITS_DROPPED_BY_HANDLES)
              ? 0775
              : 03775;
      assertEquals(expected, mode(dir.resolve("target/sub")));
      assertEquals("f", Files.readString(dir.resolve("target/sub/f")));
    }

    void fifo(Path dir) throws Exception {
      file(dir.resolve("src/f"), "f");
      Tools.run(
          dir, List.of(Tools.require("mkfifo").toString(), "-m", "0640", "src/p"), new byte[0]);
      assertEquals(0, cpA(dir, "src", "ref").exitCode());
      assertTrue(isFifo(dir.resolve("ref/p")), "cp -a recreates the FIFO");
      Path fifo = dir.resolve("src/p");
      if (declared.contains(CpDeviation.SPECIAL_FILES_REFUSED)) {
        FileSystemException e =
            assertThrows(
                FileSystemException.class,
                () -> fs.cp(dir.resolve("src"), dir.resolve("target"), OVERWRITE));
        assertEquals(fifo.toString(), e.getFile(), "names the FIFO: " + e);
        return;
      }
      fs.cp(dir.resolve("src"), dir.resolve("target"), OVERWRITE);
      assertTrue(isFifo(dir.resolve("target/p")), "recreated");
      assertEquals(0640, mode(dir.resolve("target/p")) & 07777);
    }

    void missingParents(Path dir) throws Exception {
      file(dir.resolve("src/f"), "f");
      assertNotEquals(0, cpA(dir, "src", "ref/a/b").exitCode(), "cp -aT needs the parents");
      fs.cp(dir.resolve("src"), dir.resolve("target/a/b"), OVERWRITE);
      assertArrayEquals(
          "f".getBytes(StandardCharsets.UTF_8), Files.readAllBytes(dir.resolve("target/a/b/f")));
    }

    void intoItself(Path dir) throws Exception {
      file(dir.resolve("src/sub/f"), "f");
      Tools.Result ref = cpA(dir, "src", "src/sub/x");
      assertNotEquals(0, ref.exitCode());
      assertTrue(ref.stderr().contains("into itself"), ref.stderr());
      Path source = dir.resolve("src");
      Path target = dir.resolve("src/sub/y");
      FileSystemException e =
          assertThrows(FileSystemException.class, () -> fs.cp(source, target, OVERWRITE));
      assertEquals(source.toString(), e.getFile());
      assertEquals(target.toString(), e.getOtherFile());
      assertFalse(Files.exists(target, LinkOption.NOFOLLOW_LINKS), "nothing written");
    }

    private static int mode(Path path) throws IOException {
      return (Integer) Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 07777;
    }

    private static boolean isFifo(Path path) throws IOException {
      return ((Integer) Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 0170000)
          == 0010000;
    }
  }
}
