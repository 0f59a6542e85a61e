package dev.fsbench.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.results.ResultsFolder;
import dev.fsbench.harness.results.RunJson;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.results.TestRuns;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.Route;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line without benchmarks: parsing, bad input, and the commands that only read. */
class FsbenchCliTest {
  @TempDir Path dir;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int fsbench(String... args) {
    return Fsbench.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
  }

  private int run(String... extra) {
    String[] base = {"run", "--root", dir.toString(), "--out", dir.resolve("out").toString()};
    return fsbench(Stream.concat(Stream.of(base), Stream.of(extra)).toArray(String[]::new));
  }

  private void assertUsageError(int exit, String expected) throws IOException {
    assertEquals(2, exit, out + "\n" + err);
    assertTrue(err.toString().contains(expected), err.toString());
    assertNothingCreated();
  }

  private void assertNothingCreated() throws IOException {
    try (Stream<Path> entries = Files.list(dir)) {
      assertEquals(
          List.of(),
          entries.toList(),
          "bad input must be refused before a sandbox or results folder exists");
    }
  }

  @Test
  void unknownBackendNamesTheKnownOnes() throws IOException {
    assertUsageError(run("--backends", "nio,nope"), "unknown backend 'nope'; known: ");
    assertTrue(err.toString().matches("(?s).*known: [^\\n]*\\bnio\\b.*"), err.toString());
  }

  @Test
  void unavailableBackendSaysWhy() throws IOException {
    assertUsageError(
        run("--backends", "test-unavailable"),
        "backend 'test-unavailable' is unavailable here: no test library for this platform");
  }

  @Test
  void unknownFamilyNamesTheKnownOnes() throws IOException {
    assertUsageError(
        run("--families", "readFile,frobnicate"),
        "unknown family 'frobnicate'; known: access, appendFile");
  }

  @Test
  void apisIsAnAliasOfFamilies() throws IOException {
    assertUsageError(run("--apis", "frobnicate"), "unknown family 'frobnicate'");
  }

  @Test
  void unknownCaseIsRefused() throws IOException {
    assertUsageError(
        run("--backends", "nio", "--cases", "batch-999"),
        "no case 'batch-999' in the selected matrix; cases there: 16MiB, 16MiB head, 16MiB middle, 8MiB");
  }

  @Test
  void caseOfAMatrixTheRunDoesNotSelectIsRefusedNamingItsFlag() throws IOException {
    assertUsageError(
        run("--backends", "nio", "--cases", "tree-64"),
        "case 'tree-64' belongs to the sweep matrix, which this run does not select (--sweep)");
    assertUsageError(
        run("--backends", "nio", "--cases", "jdk-src"),
        "case 'jdk-src' belongs to the real-trees matrix, which this run does not select (--real-trees)");
  }

  @Test
  void caseOfAnotherFamilyIsRefusedNamingTheCasesThere() throws IOException {
    assertUsageError(
        run("--backends", "nio", "--families", "stat", "--cases", "tree-1000"),
        "no case 'tree-1000' in the selected matrix; cases there: batch-256");
  }

  @Test
  void badModeSaysWhatIsAllowed() throws IOException {
    assertUsageError(run("--modes", "sometimes"), "'sometimes' is not a mode; use sync or async");
  }

  @Test
  void samplesWarmupsAndForksAreChecked() throws IOException {
    assertUsageError(run("--samples", "0"), "--samples must be at least 1");
    assertUsageError(run("--warmups", "-1"), "--warmups must be 0 or more");
    assertUsageError(run("--forks", "0"), "--forks must be at least 1");
    assertUsageError(run("--samples", "many"), "Invalid value for option '--samples'");
  }

  @Test
  void labelMustBeUsableInAFolderName() throws IOException {
    assertUsageError(run("--label", "../escape"), "label '../escape' must be letters, digits");
  }

  @Test
  void missingRootIsAClearError() throws IOException {
    int exit =
        fsbench(
            "run",
            "--backends",
            "nio",
            "--root",
            dir.resolve("missing").toString(),
            "--out",
            dir.resolve("out").toString());
    assertEquals(2, exit);
    assertTrue(err.toString().contains("the sandbox root does not exist"), err.toString());
  }

  @Test
  void outFolderClaimedByAnotherRunIsRefusedAndKeepsItsClaim() throws IOException {
    Path taken = Files.createDirectories(dir.resolve("out"));
    Path claim = Files.createDirectory(taken.resolve(ResultsFolder.CLAIM));
    int exit =
        fsbench(
            "run",
            "--backends",
            "nio",
            "--families",
            "stat",
            "--root",
            dir.toString(),
            "--out",
            taken.toString());
    assertEquals(2, exit);
    assertTrue(err.toString().contains("claimed by another run"), err.toString());
    assertTrue(Files.exists(claim), "the other run's claim is not ours to remove");
    try (Stream<Path> entries = Files.list(taken)) {
      assertEquals(List.of(claim), entries.toList(), "nothing written into the other run's folder");
    }
  }

