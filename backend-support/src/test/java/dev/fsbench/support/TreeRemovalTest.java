package dev.fsbench.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.fsbench.spi.FsErrors;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@link TreeRemoval} removes, counts and refuses, on each kind of filesystem it meets. */
class TreeRemovalTest {
  @TempDir Path dir;

  /** 4 files in 3 directories below {@code root}, an empty directory, and 2 links. */
  private static Path tree(Path root, Path outside) throws IOException {
    for (int i = 0; i < 4; i++) {
      Path file = root.resolve("d0/nested/f" + i);
      Files.createDirectories(file.getParent());
      Files.write(file, new byte[100]);
    }
    Files.createDirectories(root.resolve("empty"));
    Files.createSymbolicLink(root.resolve("link"), root.getFileSystem().getPath("d0"));
    Files.createSymbolicLink(root.resolve("d0/out"), outside);
    return root;
  }

  @Test
  void removesATreeByHandlesCountingWhatItRemovedAndLeavesLinkTargets() throws IOException {
    Path outside = Files.createDirectory(dir.resolve("outside"));
    Files.write(outside.resolve("keep"), new byte[3]);
    Path tree = tree(dir.resolve("tree"), outside);

    TreeRemoval.Result removed = TreeRemoval.remove(tree);

    assertEquals(new TreeRemoval.Result(6, 4, true), removed, "4 files and 2 links; 4 dirs");
    assertFalse(Files.exists(tree, LinkOption.NOFOLLOW_LINKS));
    assertEquals(3, Files.size(outside.resolve("keep")));
  }

