package dev.fsbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.cli.Fsbench;
import dev.fsbench.harness.report.RunComparison;
import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.Cases;
import dev.fsbench.harness.results.ResultsFolder;
import dev.fsbench.harness.results.RunJson;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.results.SchemaCheck;
import dev.fsbench.harness.stats.Regime;
import dev.fsbench.harness.workload.Tmpfs;
import dev.fsbench.spi.Backends;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fsbench run} end to end: real JMH forks over a two-family matrix, nio against a test
 * backend, and a run that must stop at a backend whose writeFile writes nothing. Each costs a few
 * seconds of forks; they are the only tests here that start JVMs.
 */
class BenchmarkRunTest {
  @TempDir(factory = Tmpfs.class)
  Path root;

  @TempDir Path results;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int fsbench(String... args) {
    return Fsbench.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
  }

  @Test
  void smallMatrixWritesACompleteResultsFolder() throws IOException {
    Path folder = results.resolve("run");
    int exit =
        fsbench(
            "run",
            "--backends",
            "nio," + TwinProvider.ID,
            "--families",
            "stat,chown",
            "--cases",
            "single",
            "--modes",
            "sync",
            "--warmups",
            "1",
            "--samples",
            "3",
            "--forks",
            "2",
            "--controls",
            "all",
            "--root",
            root.toString(),
            "--out",
            folder.toString());
    assertEquals(0, exit, out + "\n" + err);

    assertTrue(Files.isRegularFile(folder.resolve(ResultsFolder.JMH_FILE)));
    assertEquals(List.of(), SchemaCheck.errors(folder.resolve(RunJson.FILE_NAME)));
    RunRecord run = RunJson.read(folder);
    assertEquals(RunRecord.Status.COMPLETE, run.status());
    assertTrue(run.complete());
    assertNotNull(run.finishedAt());
    assertEquals("stat", run.cases().get(1).family());
    assertEquals(List.of("nio", TwinProvider.ID), run.settings().backends());
    assertEquals(root.toAbsolutePath().toString(), run.environment().sandbox().root());
    assertNotNull(run.environment().sandbox().fileSystemType());

    CaseRecord chown = run.cases().get(0);
    assertEquals("chown", chown.family());
    assertEquals(List.of("nio", Cases.CONTROL), List.copyOf(chown.results().keySet()));
    assertEquals(
        List.of("chown/single/-/sync/" + TwinProvider.ID),
        run.omitted().stream().map(RunRecord.Omitted::cell).toList(),
        "the twin lacks OWNERSHIP");

    CaseRecord stat = run.cases().get(1);
    assertEquals("single default", stat.caseLabel());
    CaseRecord.BackendResult nio = stat.results().get("nio");
    CaseRecord.BackendResult twin = stat.results().get(TwinProvider.ID);
    CaseRecord.BackendResult control = stat.results().get(Cases.CONTROL);
    assertEquals(
        List.of("nio", TwinProvider.ID, Cases.CONTROL),
        List.copyOf(stat.results().keySet()),
        "--controls all");
    assertTrue(control.control());
    assertEquals(nio.route(), control.route(), "the control runs nio, so it has nio's route");
    assertNull(nio.regime(Regime.FIRST_USE).vsNio());
    assertNotNull(twin.regime(Regime.FIRST_USE).vsNio());
    assertNotNull(control.regime(Regime.FIRST_USE).vsNio());
    assertEquals(CaseRecord.RouteRecord.Kind.OWN, twin.route().kind());
    for (CaseRecord.BackendResult r : List.of(nio, twin, control)) {
      assertEquals(2 * 4, r.samples().size(), "two forks of one warmup and three samples");
      assertEquals(
          List.of(0, 1), r.samples().stream().map(CaseRecord.RawSample::fork).distinct().toList());
      assertTrue(r.samples().get(0).warmup());
      assertEquals(2, r.forks().size());
      assertEquals(6, r.regime(Regime.FIRST_USE).statistics().samples());
      assertEquals(2, r.regime(Regime.FIRST_USE).statistics().forks());
      assertTrue(
          r.samples().stream()
              .allMatch(s -> s.wallNanos() > 0 && s.bracketNanos() > 0 && s.gcCount() >= 0));
      assertTrue(r.runNanos() > 0);
      assertNotNull(r.cpuClock(), "the fork names its CPU clock");
    }

    String report = Files.readString(folder.resolve(ResultsFolder.REPORT_FILE));
    assertTrue(report.contains("## Overview, steady"));
    assertTrue(report.contains("| stat | single default | sync | "), report);
    assertTrue(report.contains("A/A control"), report);
    assertTrue(report.contains("| chown | single | sync | "), report);
    assertTrue(report.contains("## Cells not run"));
    assertTrue(out.toString().contains("[3/3] stat/single/symlink/sync"), out.toString());
    assertTrue(
        out.toString().contains("round 1 of 2 of cases 1-3 done"),
        "a matrix this small is one block: " + out);
    assertEquals((int) Rounds.ROUND_SPAN.toSeconds(), run.settings().method().roundSeconds());
    assertTrue(report.contains("rounds about 150 s apart"), report);
    assertEquals(2, run.settings().method().steadyVerdictForks());
    assertTrue(
        report.contains(
            "a steady figure from fewer than 2 settled forks of several is shown without a verdict"),
        report);
    assertSandboxGone();
  }

