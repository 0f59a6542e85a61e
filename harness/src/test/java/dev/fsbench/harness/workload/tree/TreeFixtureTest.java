package dev.fsbench.harness.workload.tree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.workload.Tmpfs;
import dev.fsbench.harness.workload.verify.Oracle;
import dev.fsbench.spi.FileKind;
import dev.fsbench.support.RelativePaths;
import dev.fsbench.support.TreeRemoval;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TreeFixtureTest {
  @TempDir(factory = Tmpfs.class)
  Path dir;

  @Test
  void tree4HasExactlyItsManifest() throws IOException {
    Path root = dir.resolve("source");
    TreeFixture.create(root, 4, Payload.buffer(Payload.SIZE));
    Set<String> onDisk;
    try (Stream<Path> walk = Files.walk(root)) {
      onDisk =
          walk.filter(p -> !p.equals(root))
              .map(
                  p ->
                      RelativePaths.of(root, p)
                          + (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? "/" : ""))
              .collect(Collectors.toCollection(TreeSet::new));
    }
    assertEquals(
        new TreeSet<>(
            List.of(
                "d0/",
                "d0/nested/",
                "d0/nested/f0.js",
                "d0/nested/f1.js",
                "d0/nested/f2.js",
                "d0/nested/f3.js",
                "empty/")),
        onDisk);
    for (String file : List.of("f0.js", "f1.js", "f2.js", "f3.js")) {
      assertArrayEquals(
          Payload.buffer(4096), Files.readAllBytes(root.resolve("d0/nested").resolve(file)));
    }
    assertEquals(TreeFixture.manifest(4), TreeFixture.walk(root));
  }

  @Test
  void tree1000HasFortyDirectoriesOfTwentyFiveAndTheEmptyOne() throws IOException {
    List<TreeFixture.Entry> manifest = TreeFixture.manifest(1000);
    assertEquals(1000, manifest.stream().filter(e -> e.kind() == FileKind.FILE).count());
    assertEquals(81, manifest.stream().filter(e -> e.kind() == FileKind.DIRECTORY).count());
    assertEquals(81, TreeFixture.directories(1000));
    assertTrue(manifest.contains(new TreeFixture.Entry("d39/nested/f999.js", FileKind.FILE)));
    assertTrue(manifest.contains(new TreeFixture.Entry("d1/nested/f25.js", FileKind.FILE)));
    assertEquals(3, new TreeFixture.Entry("d1/nested/f25.js", FileKind.FILE).depth());
    assertEquals("f25.js", new TreeFixture.Entry("d1/nested/f25.js", FileKind.FILE).name());

    Path root = dir.resolve("source");
    TreeFixture.create(root, 1000, Payload.buffer(Payload.SIZE));
    assertEquals(manifest, TreeFixture.walk(root));
  }

  @Test
  void theManifestIsSortedByCodePoint() {
    List<TreeFixture.Entry> manifest = TreeFixture.manifest(1000);
    for (int i = 1; i < manifest.size(); i++) {
      assertTrue(
          TreeFixture.Entry.ORDER.compare(manifest.get(i - 1), manifest.get(i)) < 0,
          manifest.get(i).path());
    }
    // "d1" < "d1/nested" < "d10": '/' (0x2f) sorts before '0' (0x30).
    int d1 = manifest.indexOf(new TreeFixture.Entry("d1", FileKind.DIRECTORY));
    assertEquals("d1/nested", manifest.get(d1 + 1).path());
  }

  @Test
  void theLargeTreeIsTheSameShapeAtTheSeedsScale() {
    assertEquals(156_250, TreeFixture.LARGE_FILES);
    assertEquals(12_501, TreeFixture.directories(TreeFixture.LARGE_FILES));
    List<TreeFixture.Entry> manifest = TreeFixture.manifest(TreeFixture.LARGE_FILES);
    assertEquals(156_250 + 12_501, manifest.size());
    assertTrue(manifest.contains(new TreeFixture.Entry("d6249/nested/f156249.js", FileKind.FILE)));
  }

  @Test
  void deleteRemovesATreeButNeverFollowsALinkOutOfIt() throws IOException {
    Path outside = Files.createDirectory(dir.resolve("outside"));
    Files.write(outside.resolve("keep"), new byte[] {1});
    Path root = dir.resolve("source");
    TreeFixture.create(root, 30, Payload.buffer(16));
    Files.createSymbolicLink(root.resolve("d0/link"), outside);
    TreeRemoval.cleanUp(root);
    assertTrue(Oracle.gone(root));
    assertTrue(Files.exists(outside.resolve("keep")), "the link's target is untouched");
  }
}
