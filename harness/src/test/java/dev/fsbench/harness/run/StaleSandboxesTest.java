package dev.fsbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.results.ResultsFolder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which sandboxes count as left by a killed run, and that removing them touches nothing else. The
 * end-to-end case (a run killed with -9, then {@code fsbench clean}) is in {@code RunSignalsTest}.
 */
class StaleSandboxesTest {
  @TempDir Path root;
  @TempDir Path elsewhere;

  /** The id of a process that has exited: {@code true}, waited for. */
  private static long deadPid() throws Exception {
    Process p = new ProcessBuilder("true").start();
    p.waitFor();
    return p.pid();
  }

  private static RunOwner owner(long pid, String start, Path results) {
    return new RunOwner(
        pid, start, "2026-12-01T00:00:00Z", results == null ? null : results.toString());
  }

  private Path marked(String name, RunOwner owner) throws IOException {
    Path dir = Files.createDirectories(root.resolve(name + "/work/fixture"));
    Files.writeString(dir.resolve("f"), "x");
    owner.writeTo(root.resolve(name));
    return root.resolve(name);
  }

  @Test
  void onlyMarkedDirectoriesOfGoneProcessesAreStale() throws Exception {
    RunOwner self = RunOwner.current();
    Path dead = marked("fsbench-dead", owner(deadPid(), null, null));
    Path reused = marked("fsbench-reused", owner(self.pid(), "1999-01-01T00:00:00Z", null));
    Path live = marked("fsbench-live", self);
    Path unmarked = Files.createDirectories(root.resolve("fsbench-unmarked/work"));
    Path otherName = marked("other-dead", owner(deadPid(), null, null));
    Path target = Files.createDirectories(elsewhere.resolve("fsbench-target"));
    owner(deadPid(), null, null).writeTo(target);
    Path link = Files.createSymbolicLink(root.resolve("fsbench-link"), target);
    Files.writeString(root.resolve("fsbench-file"), "x");

    List<StaleSandboxes.Stale> stale = StaleSandboxes.find(root);

    assertEquals(List.of(dead, reused), stale.stream().map(StaleSandboxes.Stale::dir).toList());
    for (StaleSandboxes.Stale s : stale) {
      assertTrue(StaleSandboxes.remove(s));
    }
    assertFalse(Files.exists(dead));
    assertFalse(Files.exists(reused));
    for (Path kept :
        List.of(live, unmarked, otherName, link, target, root.resolve("fsbench-file"))) {
      assertTrue(Files.exists(kept), kept + " must be left alone");
    }
  }

  @Test
  void removalTakesTheDeadRunsClaimOnlyWhenItIsTheSameRunsAndNotesNameThem() throws Exception {
    Path results = Files.createDirectories(elsewhere.resolve("results"));
    Path claim = Files.createDirectory(results.resolve(ResultsFolder.CLAIM));
    Files.writeString(claim.resolve("fork-0.samples.jsonl"), "{}");
    Files.writeString(results.resolve("run.json"), "{\"status\":\"running\"}");
    RunOwner gone = owner(deadPid(), "2026-12-01T10:00:00Z", results);
    gone.writeTo(claim);
    Path sandbox = marked("fsbench-a", gone);

    Path otherResults = Files.createDirectories(elsewhere.resolve("other"));
    Path otherClaim = Files.createDirectory(otherResults.resolve(ResultsFolder.CLAIM));
    RunOwner.current().writeTo(otherClaim); // claimed by a live run since
    Path sandboxB = marked("fsbench-b", owner(deadPid(), null, otherResults));

    ByteArrayOutputStream err = new ByteArrayOutputStream();
    StaleSandboxes.note(root, new PrintStream(err, true, StandardCharsets.UTF_8));
    String notes = err.toString(StandardCharsets.UTF_8);
    assertTrue(notes.contains("stale sandbox " + sandbox), notes);
    assertTrue(notes.contains("fsbench clean --root " + root), notes);
    assertTrue(Files.exists(sandbox), "a note removes nothing");

    for (StaleSandboxes.Stale s : StaleSandboxes.find(root)) {
      assertTrue(StaleSandboxes.remove(s));
    }
    assertFalse(Files.exists(sandbox));
    assertFalse(Files.exists(sandboxB));
    assertFalse(Files.exists(claim), "the dead run's scratch files go with its sandbox");
    assertTrue(Files.exists(results.resolve("run.json")), "its results stay");
    assertTrue(Files.exists(otherClaim), "a claim another run holds stays");
  }
}
