package dev.fsbench.harness.workload.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.TreeShape;
import dev.fsbench.harness.workload.Tmpfs;
import dev.fsbench.harness.workload.verify.CopyCheck;
import dev.fsbench.harness.workload.verify.Verifier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The snapshot of {@code --tree}: every entry but special files, permission bits kept with the
 * owner's access added, the source untouched, and a clear refusal of what it cannot take.
 */
class TreeSnapshotTest {
  @TempDir(factory = Tmpfs.class)
  Path dir;

  /** A small project: files of several sizes, nested and empty directories, links, a FIFO. */
  private Path project() throws IOException, InterruptedException {
    Path src = Files.createDirectory(dir.resolve("project"));
    write(src.resolve("README.md"), 300);
    write(src.resolve("src/main/App.java"), 5000);
    write(src.resolve("src/main/empty.txt"), 0);
    write(src.resolve(".git/HEAD"), 23);
    Files.createDirectories(src.resolve("build/empty"));
    Files.createSymbolicLink(src.resolve("link-to-readme"), Path.of("README.md"));
    Files.createSymbolicLink(src.resolve("link-to-src"), Path.of("src"));
    Files.createSymbolicLink(src.resolve("dangling"), Path.of("nowhere"));
    Path locked = Files.createDirectory(src.resolve("locked"));
    write(locked.resolve("inside"), 10);
    Files.setPosixFilePermissions(locked, TreeSnapshot.permissions(0555));
    SourceTrees.mkfifo(src.resolve("pipe"));
    return src;
  }

  private static void write(Path file, int size) throws IOException {
    Files.createDirectories(file.getParent());
    byte[] bytes = new byte[size];
    for (int i = 0; i < size; i++) {
      bytes[i] = (byte) ('a' + i % 26);
    }
    Files.write(file, bytes);
  }

  @Test
  void theSnapshotHoldsEveryEntryButTheFifoAndTheSourceStaysAsItWas() throws Exception {
    Path src = project();
    SourceTrees.accessTimesInTheFuture(src);
    boolean atimes = SourceTrees.readsKeepAccessTimes(src);
    String before = TreeManifest.read(src).sha256();
    Map<String, List<FileTime>> timesBefore = SourceTrees.times(src, atimes);
    try {
      Path copy = dir.resolve("snapshot");
      TreeSnapshot.Copied c = TreeSnapshot.copy(src, copy, TreeSnapshot.Limits.DEFAULT);
      assertEquals(1, c.skipped(), "the FIFO");
      assertEquals(1, c.modesAdjusted(), "locked/ gained the owner's write bit");

      TreeManifest source = TreeManifest.read(src);
      TreeManifest snapshot = TreeManifest.read(copy);
      Set<String> expected = new java.util.LinkedHashSet<>(source.paths());
      expected.remove("pipe");
      assertEquals(expected, snapshot.paths());
      int locked =
          (Integer)
              Files.getAttribute(copy.resolve("locked"), "unix:mode", LinkOption.NOFOLLOW_LINKS);
      assertEquals(0755, locked & 07777);
      assertEquals(Path.of("README.md"), Files.readSymbolicLink(copy.resolve("link-to-readme")));
      assertEquals(
          -1, Files.mismatch(src.resolve("src/main/App.java"), copy.resolve("src/main/App.java")));

      TreeShape shape = snapshot.shape("snapshot of --tree", true);
      assertEquals(14, shape.entries(), shape.summary());
      assertEquals(5, shape.files(), "README.md, App.java, empty.txt, HEAD, locked/inside");
      assertEquals(6, shape.directories(), "src, src/main, .git, build, build/empty, locked");
      assertEquals(3, shape.links());
      assertEquals(3, shape.depth(), "src/main/App.java");
      assertEquals(5000, shape.fileSizes().max());
      assertEquals(0, shape.fileSizes().min());
      assertEquals(5333, shape.bytes());
      assertEquals(before, TreeManifest.read(src).sha256(), "the source's manifest");
      assertEquals(
          timesBefore,
          SourceTrees.times(src, atimes),
          atimes
              ? "the source's modification and access times"
              : "the source's modification times");
    } finally {
      Files.setPosixFilePermissions(src.resolve("locked"), TreeSnapshot.permissions(0755));
    }
  }

  @Test
  void aTreeLargerThanItsLimitsIsRefusedAndThePartialCopyRemoved() throws Exception {
    Path src = Files.createDirectory(dir.resolve("big"));
    for (int i = 0; i < 5; i++) {
      write(src.resolve("f" + i), 1000);
    }
    Path copy = dir.resolve("copy");
    IllegalArgumentException entries =
        assertThrows(
            IllegalArgumentException.class,
            () -> TreeSnapshot.copy(src, copy, new TreeSnapshot.Limits(3, 1L << 30)));
    assertTrue(entries.getMessage().contains("more than 3 entries"), entries.getMessage());
    assertTrue(entries.getMessage().contains("--tree-max-entries"), entries.getMessage());
    assertFalse(Files.exists(copy), "nothing of the partial copy is left");
    IllegalArgumentException bytes =
        assertThrows(
            IllegalArgumentException.class,
            () -> TreeSnapshot.copy(src, copy, new TreeSnapshot.Limits(100, 2500)));
    assertTrue(bytes.getMessage().contains("more than 2,500 bytes"), bytes.getMessage());
    assertFalse(Files.exists(copy));
    IllegalArgumentException survey =
        assertThrows(
            IllegalArgumentException.class,
            () -> TreeSnapshot.survey(src, new TreeSnapshot.Limits(3, 1L << 30)));
    assertTrue(survey.getMessage().contains("more than 3 entries"));
    assertEquals(5, TreeSnapshot.survey(src, TreeSnapshot.Limits.DEFAULT).files());
  }