  @Test
  void outFolderWithResultsIsNeverOverwritten() throws IOException {
    Path taken = Files.createDirectories(dir.resolve("out"));
    Files.writeString(taken.resolve("run.json"), "{}");
    int exit =
        fsbench(
            "run",
            "--backends",
            "nio",
            "--families",
            "stat",
            "--root",
            dir.toString(),
            "--out",
            taken.toString());
    assertEquals(2, exit);
    assertTrue(err.toString().contains("results are never overwritten"), err.toString());
    try (Stream<Path> entries = Files.list(dir)) {
      assertEquals(List.of(taken), entries.toList(), "no sandbox left behind");
    }
  }

  @Test
  void noCommandIsAUsageError() {
    assertEquals(2, fsbench());
    assertTrue(err.toString().contains("a command is needed"), err.toString());
  }

  @Test
  void unknownOptionIsAUsageError() {
    assertEquals(2, fsbench("run", "--fast"));
    assertTrue(err.toString().contains("Unknown option: '--fast'"), err.toString());
  }

  @Test
  void dryRunListsCellsAndOmittedOnesAndCreatesNothing() throws IOException {
    int exit =
        run(
            "--dry-run",
            "--backends",
            "nio,test-twin",
            "--families",
            "chown",
            "--modes",
            "sync",
            "--floor",
            "none");
    assertEquals(0, exit, err.toString());
    String text = out.toString();
    assertTrue(
        text.contains("chown/single/-/sync/nio\nchown/single/-/sync/test-twin") == false, text);
    assertTrue(text.contains("chown/batch-256/-/sync/nio\nchown/batch-256/-/sync/nio-aa\n"), text);
    assertTrue(
        text.contains("not run: chown/single/-/sync/test-twin (chown single needs [OWNERSHIP]"),
        text);
    assertTrue(
        text.contains(
            "3 cells, 2 not run; 2 warmups and the default samples per scenario per fork, 3 fork(s) per cell;"
                + " no floors (--floor none); estimated "),
        text);
    assertNothingCreated();
  }

  /** A quick run plans no A/A control unless asked: its one fork cannot support the verdicts. */
  @Test
  void aQuickRunHasNoControlUnlessAsked() throws IOException {
    String[] quick = {
      "--dry-run", "--quick", "--backends", "nio", "--families", "stat", "--floor", "none"
    };
    assertEquals(0, run(quick), err.toString());
    String plain = out.toString();
    assertTrue(plain.contains("stat/batch-256/default/sync/nio\n"), plain);
    assertFalse(plain.contains("nio-aa"), plain);
    out.getBuffer().setLength(0);
    String[] asked = Arrays.copyOf(quick, quick.length + 2);
    asked[quick.length] = "--controls";
    asked[quick.length + 1] = "representative";
    assertEquals(0, run(asked), err.toString());
    assertTrue(out.toString().contains("stat/batch-256/default/sync/nio-aa\n"), out.toString());
    assertNothingCreated();
  }

  @Test
  void aDryRunOfTheSweepPlansTheFloorAtEverySizeAndCountsIt() throws IOException {
    Assumptions.assumeTrue(
        Backends.floor("floor-find").map(f -> f.availability().isAvailable()).orElse(false),
        "the native library's floors are unavailable in this build");
    int exit =
        run(
            "--dry-run",
            "--sweep",
            "--backends",
            "nio",
            "--families",
            "readdir",
            "--modes",
            "sync");
    assertEquals(0, exit, err.toString());
    String text = out.toString();
    for (String size :
        List.of(
            "tree-4", "tree-16", "tree-64", "tree-256", "tree-1000", "tree-4000", "tree-16000")) {
      assertTrue(
          text.contains(
              "readdir/" + size + "/-/sync/floor\nreaddir/" + size + "/-/sync/floor-find\n"),
          text);
    }
    assertTrue(
        text.contains("; floors floor, floor-find in 14 of them (representative sync cases);"),
        text);
    assertNothingCreated();
  }

