package dev.fsbench.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Assumptions;
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
    assertTrue(Files.exists(out.resolve(ResultsFolder.CLAIM)));
    folder.release();
    assertFalse(Files.exists(out.resolve(ResultsFolder.CLAIM)));
    Files.writeString(out.resolve("notes.txt"), "mine");
    FileAlreadyExistsException e =
        assertThrows(FileAlreadyExistsException.class, () -> ResultsFolder.createAt(out));
    assertTrue(e.getMessage().contains("not empty"), e.getMessage());
    assertFalse(Files.exists(out.resolve(ResultsFolder.CLAIM)), "a refused claim is withdrawn");
    assertEquals("mine", Files.readString(out.resolve("notes.txt")));
  }

  @Test
  void theClaimHoldsTheScratchFilesAndGoesWithThem() throws Exception {
    ResultsFolder folder = ResultsFolder.createUnique(dir, "run");
    assertEquals(folder.dir().resolve(ResultsFolder.CLAIM), folder.scratch());
    assertTrue(Files.isDirectory(folder.scratch()), "a fresh folder is claimed too");
    Files.writeString(folder.scratch().resolve("fork-0.samples.jsonl"), "{}");
    folder.release();
    assertFalse(Files.exists(folder.scratch()));
  }

  /**
   * A full disk, for real: the write goes to /dev/full, which fails every write with ENOSPC. The
   * error names the file and the reason, and no run.json.tmp stays to make the folder "not empty".
   */
  @Test
  void aWriteThatFailsNamesTheFileAndTheReasonAndLeavesNoTemporaryFile() throws Exception {
    Path devFull = Path.of("/dev/full");
    Assumptions.assumeTrue(Files.exists(devFull), "needs /dev/full (Linux) for a real ENOSPC");
    Path out = Files.createDirectories(dir.resolve("full"));
    ResultsFolder folder = ResultsFolder.createAt(out);
    Path tmp = out.resolve(RunJson.FILE_NAME + ".tmp");
    Files.createSymbolicLink(tmp, devFull); // the next write of run.json lands on a full device

    FileSystemException e =
        assertThrows(
            FileSystemException.class,
            () ->
                folder.write(
                    TestRuns.complete(TestRuns.twoFamilies()), RunJson.mapper().createArrayNode()));

    assertEquals(out.resolve(RunJson.FILE_NAME).toString(), e.getFile());
    assertEquals("No space left on device", e.getReason());
    assertFalse(Files.exists(tmp, LinkOption.NOFOLLOW_LINKS), "the temporary file is removed");
    assertFalse(Files.exists(out.resolve(RunJson.FILE_NAME)));
    folder.release();
    ResultsFolder.createAt(out).release(); // an empty folder again: a rerun is not refused
  }
}
