package dev.fsbench.javaio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.RmOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Permission;
import java.util.Arrays;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The declared deviation of java-io's rm, without a race: a directory of the tree is swapped for a
 * link to a victim directory at exactly the moment between the walk's test of it and its listing,
 * and the walk lists the victim and deletes its files. The moment is found through the security
 * manager, which {@code File.list()} asks ({@code checkRead}) before it reads the directory: the
 * one hook into java.io there is. The races of the safety table hit that window rarely (the
 * canonical-path test and the listing follow each other closely); this test hits it every time.
 */
class SwappedDirectoryTest {

  @TempDir Path dir;

  @Test
  @SuppressWarnings("removal") // the security manager is the hook; JDK 24 removed it (JEP 486)
  void rmFollowsADirectorySwappedForALinkBetweenItsTestAndItsListing() throws Exception {
    Assumptions.assumeTrue(
        Runtime.version().feature() == 17,
        "the hook, System.setSecurityManager, needs -Djava.security.manager=allow from JDK 18 and"
            + " is gone from JDK 24 (JEP 486); this JDK is "
            + Runtime.version());
    Path d0 = Files.createDirectories(dir.resolve("tree/d0"));
    Files.writeString(d0.resolve("f0"), "tree file\n");
    Path victim = Files.createDirectory(dir.resolve("victim"));
    for (String name : Arrays.asList("v0", "v1", "v2")) {
      Files.writeString(victim.resolve(name), "victim file\n");
    }
    Path aside = dir.resolve("aside");
    String swapped = d0.toString();
    SecurityManager swapAtTheListing =
        new SecurityManager() {
          private boolean done;

          @Override
          public void checkPermission(Permission perm) {}

          @Override
          public void checkRead(String file) {
            if (done || !file.equals(swapped) || !calledFrom("java.io.File", "list")) {
              return;
            }
            done = true;
            try {
              Files.move(d0, aside);
              Files.createSymbolicLink(d0, victim);
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          }
        };
    try (FsBackend backend = new JavaIoBackend(BackendConfig.DEFAULT)) {
      System.setSecurityManager(swapAtTheListing);
      try {
        backend.rm(dir.resolve("tree"), RmOptions.RECURSIVE_FORCE);
      } finally {
        System.setSecurityManager(null);
      }
    }
    assertFalse(Files.exists(dir.resolve("tree")), "the tree is gone");
    assertEquals(0, victim.toFile().list().length, "and so are the victim's files");
    assertTrue(Files.exists(aside.resolve("f0")), "while the tree's own file was never reached");
  }

  private static boolean calledFrom(String className, String method) {
    for (StackTraceElement frame : new Throwable().getStackTrace()) {
      if (frame.getClassName().equals(className) && frame.getMethodName().equals(method)) {
        return true;
      }
    }
    return false;
  }
}
