package dev.fsbench.harness.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link EnvironmentProbe#git}: what a run records of the repository it runs in, read-only. */
class EnvironmentProbeTest {
  @TempDir Path repo;

  private void git(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes());
    assertEquals(0, p.waitFor(), String.join(" ", command) + ": " + output);
  }

  private Path committedFile() throws Exception {
    git("init", "-q");
    Path file = Files.writeString(repo.resolve("a.txt"), "a");
    git("add", "a.txt");
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "one");
    return file;
  }

  /**
   * A file whose mtime changed but whose content did not makes the index stale; a plain {@code git
   * status} would rewrite the index to refresh it. The probe must not: it reads the user's
   * repository and never writes there.
   */
  @Test
  void aStaleIndexIsLeftAsItWas() throws Exception {
    Path file = committedFile();
    Files.setLastModifiedTime(file, FileTime.from(Instant.now().plusSeconds(60)));
    Path index = repo.resolve(".git/index");
    byte[] before = Files.readAllBytes(index);

    Environment.Git recorded = EnvironmentProbe.git(repo);

    assertNotNull(recorded.commit(), recorded.toString());
    assertFalse(recorded.dirty(), "same content: clean");
    assertArrayEquals(before, Files.readAllBytes(index), "the index is not refreshed");
    assertFalse(Files.exists(repo.resolve(".git/index.lock")));
  }

  @Test
  void aChangedFileMakesTheTreeDirty() throws Exception {
    Files.writeString(committedFile(), "b");
    assertTrue(EnvironmentProbe.git(repo).dirty());
  }

  @Test
  void aFolderOutsideAnyRepositoryIsSaidSo() throws Exception {
    Environment.Git recorded = EnvironmentProbe.git(repo);
    assertNull(recorded.commit(), recorded.toString());
    assertTrue(recorded.note().startsWith("not in a git work tree"), recorded.note());
  }
}