  @Test
  void brokenBackendStopsTheRunNamingBackendFamilyCaseAndMode() throws IOException {
    String broken = "test-broken-writefile";
    Path folder = results.resolve("broken");
    int exit =
        fsbench(
            "run",
            "--backends",
            "nio," + broken,
            "--families",
            "writeFile",
            "--cases",
            "single buffer",
            "--modes",
            "sync",
            "--warmups",
            "1",
            "--samples",
            "2",
            "--root",
            root.toString(),
            "--out",
            folder.toString());
    assertEquals(1, exit, out + "\n" + err);
    String message = err.toString();
    assertTrue(
        message.contains(
            "FAILED: backend " + broken + ", family writeFile, case single buffer, mode sync"),
        message);

    assertEquals(List.of(), SchemaCheck.errors(folder.resolve(RunJson.FILE_NAME)));
    RunRecord run = RunJson.read(folder);
    assertEquals(RunRecord.Status.FAILED, run.status());
    assertFalse(run.complete());
    assertEquals("writeFile/single/buffer/sync/" + broken, run.failure().cell());
    assertEquals(
        List.of(), run.cases(), "the failing case is not kept: its forks did not all finish");
    assertTrue(
        Files.readString(folder.resolve(ResultsFolder.REPORT_FILE)).contains("Incomplete run"));
    assertTrue(Files.isRegularFile(folder.resolve(ResultsFolder.FAILURE_LOG)));
    assertSandboxGone();
  }

  /**
   * A full measured filesystem: the workload's own ENOSPC is the failure reported, naming the file,
   * not a samples file that could not be appended to (the samples live in the results folder's
   * claim, {@link FullDiskProvider} checks it in the fork).
   */
  @Test
  void aFullSandboxFailsTheCellNamingENOSPCAndTheFile() throws IOException {
    Path folder = results.resolve("full");
    int exit =
        fsbench(
            "run",
            "--backends",
            FullDiskProvider.ID,
            "--families",
            "writeFile",
            "--cases",
            "single buffer",
            "--modes",
            "sync",
            "--warmups",
            "1",
            "--samples",
            "2",
            "--controls",
            "none",
            "--root",
            root.toString(),
            "--out",
            folder.toString());
    assertEquals(1, exit, out + "\n" + err);
    RunRecord run = RunJson.read(folder);
    assertEquals(RunRecord.Status.FAILED, run.status());
    String message = run.failure().message();
    assertTrue(message.contains("No space left on device"), message);
    assertTrue(message.contains(root.toString()), "names the file in the sandbox: " + message);
    assertFalse(message.contains("samples file"), message);
    assertFalse(Files.exists(folder.resolve(ResultsFolder.CLAIM)), "the claim is released");
    assertSandboxGone();
  }

  /**
   * The same two cells measured twice, the second time with {@link SleepyProvider}'s switch on (its
   * stat sleeps 2 ms): {@code compare} must name exactly the slowed backend's cells as slower.
   * nio's cells are not asserted: with two forks of ten samples they are allowed to be noise.
   */
  @Test
  void compareReportsADeliberatelySlowedBackend() throws IOException {
    Path normal = results.resolve("normal");
    Path slowed = results.resolve("slowed");
    String[] run = {
      "run",
      "--backends",
      "nio," + SleepyProvider.ID,
      "--families",
      "stat",
      "--cases",
      "single",
      "--modes",
      "sync",
      "--warmups",
      "1",
      "--samples",
      "10",
      "--forks",
      "2",
      "--controls",
      "none",
      "--root",
      root.toString(),
      "--out"
    };
    assertEquals(0, fsbench(append(run, normal.toString())), out + "\n" + err);
    Path on = Files.createFile(root.resolve(SleepyProvider.SWITCH));
    try {
      assertEquals(0, fsbench(append(run, slowed.toString())), out + "\n" + err);
    } finally {
      Files.delete(on);
    }
    out.getBuffer().setLength(0);
    assertEquals(
        1,
        fsbench(
            "compare",
            "--regime",
            "first-use",
            "--fail-on-slower",
            normal.toString(),
            slowed.toString()));
    RunComparison diff =
        RunComparison.of(RunJson.read(normal), RunJson.read(slowed), Regime.FIRST_USE, 0.05);
    assertEquals(
        List.of(
            "stat/single/default/sync/" + SleepyProvider.ID,
            "stat/single/symlink/sync/" + SleepyProvider.ID),
        diff.slower().stream()
            .map(RunComparison.Row::cell)
            .filter(c -> c.endsWith(SleepyProvider.ID))
            .toList(),
        out.toString());
    assertTrue(
        diff.slower().stream()
            .allMatch(r -> r.ratio() < 0.5 || !r.cell().endsWith(SleepyProvider.ID)),
        "2 ms of sleep on a call of about 20 us is a large slowdown");
    assertTrue(
        out.toString().contains("| stat/single/default/sync/" + SleepyProvider.ID + " |"),
        out.toString());
    assertSandboxGone();
  }

