package dev.fsbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import dev.fsbench.harness.workload.Tmpfs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness's own cleanup (a sandbox's removal, which fixtures and trial directories share:
 * {@link dev.fsbench.support.TreeRemoval#cleanUp}) while directories inside it are exchanged, again
 * and again, with symbolic links to a victim outside: the victim must come through every try
 * untouched.
 *
 * <p>A removal can only be tricked between reading a directory's attributes and opening it, a
 * window of microseconds, so the swapper exchanges each directory and its link in one atomic call
 * ({@code renameat2(RENAME_EXCHANGE)}, through JNA) rather than in four, and the test makes many
 * cheap tries on tmpfs. Measured here with the path walk the harness used before ({@code
 * Files.walkFileTree}): the victim lost files in 16 of 2,000 tries, on a machine loaded far beyond
 * its two cores; by directory handles, in none.
 */
class SandboxSwapRaceTest {
  private static final int TRIES = 2000;
  private static final int SWAPPED = 4;
  private static final int VICTIM_FILES = 20;

  @TempDir(factory = Tmpfs.class)
  Path root;

  @TempDir(factory = Tmpfs.class)
  Path outside;

  /** glibc's renameat2, for RENAME_EXCHANGE. */
  private static final class LibC {
    static final int AT_FDCWD = -100;
    static final int RENAME_EXCHANGE = 2;

    static {
      Native.register(LibC.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
    }

    static native int renameat2(
        int olddirfd, String oldpath, int newdirfd, String newpath, int flags);
  }

  @Test
  void directoriesExchangedWithLinksDuringCleanupAreNeverFollowed() throws Exception {
    Path victim = Files.createDirectory(outside.resolve("victim"));
    for (int i = 0; i < VICTIM_FILES; i++) {
      Files.write(victim.resolve("v" + i), new byte[] {1});
    }
    int removed = 0;
    long exchanges = 0;
    for (int t = 0; t < TRIES; t++) {
      Sandbox sandbox = Sandbox.create(root);
      List<String[]> pairs = new ArrayList<>();
      for (int k = 0; k < SWAPPED; k++) {
        Path d = Files.createDirectory(sandbox.work().resolve("d" + k));
        Files.write(d.resolve("g"), new byte[] {3});
        Path link = Files.createSymbolicLink(outside.resolve("link" + t + "-" + k), victim);
        pairs.add(new String[] {d.toString(), link.toString()});
      }
      AtomicBoolean stop = new AtomicBoolean();
      long[] made = new long[1];
      Thread swapper =
          new Thread(
              () -> {
                for (int k = 0; !stop.get(); k = (k + 1) % SWAPPED) {
                  String[] pair = pairs.get(k);
                  if (LibC.renameat2(
                          LibC.AT_FDCWD, pair[0], LibC.AT_FDCWD, pair[1], LibC.RENAME_EXCHANGE)
                      == 0) {
                    made[0]++;
                  }
                }
              });
      swapper.start();
      try {
        sandbox.close();
        removed++;
      } catch (IOException e) {
        // a race lost by the cleanup may fail it (an entry gone, a directory refilled); following
        // a link may not
      } finally {
        stop.set(true);
        swapper.join();
      }
      exchanges += made[0];
      List<String> left;
      try (Stream<Path> entries = Files.list(victim)) {
        left = entries.map(p -> p.getFileName().toString()).collect(Collectors.toList());
      }
      assertEquals(VICTIM_FILES, left.size(), "try " + t + ": the victim lost files: " + left);
      assertTrue(Files.isDirectory(victim, LinkOption.NOFOLLOW_LINKS));
      sandbox.close(); // whatever a lost race left
      assertFalse(Files.exists(sandbox.dir(), LinkOption.NOFOLLOW_LINKS));
    }
    assertTrue(removed > 0, "no cleanup ever finished while the swapper ran");
    assertTrue(exchanges > 0, "the swapper never exchanged anything");
  }
}
