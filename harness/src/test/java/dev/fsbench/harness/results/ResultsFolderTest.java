package dev.fsbench.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsFolderTest {
  @TempDir Path dir;

  @Test
  void ofRunsStartingOnTheSameFolderAtOnceExactlyOneGetsIt() throws Exception {
    for (int round = 0; round < 50; round++) {
      Path out = dir.resolve("out-" + round);
      CountDownLatch start = new CountDownLatch(1);
      ExecutorService pool = Executors.newFixedThreadPool(4);
      try {
        List<Future<Boolean>> tries = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
          tries.add(
              pool.submit(
                  () -> {
                    start.await();
                    try {
                      ResultsFolder.createAt(out);
                      return true;
                    } catch (FileAlreadyExistsException refused) {
                      return false;
                    }
                  }));
        }
        start.countDown();
        int won = 0;
        for (Future<Boolean> f : tries) {
          won += f.get() ? 1 : 0;
        }
        assertEquals(1, won, "round " + round);
      } finally {
        pool.shutdownNow();
      }
    }
  }

  @Test
  void anEmptyFolderIsClaimedAndReleasedAndAFolderWithAnythingIsRefused() throws Exception {
    Path out = Files.createDirectories(dir.resolve("out"));
    ResultsFolder folder = ResultsFolder.createAt(out);
    assertTrue(Files.exists(out.resolve(ResultsFolder.CLAIM_FILE)));
    folder.release();
    assertFalse(Files.exists(out.resolve(ResultsFolder.CLAIM_FILE)));
    Files.writeString(out.resolve("notes.txt"), "mine");
    FileAlreadyExistsException e =
        assertThrows(FileAlreadyExistsException.class, () -> ResultsFolder.createAt(out));
    assertTrue(e.getMessage().contains("not empty"), e.getMessage());
    assertFalse(
        Files.exists(out.resolve(ResultsFolder.CLAIM_FILE)), "a refused claim is withdrawn");
    assertEquals("mine", Files.readString(out.resolve("notes.txt")));
  }
}
