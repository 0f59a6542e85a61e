package dev.fsbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.bench.PageCache;
import dev.fsbench.harness.cli.Fsbench;
import dev.fsbench.harness.model.TreeShape;
import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.ResultsFolder;
import dev.fsbench.harness.results.RunJson;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.results.SchemaCheck;
import dev.fsbench.harness.stats.Regime;
import dev.fsbench.harness.workload.Tmpfs;
import dev.fsbench.harness.workload.tree.SourceTrees;
import dev.fsbench.spi.Backends;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fsbench run --tree DIR} end to end through real JMH forks, on a tiny tree: DIR is only
 * read (its manifest, modification times and, where the mount allows, access times are as before),
 * run.json records its shape and no name of it, and REPORT.md names the shape; the floors run on
 * the snapshot beside the backend, as {@code --floor}'s default has them. Also {@code --cold},
 * refused before anything runs where the page cache cannot be dropped, recorded where it can.
 */
class UserTreeRunTest {
  /** Names that must never reach run.json or REPORT.md. */
  private static final List<String> NAMES =
      List.of("confidential-plan.txt", "zebra-notes", "payroll-2026.csv", "quokka-link");

  @TempDir Path source;

  @TempDir(factory = Tmpfs.class)
  Path root;

  @TempDir Path results;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int fsbench(String... args) {
    return Fsbench.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
  }

  private Path tinyTree() throws IOException {
    Path dir = Files.createDirectory(source.resolve("project"));
    Files.writeString(dir.resolve(NAMES.get(0)), "the plan\n");
    Path notes = Files.createDirectory(dir.resolve(NAMES.get(1)));
    Files.write(notes.resolve(NAMES.get(2)), new byte[3000]);
    Files.createDirectory(notes.resolve("empty"));
    Files.createSymbolicLink(dir.resolve(NAMES.get(3)), Path.of(NAMES.get(1)));
    return dir;
  }

  @Test
  void aTreeRunReadsTheTreeOnlyAndRecordsItsShapeButNoName() throws IOException {
    Path dir = tinyTree();
    SourceTrees.accessTimesInTheFuture(dir);
    boolean atimes = SourceTrees.readsKeepAccessTimes(dir);
    String manifest = SourceTrees.manifestSha256(dir);
    Map<String, List<FileTime>> times = SourceTrees.times(dir, atimes);
    Path folder = results.resolve("tree");
    int exit =
        fsbench(
            "run",
            "--tree",
            dir.toString(),
            "--quick",
            "--families",
            "readdir",
            "--modes",
            "sync",
            "--backends",
            "nio",
            "--warmups",
            "0",
            "--samples",
            "2",
            "--root",
            root.toString(),
            "--out",
            folder.toString());
    assertEquals(0, exit, out + "\n" + err);

    assertEquals(manifest, SourceTrees.manifestSha256(dir), "DIR's manifest");
    assertEquals(
        times,
        SourceTrees.times(dir, atimes),
        atimes
            ? "DIR's modification and access times"
            : "DIR's modification times (the mount is strictatime: reads move access times)");

    assertEquals(List.of(), SchemaCheck.errors(folder.resolve(RunJson.FILE_NAME)));
    RunRecord run = RunJson.read(folder);
    assertEquals(RunRecord.Status.COMPLETE, run.status());
    assertEquals(List.of("user-tree"), run.settings().suites());
    assertNotNull(run.settings().treeLimits());
    TreeShape shape = run.trees().get("user-tree");
    assertEquals(
        5, shape.entries(), "2 files, 2 directories (the empty one too), 1 link: " + shape);
    assertEquals(2, shape.files());
    assertEquals(2, shape.directories());
    assertEquals(1, shape.links());
    assertEquals(2, shape.depth());
    assertEquals(3009, shape.bytes());
    assertEquals(manifest, shape.manifestSha256(), "the snapshot's manifest is DIR's");
    assertEquals("readdir/user-tree/-/sync/nio", run.cases().get(0).results().get("nio").cell());
    if (Backends.floor("floor-find").map(f -> f.availability().isAvailable()).orElse(false)) {
      // --floor's default: every sync case of a tree matrix, through real forks on the snapshot.
      Map<String, CaseRecord.BackendResult> results = run.cases().get(0).results();
      assertEquals("native-loop", results.get("floor").timing(), results.keySet().toString());
      assertEquals("process", results.get("floor-find").timing());
      assertNotNull(results.get("nio").regime(Regime.FIRST_USE).vsFloor().get("floor-find"));
      assertEquals(List.of("floor", "floor-find"), run.settings().floors());
    }

    String json = Files.readString(folder.resolve(RunJson.FILE_NAME));
    String report = Files.readString(folder.resolve(ResultsFolder.REPORT_FILE));
    for (String name : NAMES) {
      assertFalse(json.contains(name), "run.json names " + name);
      assertFalse(report.contains(name), "REPORT.md names " + name);
    }
    assertFalse(json.contains(dir.toString()), "run.json names DIR");
    assertTrue(report.contains("## Trees"), report);
    assertTrue(
        report.contains("| user-tree | snapshot of --tree | 5 | 2 | 2 | 1 | 2 | 3,009 |"), report);
    assertTrue(report.contains(shape.manifestSha256().substring(0, 16)), report);
    assertTrue(
        out.toString().contains("user-tree (snapshot of --tree): 5 entries"), out.toString());
    assertSandboxGone();
  }

