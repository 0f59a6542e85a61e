package dev.fsbench.nio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.support.HandleWalk;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the contract kit does not reach: setuid/sticky bits, the tree copy's counters, and a tree
 * deeper than the copy keeps handles for.
 */
class NioBackendTest {

  @TempDir Path dir;

  private static void treeOf4Files(Path root) throws Exception {
    for (int i = 0; i < 4; i++) {
      Path file = root.resolve("d0/nested/f" + i + ".js");
      Files.createDirectories(file.getParent());
      Files.write(file, new byte[4096]);
    }
    Files.createDirectories(root.resolve("empty"));
    Files.createSymbolicLink(root.resolve("link"), root.getFileSystem().getPath("d0"));
  }

  @Test
  void chmodSetsTheStickyBitThroughTheUnixView() throws Exception {
    Path sticky = Files.createDirectory(dir.resolve("sticky"));
    try (FsBackend nio = new NioBackend(BackendConfig.DEFAULT)) {
      nio.chmod(sticky, 01777);
      assertEquals(041777, (int) (Integer) Files.getAttribute(sticky, "unix:mode"));
      assertEquals(041777, nio.stat(sticky).mode());
    }
  }

  @Test
  void chmodWithSpecialBitsIsUnsupportedWhereUnixModeIsReadOnly() throws Exception {
    try (FileSystem jimfs =
            Jimfs.newFileSystem(
                Configuration.unix().toBuilder()
                    .setAttributeViews("basic", "owner", "posix", "unix")
                    .build());
        FsBackend nio = new NioBackend(BackendConfig.builder().fileSystem(jimfs).build())) {
      Path file = Files.write(jimfs.getPath("/f"), new byte[1]);
      assertThrows(UnsupportedOperationException.class, () -> nio.chmod(file, 04755));
      nio.chmod(file, 0600);
      assertEquals(0100600, nio.stat(file).mode());
    }
  }

  @Test
  void treeCopyCountsWhatItCopied() throws Exception {
    Path source = dir.resolve("source");
    treeOf4Files(source);
    assertEquals(
        new TreeCopy.Result(4, 4, 1, true),
        TreeCopy.copy(source, dir.resolve("copy"), CpOptions.DEFAULT),
        "4 files; source, d0, d0/nested, empty; 1 link; by handles");
  }

  /**
   * A chain deeper than {@link HandleWalk#DEEP_AT}, each level holding the next ({@code a}) and a
   * leaf ({@code b/f}): below that depth a level lets its handles go while a subdirectory is copied
   * and opens them again through its {@code ..}, so whichever of {@code a} and {@code b} the
   * listing gives first, the other is copied after a reopening.
   */
  @Test
  void treeCopyGoesDeeperThanItKeepsHandlesFor() throws Exception {
    copiesDeepChain(dir);
  }

  @Test
  void treeCopyGoesDeeperThanItKeepsHandlesForOnJimfs() throws Exception {
    try (FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix())) {
      copiesDeepChain(Files.createDirectory(jimfs.getPath("/deep")));
    }
  }

  private static void copiesDeepChain(Path at) throws Exception {
    int depth = HandleWalk.DEEP_AT + 40;
    Path source = at.resolve("source");
    Path level = source;
    for (int i = 0; i < depth; i++) {
      Files.write(Files.createDirectories(level.resolve("b")).resolve("f"), new byte[] {(byte) i});
      level = level.resolve("a");
    }
    Files.createDirectories(level);
    Path copy = at.resolve("copy");
    TreeCopy.Result result = TreeCopy.copy(source, copy, CpOptions.DEFAULT);
    assertEquals(new TreeCopy.Result(depth, 1 + 2L * depth, 0, true), result);
    assertEquals(listing(source), listing(copy));
    Path copied = copy;
    for (int i = 0; i < depth; i++) {
      assertEquals(i, Files.readAllBytes(copied.resolve("b/f"))[0], "b/f at depth " + i);
      copied = copied.resolve("a");
    }
  }

  private static java.util.Set<String> listing(Path root) throws Exception {
    try (java.util.stream.Stream<Path> all = Files.walk(root)) {
      return all.map(p -> root.relativize(p).toString())
          .collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new));
    }
  }
}
