package dev.fsbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SandboxTest {
  @TempDir Path root;
  @TempDir Path outside;

  @Test
  void createsAFreshDirectoryInTheRootAndRemovesEverythingInIt() throws IOException {
    Sandbox sandbox = Sandbox.create(root);
    assertEquals(root.toAbsolutePath(), sandbox.dir().getParent());
    assertTrue(sandbox.dir().getFileName().toString().startsWith("fsbench-"));
    assertTrue(Files.isDirectory(sandbox.work()));
    Files.createDirectories(sandbox.work().resolve("a/b/c"));
    Files.writeString(sandbox.work().resolve("a/b/c/f.txt"), "x");
    sandbox.close();
    assertFalse(Files.exists(sandbox.dir()));
    sandbox.close(); // idempotent
    assertEquals(List.of(), list(root));
  }

  @Test
  void neverFollowsALinkOutOfTheSandbox() throws IOException {
    Path precious = Files.writeString(outside.resolve("precious.txt"), "keep me");
    Sandbox sandbox = Sandbox.create(root);
    Files.createSymbolicLink(sandbox.work().resolve("to-dir"), outside);
    Files.createSymbolicLink(sandbox.work().resolve("to-file"), precious);
    sandbox.close();
    assertFalse(Files.exists(sandbox.dir()));
    assertEquals("keep me", Files.readString(precious));
  }

  @Test
  void removesDirectoriesWhosePermissionsAWorkloadTookAway() throws IOException {
    Sandbox sandbox = Sandbox.create(root);
    Path locked = Files.createDirectories(sandbox.work().resolve("locked/inner"));
    Files.writeString(locked.resolve("f"), "x");
    Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
    Files.setPosixFilePermissions(locked.getParent(), PosixFilePermissions.fromString("r-x------"));
    sandbox.close();
    assertFalse(Files.exists(sandbox.dir()));
  }

  @Test
  void badRootsAreNamedErrors() throws IOException {
    assertThrows(NoSuchFileException.class, () -> Sandbox.create(root.resolve("missing")));
    Path file = Files.writeString(root.resolve("file"), "");
    assertThrows(NotDirectoryException.class, () -> Sandbox.create(file));
  }

  @Test
  void readOnlyRootIsRefusedUnlessRoot() throws IOException {
    Path readOnly = Files.createDirectory(root.resolve("ro"));
    Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r-x------"));
    try {
      if (Files.isWritable(readOnly)) {
        // root bypasses permission bits: creation succeeds, and must still clean up.
        Sandbox.create(readOnly).close();
        assertEquals(List.of(), list(readOnly));
      } else {
        assertThrows(AccessDeniedException.class, () -> Sandbox.create(readOnly));
      }
    } finally {
      Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("rwx------"));
    }
  }

  private static List<Path> list(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.toList();
    }
  }
}
