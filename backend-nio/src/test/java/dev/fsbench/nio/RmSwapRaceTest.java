package dev.fsbench.nio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.support.TreeRemoval;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * rm -r against a directory inside the tree being swapped, again and again, for a symbolic link to
 * a victim directory outside it: the victim must come through every try untouched. The removal may
 * fail (an entry vanished, a link met where a directory was) or succeed; it must never delete
 * through the link. With a path walk ({@code Files.walkFileTree}) the victim lost every file at try
 * 104 of a run here; {@link TreeRemoval} opens each directory relative to its parent's handle with
 * NOFOLLOW_LINKS.
 */
class RmSwapRaceTest {
  private static final int TRIES = 200;
  private static final int VICTIM_FILES = 50;

  private Path dir;

  @BeforeEach
  void makeDir() throws IOException {
    dir = Files.createTempDirectory("fsbench-rm-race-");
  }

  @AfterEach
  void removeDir() throws IOException {
    TreeRemoval.cleanUp(dir);
  }

  @Test
  void aDirectorySwappedForALinkIsNeverFollowed() throws Exception {
    Path victim = Files.createDirectory(dir.resolve("victim"));
    for (int i = 0; i < VICTIM_FILES; i++) {
      Files.write(victim.resolve("v" + i), new byte[] {1});
    }
    try (NioBackend nio = new NioBackend(BackendConfig.DEFAULT)) {
      for (int t = 0; t < TRIES; t++) {
        Path tree = Files.createDirectory(dir.resolve("tree" + t));
        Path swapped = Files.createDirectory(tree.resolve("d"));
        for (int i = 0; i < 20; i++) {
          Files.write(tree.resolve("f" + i), new byte[] {2});
          Files.write(swapped.resolve("g" + i), new byte[] {3});
        }
        try (LinkSwapper swapper =
            LinkSwapper.start(swapped, tree.resolveSibling("aside" + t), victim)) {
          nio.rm(tree, RmOptions.RECURSIVE_FORCE);
        } catch (IOException e) {
          // a race lost by the removal is allowed to fail it; deleting through the link is not
        }
        List<String> left;
        try (Stream<Path> entries = Files.list(victim)) {
          left = entries.map(p -> p.getFileName().toString()).collect(Collectors.toList());
        }
        assertEquals(VICTIM_FILES, left.size(), "try " + t + ": the victim lost files: " + left);
        assertTrue(Files.isDirectory(victim, LinkOption.NOFOLLOW_LINKS));
      }
    }
  }
}