  @Test
  void jimfsHasSecureDirectoryStreamsToo() throws IOException {
    try (FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix())) {
      Path outside = Files.createDirectories(jimfs.getPath("/outside"));
      Files.write(outside.resolve("keep"), new byte[3]);
      Path tree = tree(jimfs.getPath("/work/tree"), outside);

      assertEquals(new TreeRemoval.Result(6, 4, true), TreeRemoval.remove(tree));
      assertFalse(Files.exists(tree, LinkOption.NOFOLLOW_LINKS));
      assertTrue(Files.exists(outside.resolve("keep")));
    }
  }

  /**
   * The zip filesystem offers no SecureDirectoryStream: the documented fallback, a path walk, does
   * the removal and says it was not race-safe.
   */
  @Test
  void aFilesystemWithoutSecureStreamsIsRemovedByThePathWalk() throws IOException {
    URI zip = URI.create("jar:" + dir.resolve("t.zip").toUri());
    try (FileSystem fs = FileSystems.newFileSystem(zip, Map.of("create", "true"))) {
      Path tree = fs.getPath("/tree");
      for (int i = 0; i < 3; i++) {
        Files.createDirectories(tree.resolve("d" + i));
        Files.write(tree.resolve("d" + i + "/f"), new byte[] {1});
      }
      Files.write(fs.getPath("/beside"), new byte[] {2});

      assertEquals(new TreeRemoval.Result(3, 4, false), TreeRemoval.remove(tree));
      assertFalse(Files.exists(tree));
      assertTrue(Files.exists(fs.getPath("/beside")));
    }
  }

  @Test
  void aMissingTopIsAnErrorUnlessMissingIsAllowed() throws IOException {
    Path missing = dir.resolve("missing");
    NoSuchFileException e =
        assertThrows(NoSuchFileException.class, () -> TreeRemoval.remove(missing));
    assertEquals(missing.toString(), e.getFile());
    assertEquals(new TreeRemoval.Result(0, 0, true), TreeRemoval.cleanUp(missing));
  }

  @Test
  void aFileOrALinkAsTheTopIsRemovedItselfNeverItsTarget() throws IOException {
    Path file = Files.write(dir.resolve("file"), new byte[] {1});
    Path target = Files.createDirectory(dir.resolve("target"));
    Files.write(target.resolve("keep"), new byte[] {1});
    Path link = Files.createSymbolicLink(dir.resolve("link"), target);

    assertEquals(new TreeRemoval.Result(1, 0, true), TreeRemoval.remove(file));
    assertEquals(new TreeRemoval.Result(1, 0, true), TreeRemoval.remove(link));

    assertFalse(Files.exists(file));
    assertFalse(Files.exists(link, LinkOption.NOFOLLOW_LINKS));
    assertTrue(Files.exists(target.resolve("keep")));
  }

  @Test
  void dotDotAndTheEmptyPathAreRefusedBeforeAnythingIsRemoved() throws IOException {
    Path inner = Files.createDirectories(dir.resolve("a/b"));
    Files.write(dir.resolve("a/keep"), new byte[] {1});

    FileSystemException dotDot =
        assertThrows(FileSystemException.class, () -> TreeRemoval.remove(inner.resolve("..")));
    assertEquals(FsErrors.DOT_OR_DOT_DOT, dotDot.getReason());
    assertThrows(FileSystemException.class, () -> TreeRemoval.cleanUp(inner.resolve(".")));
    assertThrows(NoSuchFileException.class, () -> TreeRemoval.cleanUp(Path.of("")));

    assertTrue(Files.exists(dir.resolve("a/keep")));
    assertTrue(Files.isDirectory(inner));
  }

  @Test
  void aDeepChainIsRemovedWithoutRecursion() throws IOException {
    int depth = 5000;
    Path chain = chain(depth, false);
    assertEquals(new TreeRemoval.Result(0, depth + 1L, true), TreeRemoval.remove(chain));
    assertFalse(Files.exists(chain));
  }

  /**
   * A chain {@code depth} directories deep below {@code dir/chain}, built by renames so that every
   * path stays short (the chain's own path passes PATH_MAX); with {@code files}, one file and one
   * empty directory beside each level's subdirectory, so that every level is listed past its
   * subdirectory.
   */
  private Path chain(int depth, boolean files) throws IOException {
    Path chain = Files.createDirectory(dir.resolve("chain"));
    for (int i = 0; i < depth; i++) {
      Path wrapper = Files.createDirectory(dir.resolve("wrapper"));
      Files.move(chain, wrapper.resolve("d"));
      if (files) {
        Files.write(wrapper.resolve("a"), new byte[1]);
        Files.createDirectory(wrapper.resolve("z"));
      }
      Files.move(wrapper, chain);
    }
    return chain;
  }

  /**
   * The descriptors a removal holds stay bounded at any depth: a JVM allowed 256 descriptors
   * ({@code ulimit -n}, the JVM's own jars and sockets included) removes a chain 3,000 levels deep
   * with entries beside every level. One handle per level (two descriptors each in the JDK) failed
   * with EMFILE at about level 100.
   */
  @Test
  void aChainDeeperThanTheDescriptorLimitIsRemovedWhole() throws Exception {
    int depth = 3000;
    Path chain = chain(depth, true);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child =
        new ProcessBuilder(
                "bash",
                "-c",
                "ulimit -n 256 && exec \"$@\"",
                "bash",
                java,
                "-cp",
                System.getProperty("java.class.path"),
                RemoveInChild.class.getName(),
                chain.toString())
            .redirectErrorStream(true)
            .start();
    String printed = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(child.waitFor(120, TimeUnit.SECONDS), "the removal ended");
    assertEquals(0, child.exitValue(), printed);
    assertEquals(
        new TreeRemoval.Result(depth, 2L * depth + 1, true).toString(), printed.strip(), printed);
    assertFalse(Files.exists(chain));
  }

  /** The removal in {@link #aChainDeeperThanTheDescriptorLimitIsRemovedWhole}'s child JVM. */
  static final class RemoveInChild {
    public static void main(String[] args) throws IOException {
      System.out.println(TreeRemoval.remove(Path.of(args[0])));
    }
  }
}