  @Test
  void missingEmptyOrFileTreesAndASandboxInsideAreRefused() throws Exception {
    Path copy = dir.resolve("copy");
    TreeSnapshot.Limits limits = TreeSnapshot.Limits.DEFAULT;
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> TreeSnapshot.copy(dir.resolve("nothing"), copy, limits))
            .getMessage()
            .contains("does not exist"));
    Path file = Files.writeString(dir.resolve("file"), "x");
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> TreeSnapshot.copy(file, copy, limits))
            .getMessage()
            .contains("is not a directory"));
    Path empty = Files.createDirectory(dir.resolve("empty"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> TreeSnapshot.copy(empty, copy, limits))
            .getMessage()
            .contains("is empty"));
    Files.writeString(empty.resolve("x"), "x");
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> TreeSnapshot.copy(dir, dir.resolve("inside"), limits))
            .getMessage()
            .contains("holds the sandbox"));
  }

  @Test
  void anUnreadableEntryIsRefusedNamingIt() throws Exception {
    Assumptions.assumeFalse(
        "root".equals(System.getProperty("user.name")),
        "root reads every file whatever its mode, so nothing is unreadable to this test");
    Path src = Files.createDirectory(dir.resolve("secret"));
    Path hidden = Files.writeString(src.resolve("key"), "k");
    Files.setPosixFilePermissions(hidden, TreeSnapshot.permissions(0));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> TreeSnapshot.copy(src, dir.resolve("copy"), TreeSnapshot.Limits.DEFAULT));
    assertTrue(e.getMessage().contains("cannot read key"), e.getMessage());
  }

  @Test
  void aNameThatIsNotUtf8IsCopiedByItsBytesCountedAndHashedApartFromItsTwin() throws Exception {
    Path a = Files.createDirectory(dir.resolve("a"));
    Files.writeString(TreeManifest.byName(a, "caf%E9"), "latin-1");
    Path b = Files.createDirectory(dir.resolve("b"));
    Files.writeString(TreeManifest.byName(b, "caf%EF%BF%BD"), "latin-1");
    TreeManifest ma = TreeManifest.read(a);
    TreeManifest mb = TreeManifest.read(b);
    assertEquals(ma.paths(), mb.paths(), "the two print alike");
    assertNotEquals(ma.sha256(), mb.sha256(), "but their bytes differ, and so do their hashes");
    assertEquals(1, ma.notExact());
    assertEquals(0, mb.notExact());

    Path copy = dir.resolve("copy");
    TreeSnapshot.copy(a, copy, TreeSnapshot.Limits.DEFAULT);
    assertTrue(Files.exists(TreeManifest.byName(copy, "caf%E9")), "copied by its bytes");
    assertEquals(ma.sha256(), TreeManifest.read(copy).sha256());
    assertEquals(1, TreeManifest.read(copy).shape("s", true).namesNotUtf8());

    Verifier v = new Verifier();
    CopyCheck.compare(ma, a, b, v);
    assertTrue(v.failed(), "the twin does not pass for a copy: " + v.summary());
    assertTrue(v.summary().contains("missing from the copy"), v.summary());
  }

  @Test
  void compareCopyNamesWhatDiffers() throws Exception {
    Path src = Files.createDirectory(dir.resolve("src"));
    write(src.resolve("a"), 100);
    write(src.resolve("d/b"), 10);
    Files.createSymbolicLink(src.resolve("l"), Path.of("a"));
    TreeManifest m = TreeManifest.read(src);
    Path copy = dir.resolve("copy");
    TreeSnapshot.replicate(src, copy);
    Verifier same = new Verifier();
    CopyCheck.compare(m, src, copy, same);
    assertFalse(same.failed(), same.summary());

    Files.write(copy.resolve("a"), new byte[100]);
    Files.setPosixFilePermissions(copy.resolve("d/b"), TreeSnapshot.permissions(0600));
    Files.delete(copy.resolve("l"));
    Files.createSymbolicLink(copy.resolve("l"), Path.of("d"));
    Files.writeString(copy.resolve("extra"), "x");
    Verifier v = new Verifier();
    CopyCheck.compare(m, src, copy, v);
    String all = v.summary();
    assertTrue(all.contains("a differs from its source at byte 0"), all);
    assertTrue(all.contains("d/b has mode 0600"), all);
    assertTrue(all.contains("l links to d"), all);
    assertTrue(all.contains("e.g. [extra]"), all);
  }

  @Test
  void permissionsMapsEveryBit() {
    assertEquals(9, TreeSnapshot.permissions(0777).size());
    assertEquals(
        Set.of(
            java.nio.file.attribute.PosixFilePermission.OWNER_READ,
            java.nio.file.attribute.PosixFilePermission.GROUP_EXECUTE,
            java.nio.file.attribute.PosixFilePermission.OTHERS_WRITE),
        TreeSnapshot.permissions(0412));
    assertEquals(
        "rw-r-----",
        java.nio.file.attribute.PosixFilePermissions.toString(TreeSnapshot.permissions(0640)));
  }
}