  @Test
  void aTreeHoldingTheSandboxOrTheResultsIsRefusedBeforeAnythingIsMade() throws IOException {
    Path dir = tinyTree();
    String manifest = SourceTrees.manifestSha256(dir);
    assertEquals(
        2,
        fsbench("run", "--tree", source.toString(), "--root", dir.toString(), "--dry-run"),
        err.toString());
    assertTrue(err.toString().contains("lies inside --tree"), err.toString());
    assertEquals(
        2,
        fsbench(
            "run",
            "--tree",
            dir.toString(),
            "--root",
            root.toString(),
            "--out",
            dir.resolve("results").toString()));
    assertTrue(err.toString().contains("would be inside --tree"), err.toString());
    assertEquals(2, fsbench("run", "--tree", source.resolve("missing").toString(), "--dry-run"));
    assertTrue(err.toString().contains("does not exist"), err.toString());
    assertEquals(
        2,
        fsbench(
            "run",
            "--tree",
            dir.toString(),
            "--tree-max-entries",
            "3",
            "--root",
            root.toString(),
            "--out",
            results.resolve("small").toString()));
    assertTrue(err.toString().contains("more than 3 entries"), err.toString());
    assertFalse(Files.exists(results.resolve("small")), "no results folder for a refused tree");
    assertEquals(manifest, SourceTrees.manifestSha256(dir));
    assertSandboxGone();
  }

  @Test
  void coldIsRefusedBeforeAnythingRunsOrRecordedWhereTheCacheCanBeDropped() throws IOException {
    Path folder = results.resolve("cold");
    String[] args = {
      "run",
      "--cold",
      "--backends",
      "nio",
      "--families",
      "stat",
      "--cases",
      "single default",
      "--modes",
      "sync",
      "--warmups",
      "0",
      "--samples",
      "1",
      "--forks",
      "1",
      "--controls",
      "none",
      "--root",
      root.toString(),
      "--out",
      folder.toString()
    };
    Optional<String> refusal = PageCache.refusal();
    int exit = fsbench(args);
    if (refusal.isPresent()) {
      assertEquals(2, exit, out + "\n" + err);
      assertTrue(err.toString().contains("--cold cannot drop the page cache here"), err.toString());
      assertTrue(err.toString().contains(refusal.get()), err.toString());
      assertFalse(Files.exists(folder), "refused before the results folder is made");
    } else {
      assertEquals(0, exit, out + "\n" + err);
      RunRecord run = RunJson.read(folder);
      assertTrue(run.settings().cold());
      assertTrue(run.settings().forkJvmArgs().contains("-D" + PageCache.PROPERTY + "=true"));
      assertTrue(
          Files.readString(folder.resolve(ResultsFolder.REPORT_FILE))
              .contains("**Cold page cache**"));
      assertEquals(List.of(), SchemaCheck.errors(folder.resolve(RunJson.FILE_NAME)));
    }
    assertSandboxGone();
  }

  private void assertSandboxGone() throws IOException {
    try (Stream<Path> left = Files.list(root)) {
      assertEquals(List.of(), left.toList(), "the sandbox must be removed");
    }
  }
}
