package dev.fsbench.harness.workload.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.TreeShape;
import dev.fsbench.harness.workload.Tmpfs;
import dev.fsbench.harness.workload.verify.GlobOracle;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real-shaped trees' generators: what they build, and that they build it alike each time. */
class RealTreesTest {
  @TempDir(factory = Tmpfs.class)
  Path sandbox;

  @Test
  void linksAndDotsHasEveryKindOfEntryTheCaseIsAbout() throws IOException {
    Path root = sandbox.resolve("ld");
    RealTrees.linksAndDots(root);
    TreeManifest m = TreeManifest.read(root);
    TreeShape shape = m.shape("generated", true);
    assertEquals(10, shape.links(), "links to files, directories, links, ancestors, nothing");
    assertEquals(160, shape.files());
    assertEquals(76, shape.directories());
    assertEquals(
        PreparedTrees.plannedEntries("links-dots").getAsLong(), shape.entries(), "as planned");
    assertTrue(m.paths().contains(".git/HEAD") && m.paths().contains(".cache"), "dot entries");
    assertTrue(m.paths().contains("deep/a/b/c/d/e/f/g/empty"), "a nested empty directory");
    assertEquals(9, shape.depth(), "deep/a/b/c/d/e/f/g/empty");
    Set<String> visible = GlobOracle.compile(List.of("**/*"), false).matching(m, true);
    assertTrue(visible.contains("links/to-dot-dir") && !visible.contains(".git/HEAD"));
    assertEquals(m.sha256(), TreeManifest.read(root).sha256(), "a tree hashes alike each time");
    Path again = sandbox.resolve("ld2");
    RealTrees.linksAndDots(again);
    assertEquals(m.sha256(), TreeManifest.read(again).sha256(), "the generator is deterministic");
  }
}