  @Test
  void jmhPassesItsOptionsToJmh() {
    // -l lists the benchmarks and returns; picocli must not take -l (or -p, -f) for its own.
    java.io.PrintStream saved = System.out;
    java.io.ByteArrayOutputStream listed = new java.io.ByteArrayOutputStream();
    System.setOut(new java.io.PrintStream(listed, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      assertEquals(0, fsbench("jmh", "-lp", "FamilyBenchmark"), err.toString());
    } finally {
      System.setOut(saved);
    }
    String text = listed.toString(java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(text.contains("dev.fsbench.harness.bench.FamilyBenchmark.run"), text);
    assertTrue(text.contains("param \"family\" = {access}"), "-lp lists the parameters: " + text);
  }

  @Test
  void backendsListsAvailabilityRoutesAndReasons() {
    assertEquals(0, fsbench("backends"));
    String text = out.toString();
    assertTrue(text.contains("nio  available"), text);
    assertTrue(text.contains("    readFile    own: Files.readAllBytes"), text);
    assertTrue(text.contains("test-twin  available"), text);
    assertTrue(text.contains("    utimes      nio fallback: nio's utimes"), text);
    assertTrue(
        text.contains("test-unavailable  UNAVAILABLE: no test library for this platform"), text);
  }

  @Test
  void reportRerendersFromRunJson() throws IOException {
    Path folder = Files.createDirectory(dir.resolve("2026-11-30-linux-amd64"));
    RunJson.write(TestRuns.complete(TestRuns.twoFamilies()), folder.resolve(RunJson.FILE_NAME));
    assertEquals(0, fsbench("report", folder.toString()), err.toString());
    String report = Files.readString(folder.resolve(ResultsFolder.REPORT_FILE));
    assertTrue(report.startsWith("# fsbench results: 2026-11-30-linux-amd64\n"), report);
    assertTrue(report.contains("## Overview, steady"), report);
    String html = Files.readString(folder.resolve(ResultsFolder.HTML_REPORT_FILE));
    assertTrue(html.contains("<title>fsbench results: 2026-11-30-linux-amd64</title>"), html);
  }

  @Test
  void reportWritesOnlyTheFilesItIsToldTo() throws IOException {
    Path folder = Files.createDirectory(dir.resolve("run"));
    RunJson.write(TestRuns.complete(TestRuns.twoFamilies()), folder.resolve(RunJson.FILE_NAME));
    Path page = dir.resolve("page.html");
    assertEquals(
        0, fsbench("report", folder.toString(), "--html", page.toString()), err.toString());
    assertTrue(Files.readString(page).startsWith("<!DOCTYPE html>"));
    assertFalse(Files.exists(folder.resolve(ResultsFolder.REPORT_FILE)), "no REPORT.md asked for");
    assertFalse(Files.exists(folder.resolve(ResultsFolder.HTML_REPORT_FILE)));
    Path markdown = dir.resolve("report.md");
    assertEquals(0, fsbench("report", folder.toString(), "--out", markdown.toString()));
    assertTrue(Files.readString(markdown).startsWith("# fsbench results: run\n"));
    assertFalse(Files.exists(folder.resolve(ResultsFolder.HTML_REPORT_FILE)), "no page asked for");
    assertEquals(0, fsbench("report", folder.toString(), "--html", "-"));
    assertTrue(out.toString().contains("<title>fsbench results: run</title>"), out.toString());
    try (var files = Files.list(dir)) {
      assertTrue(files.noneMatch(f -> f.toString().endsWith(".tmp")), "written atomically");
    }
  }

  @Test
  void exportWritesBothCsvFilesAndNeverOverwritesWithoutForce() throws IOException {
    Path folder = Files.createDirectory(dir.resolve("2026-11-30-linux-amd64"));
    RunJson.write(TestRuns.complete(TestRuns.twoFamilies()), folder.resolve(RunJson.FILE_NAME));
    Path prefix = dir.resolve("x");
    assertEquals(0, fsbench("export", "--csv", folder.toString(), "--out", prefix.toString()));
    assertTrue(out.toString().contains("x-samples.csv (44 samples)"), out.toString());
    assertTrue(out.toString().contains("x-cells.csv (8 rows"), out.toString());
    String before = Files.readString(dir.resolve("x-cells.csv"));
    assertEquals(2, fsbench("export", "--csv", folder.toString(), "--out", prefix.toString()));
    assertTrue(
        err.toString().contains("x-samples.csv: exists; choose another --out or add --force"),
        err.toString());
    assertEquals(before, Files.readString(dir.resolve("x-cells.csv")));
    assertEquals(
        0, fsbench("export", "--csv", folder.toString(), "--out", prefix.toString(), "--force"));
    assertEquals(2, fsbench("export", folder.toString()));
    assertTrue(err.toString().contains("Missing required option: '--csv'"), err.toString());
  }

  @Test
  void reportTakesATargetAmongTheRunsBackends() throws IOException {
    Path folder = Files.createDirectory(dir.resolve("run"));
    RunJson.write(TestRuns.complete(TestRuns.twoFamilies()), folder.resolve(RunJson.FILE_NAME));
    assertEquals(2, fsbench("report", folder.toString(), "--target", "nio", "--recompute"));
    assertTrue(
        err.toString()
            .contains("target nio is not one of the run's backends other than nio: native"),
        err.toString());
    assertEquals(0, fsbench("report", folder.toString(), "--target", "native", "--out", "-"));
    assertTrue(
        out.toString().contains("| nio ms | native ms | native vs nio | verdict | best peer |"),
        out.toString());
  }

  @Test
  void runRefusesATargetItDoesNotMeasureAndAnUnknownProfiler() throws IOException {
    assertUsageError(
        run("--backends", "nio,test-twin", "--target", "native"),
        "--target native is not among the backends run: nio, test-twin");
    assertUsageError(
        run("--backends", "nio,test-twin", "--target", "nio"), "--target nio: nio is the baseline");
    assertUsageError(
        run("--backends", "nio", "--prof", "nosuchprofiler"), "--prof nosuchprofiler: ");
  }

  @Test
  void reportOfSomethingElseIsAClearError() throws IOException {
    Path notRun = Files.writeString(dir.resolve("package.json"), "{\"name\": \"x\"}");
    assertEquals(2, fsbench("report", notRun.toString()));
    assertTrue(
        err.toString().contains("has no integer schemaVersion: not an fsbench run.json"),
        err.toString());
    assertEquals(2, fsbench("report", dir.resolve("nothing").toString()));
    assertTrue(err.toString().contains("no run.json there"), err.toString());
  }

  @Test
  void compareFlagsASlowerCellAndCanFailOnIt() throws IOException {
    Route own = Route.own("x");
    Path before = Files.createDirectory(dir.resolve("before"));
    Path after = Files.createDirectory(dir.resolve("after"));
    RunJson.write(
        TestRuns.complete(
            List.of(
                TestRuns.cell(
                    "stat",
                    "batch-256",
                    "-",
                    Mode.SYNC,
                    "nio",
                    0,
                    own,
                    256,
                    0,
                    TestRuns.around(1_000_000)))),
        before.resolve(RunJson.FILE_NAME));
    RunJson.write(
        TestRuns.complete(
            List.of(
                TestRuns.cell(
                    "stat",
                    "batch-256",
                    "-",
                    Mode.SYNC,
                    "nio",
                    0,
                    own,
                    256,
                    0,
                    TestRuns.around(2_000_000)))),
        after.resolve(RunJson.FILE_NAME));
    assertEquals(0, fsbench("compare", before.toString(), after.toString()));
    assertTrue(out.toString().contains("0 faster, 1 slower"), out.toString());
    assertEquals(1, fsbench("compare", "--fail-on-slower", before.toString(), after.toString()));
    assertEquals(1, fsbench("compare", "--fail-on-change", before.toString(), after.toString()));
    assertEquals(0, fsbench("compare", "--fail-on-change", before.toString(), before.toString()));
    assertEquals(0, fsbench("compare", "--json", before.toString(), after.toString()));
    assertTrue(out.toString().contains("\"changed\" : 1"), out.toString());
    assertEquals(2, fsbench("compare", "--regime", "warm", before.toString(), after.toString()));
    assertEquals(
        1,
        fsbench(
            "compare",
            "--families",
            "stat",
            "--fail-on-slower",
            before.toString(),
            after.toString()));
    assertEquals(
        2, fsbench("compare", "--families", "stat,nope", before.toString(), after.toString()));
    assertTrue(
        err.toString().contains("--families: no family 'nope' in the runs; they have [stat]"),
        err.toString());
  }

  @Test
  void runJsonIsReadableAfterAFailedRunToo() throws IOException {
    // The report command must render a failed run as well as a complete one.
    Path folder = Files.createDirectory(dir.resolve("failed"));
    RunJson.write(
        new RunRecord(
            RunRecord.SCHEMA_VERSION,
            RunRecord.Status.FAILED,
            false,
            new RunRecord.Failure("a/b/c/sync/d", "d", "a", "b c", "sync", "boom"),
            "2026-11-30T01:00:00Z",
            "2026-11-30T01:00:01Z",
            TestRuns.environment("tmpfs"),
            TestRuns.settings(),
            List.of(),
            RunRecord.VerdictSummary.of(List.of()),
            List.of()),
        folder.resolve(RunJson.FILE_NAME));
    assertEquals(0, fsbench("report", folder.toString(), "--out", "-"));
    assertTrue(out.toString().contains("Incomplete run: it stopped at a failure"), out.toString());
  }
}
