package dev.fsbench.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Directories their owner may not read, write or search: a plain removal fails naming the entry it
 * could not remove, {@link TreeRemoval#cleanUp} gives the owner its bits back and removes them.
 * Permission checks do not apply to root, so as root each scenario runs in a child JVM without
 * capabilities (setpriv, util-linux), where root is an ordinary owner.
 */
class TreeRemovalPermissionTest {
  @TempDir Path dir;

  /** A tree with a directory closed to everyone and one its owner may only read and search. */
  private static Path closedTree(Path tree) throws IOException {
    Files.createDirectories(tree.resolve("closed/deeper"));
    Files.write(tree.resolve("closed/deeper/f"), new byte[] {1});
    Files.createDirectories(tree.resolve("readonly"));
    Files.write(tree.resolve("readonly/g"), new byte[] {1});
    Files.setPosixFilePermissions(
        tree.resolve("closed"), PosixFilePermissions.fromString("---------"));
    Files.setPosixFilePermissions(
        tree.resolve("readonly"), PosixFilePermissions.fromString("r-x------"));
    return tree;
  }

  @Test
  void cleanUpReopensWhatAChmodClosed() throws Exception {
    Path tree = closedTree(dir.resolve("tree"));
    assertEquals("removed 2 files, 4 directories", inUnprivilegedJvm("cleanUp", tree));
    assertFalse(Files.exists(tree));
  }

  @Test
  void aPlainRemovalFailsNamingWhatItCouldNotRemove() throws Exception {
    Path tree = Files.createDirectories(dir.resolve("tree/readonly"));
    Files.write(tree.resolve("g"), new byte[] {1});
    Files.setPosixFilePermissions(tree, PosixFilePermissions.fromString("r-x------"));
    try {
      assertEquals(
          "AccessDeniedException " + tree.resolve("g"),
          inUnprivilegedJvm("remove", tree.getParent()));
      assertTrue(Files.exists(tree.resolve("g")), "what could not be removed is still there");
    } finally {
      TreeRemoval.cleanUp(dir.resolve("tree"));
    }
  }

  /** Runs {@link #main} with {@code how} and {@code tree}; as root, without capabilities. */
  private String inUnprivilegedJvm(String how, Path tree) throws Exception {
    boolean root = ((Integer) Files.getAttribute(dir, "unix:uid")) == 0;
    List<String> command = new ArrayList<>();
    if (root) {
      command.addAll(
          List.of(
              "setpriv",
              "--inh-caps=-all",
              "--ambient-caps=-all",
              "--bounding-set=-all",
              "--no-new-privs"));
    }
    command.addAll(
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp",
            System.getProperty("java.class.path"),
            TreeRemovalPermissionTest.class.getName(),
            how,
            tree.toString()));
    Path output = dir.resolve("child.out");
    Process child =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    if (!child.waitFor(60, TimeUnit.SECONDS)) {
      child.destroyForcibly();
      throw new AssertionError("the child JVM did not finish in 60 s: " + command);
    }
    String printed = Files.readString(output, StandardCharsets.UTF_8).strip();
    Files.delete(output);
    assertEquals(0, child.exitValue(), () -> command + "\n" + printed);
    return printed;
  }

  /** The child: {@code cleanUp DIR} or {@code remove DIR}; prints what happened. */
  public static void main(String[] args) throws IOException {
    Path tree = Path.of(args[1]);
    try {
      TreeRemoval.Result r =
          args[0].equals("cleanUp") ? TreeRemoval.cleanUp(tree) : TreeRemoval.remove(tree);
      System.out.println("removed " + r.files() + " files, " + r.directories() + " directories");
    } catch (FileSystemException e) {
      System.out.println(e.getClass().getSimpleName() + " " + e.getFile());
    }
  }
}
