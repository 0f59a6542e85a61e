package dev.fsbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.TreeShape;
import dev.fsbench.harness.results.RunJson;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.results.SampleFile;
import dev.fsbench.harness.results.SchemaCheck;
import dev.fsbench.harness.results.TestRuns;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The size sweep's crossover table, the trees section and the cold line of REPORT.md, and the
 * notebooks' sweep fixture, which is exactly {@link TestRuns#sweep()} as run.json (regenerate it
 * with {@code -Dfsbench.writeFixtures=true}; notebooks/test_fsbench_charts.py expects the same
 * crossovers).
 */
class ScalingReportTest {
  static final Path FIXTURE = Path.of("..", "notebooks", "fixtures", "tiny-sweep", "run.json");

  @TempDir Path dir;

  @Test
  void nativeIsFasterFromTheSmallestSizeFromWhichItAlwaysIs() {
    List<Crossover.Row> rows = Crossover.of(TestRuns.sweep(), "native");
    assertEquals(2, rows.size(), "readdir and rm, sync");
    Crossover.Row readdir = rows.get(0);
    assertEquals("readdir", readdir.family());
    assertEquals(
        List.of("slower", "tie", "faster", "faster"),
        readdir.points().stream().map(Crossover.Point::verdict).toList());
    assertEquals(Optional.of("tree-64"), readdir.from().map(Crossover.Point::scenario));
    assertEquals(71, readdir.from().get().entries(), "64 files and 7 directories");
    Crossover.Row rm = rows.get(1);
    assertEquals(
        List.of("faster", "faster", "slower", "faster"),
        rm.points().stream().map(Crossover.Point::verdict).toList());
    assertEquals(Optional.of("tree-256"), rm.from().map(Crossover.Point::scenario), "not tree-4");
    assertTrue(readdir.hasFloor() && rm.hasFloor());
    assertEquals(250.0 / 150.0, readdir.from().get().vsFloor().ratio(), 0.02, "native / floor");
    assertEquals(1.25, rm.from().get().vsFloor().ratio(), 0.02);
  }

  @Test
  void theCrossoverIsTheTargetsAgainstNio() {
    List<Crossover.Row> rows = Crossover.of(TestRuns.sweep(), "commons-io");
    assertEquals(2, rows.size());
    assertTrue(
        rows.stream().allMatch(r -> r.from().isEmpty()), "commons-io is slower at every size");
    assertTrue(
        rows.stream().allMatch(Crossover.Row::hasFloor),
        "every result of a case with a floor has its distance to it");
    String text = MarkdownReport.render(TestRuns.sweep(), "x", List.of(), "commons-io"); // target
    assertTrue(text.contains("## Scaling: where commons-io starts to win"), text);
    assertTrue(text.contains("| readdir | sync | 4 | none | — | — | — |"), text);
  }

  @Test
  void theReportShowsTheCrossoverTableOnlyForASweep() {
    String text = MarkdownReport.render(TestRuns.sweep(), "tiny-sweep", List.of("scaling.png"));
    assertTrue(text.contains("## Scaling: where native starts to win"), text);
    assertTrue(text.contains("![time against entries"), text);
    assertTrue(text.contains("| readdir | sync | 4 | **tree-64** | 71 | 2.0"), text);
    assertTrue(text.contains("4 slower, 16 tie, 64 faster, 256 faster |"), text);
    assertTrue(text.contains("| rm | sync | 4 | **tree-256** | 279 |"), text);
    assertTrue(text.contains(" vs floor there |"), text);
    assertTrue(text.contains("every backend and the floor](scaling.png)"), text);
    String standard = MarkdownReport.render(TestRuns.complete(TestRuns.twoFamilies()), "x");
    assertFalse(standard.contains("## Scaling"), "two families without sizes: no sweep");
  }

  @Test
  void theTreesSectionNamesEachShapeAndWhatTheSnapshotChanged() {
    TreeShape user =
        new TreeShape(
            "snapshot of --tree",
            10,
            6,
            3,
            1,
            2,
            4,
            12_345,
            new TreeShape.Quantiles(0, 10, 100, 5000, 6000, 6000),
            5,
            1,
            1,
            "ab".repeat(32));
    RunRecord base = TestRuns.sweep();
    RunRecord.Settings s = base.settings();
    RunRecord run =
        new RunRecord(
            base.schemaVersion(),
            base.status(),
            base.complete(),
            null,
            base.startedAt(),
            base.finishedAt(),
            base.environment(),
            new RunRecord.Settings(
                s.warmups(),
                s.samples(),
                s.samplesPerFork(),
                s.forks(),
                s.families(),
                s.backends(),
                s.cases(),
                s.modes(),
                s.quick(),
                s.large(),
                s.root(),
                s.label(),
                s.forkJvmArgs(),
                s.method(),
                s.jvm(),
                s.target(),
                s.profilers(),
                s.floors(),
                List.of("sweep", "user-tree"),
                List.of("**/*.java"),
                new RunRecord.TreeLimits(200_000, 1L << 30),
                true),
            base.cases(),
            base.verdicts(),
            base.omitted(),
            Map.of("tree-4", base.trees().get("tree-4"), "user-tree", user));
    String text = MarkdownReport.render(run, "x");
    assertTrue(text.contains("## Trees"), text);
    assertTrue(
        text.contains(
            "| user-tree | snapshot of --tree | 10 | 6 | 3 | 1 | 4 | 12,345 | 100 / 5,000 / 6,000 / 6,000 | 5 |"
                + " `abababababababab` | 2 special files skipped; 1 entries' permission bits adjusted;"
                + " 1 names not valid in the file name encoding: readdir, glob, scan omitted |"),
        text);
    assertTrue(text.contains("| tree-4 | synthetic | 7 | 4 | 3 | 0 | 3 | 16,384 |"), text);
    assertTrue(text.contains("**Cold page cache**"), text);
    assertTrue(text.contains("evicts none of the sandbox's files"), text);
  }

  @Test
  void theNotebooksSweepFixtureIsThisRun() throws IOException {
    Path written = dir.resolve(RunJson.FILE_NAME);
    RunJson.write(TestRuns.sweep(), written);
    assertEquals(List.of(), SchemaCheck.errors(written));
    String expected = Files.readString(written, StandardCharsets.UTF_8);
    if (Boolean.getBoolean("fsbench.writeFixtures")) {
      Files.createDirectories(FIXTURE.getParent());
      Files.writeString(FIXTURE, expected, StandardCharsets.UTF_8);
      Files.copy(
          dir.resolve(SampleFile.FILE_NAME),
          FIXTURE.resolveSibling(SampleFile.FILE_NAME),
          StandardCopyOption.REPLACE_EXISTING);
    }
    assertTrue(
        Files.isRegularFile(FIXTURE),
        FIXTURE.toAbsolutePath() + " is missing: run this test with -Dfsbench.writeFixtures=true");
    // As JSON trees: a few of the record's maps (Map.copyOf) iterate in an order of the JVM's own.
    assertEquals(
        RunJson.mapper().readTree(expected),
        RunJson.mapper().readTree(FIXTURE.toFile()),
        "the fixture is not TestRuns.sweep(): regenerate it");
    assertEquals(TestRuns.sweep(), RunJson.read(FIXTURE));
  }
}