  /**
   * A quick run of stat and readdir, sync, nio alone: the floors run beside it on the same cases
   * (whatever backends are selected), their samples are the time the floor measured, and REPORT.md
   * shows nio's distance to them.
   */
  @Test
  void aQuickRunRecordsTheFloorsAndTheReportShowsTheDistance() throws IOException {
    Assumptions.assumeTrue(
        Backends.floor("floor").map(f -> f.availability().isAvailable()).orElse(false),
        "the native library's floor is unavailable in this build");
    Path folder = results.resolve("floors");
    int exit =
        fsbench(
            "run",
            "--quick",
            "--families",
            "stat,readdir",
            "--backends",
            "nio",
            "--modes",
            "sync",
            "--warmups",
            "1",
            "--samples",
            "3",
            "--controls",
            "none",
            "--root",
            root.toString(),
            "--out",
            folder.toString());
    assertEquals(0, exit, out + "\n" + err);
    assertEquals(List.of(), SchemaCheck.errors(folder.resolve(RunJson.FILE_NAME)));
    RunRecord run = RunJson.read(folder);
    assertEquals(List.of("floor", "floor-find"), run.settings().floors());
    assertEquals("representative", run.settings().method().floorCases());

    CaseRecord readdir = run.cases().get(0);
    CaseRecord stat = run.cases().get(1);
    assertEquals("stat", stat.family());
    assertEquals(List.of("nio", "floor"), List.copyOf(stat.results().keySet()));
    assertEquals(List.of("nio", "floor", "floor-find"), List.copyOf(readdir.results().keySet()));
    assertEquals("native-loop", stat.results().get("floor").timing());
    assertEquals("process", readdir.results().get("floor-find").timing());
    for (CaseRecord c : List.of(stat, readdir)) {
      for (CaseRecord.BackendResult r : c.results().values()) {
        if (r.isFloor()) {
          assertNull(r.regime(Regime.FIRST_USE).vsNio(), "a floor is not compared with nio");
          assertTrue(
              r.samples().stream()
                  .allMatch(s -> s.wallNanos() > 0 && s.wallNanos() <= s.bracketNanos()),
              "a floor's time lies inside the fork's bracket around the call: " + r.samples());
        }
      }
      CaseRecord.Distance d =
          c.results().get("nio").regime(Regime.FIRST_USE).vsFloor().get("floor");
      assertTrue(d.ratio() > 0 && d.low() <= d.ratio() && d.ratio() <= d.high(), d.toString());
    }
    assertEquals(0, run.verdicts().firstUse().comparisons(), "nothing is compared with nio");

    String report = Files.readString(folder.resolve(ResultsFolder.REPORT_FILE));
    assertTrue(
        report.contains("| verdict | floor ms | nio vs floor | native vs floor |\n"), report);
    String firstUse = report.substring(report.indexOf("## Overview, first-use"));
    String row =
        firstUse
            .lines()
            .filter(l -> l.startsWith("| stat | batch-256 default | sync | "))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no stat row in the overview:\n" + report));
    // Three samples a fork leave no steady state: the first-use overview has the figures; native
    // (the default target) did not run.
    assertTrue(row.matches(".*\\| [0-9.]+ \\| [0-9.]+x \\[[0-9.]+, [0-9.]+\\] \\| — \\|"), row);
    assertTrue(report.contains("| floor-find | process | yes | readdir |"), report);
    assertSandboxGone();
  }

  private static String[] append(String[] args, String last) {
    String[] out = java.util.Arrays.copyOf(args, args.length + 1);
    out[args.length] = last;
    return out;
  }

  private void assertSandboxGone() throws IOException {
    try (Stream<Path> left = Files.list(root)) {
      assertEquals(List.of(), left.toList(), "the sandbox must be removed");
    }
  }
}
