package dev.fsbench.harness.cli;

import dev.fsbench.harness.results.ResultsFolder;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.run.BenchmarkRun;
import dev.fsbench.harness.run.Controls;
import dev.fsbench.harness.run.FloorCases;
import dev.fsbench.harness.run.HarnessFault;
import dev.fsbench.harness.run.Progress;
import dev.fsbench.harness.run.RunRequest;
import dev.fsbench.harness.run.StaleSandboxes;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code fsbench run}: measure the matrix and write a results folder. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Runs the benchmark matrix, several JMH forks per cell interleaved across backends, and writes run.json,"
          + " jmh.json and REPORT.md with two regimes (first-use, steady), intervals, verdicts and an A/A control.",
      "A failing cell stops the run (exit 1); the cases before it are kept, marked incomplete."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:every cell measured and verified (run.json: complete)",
      "1:a cell failed; the cases before it are kept (run.json: failed, failure.log)",
      "2:bad usage or input, refused before anything is written (an --out that is not empty or is"
          + " claimed by another run, a --root that does not exist, an unknown family)",
      "3:an I/O failure of the run's own files, e.g. a full --out; the message names the file and"
          + " the reason, and no partial file is left",
      "130:interrupted by Ctrl-C (SIGINT): run.json says interrupted and keeps the cases finished",
      "143:terminated by SIGTERM, recorded the same way (kill -9 cannot be: run.json says running,"
          + " and fsbench clean removes the sandbox left behind)"
    })
final class RunCommand implements Callable<Integer> {
  static final int DEFAULT_WARMUPS = 2;
  static final int DEFAULT_FORKS = 3;
  static final int QUICK_FORKS = 1;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand Fsbench fsbench;

  @Mixin Filters filters;

  @Option(
      names = "--quick",
      description =
          "One representative case per family (the overview row), one fork of 10 samples each unless given: a"
              + " smoke run of under three minutes. One fork cannot see fork-to-fork variance, so its intervals are too narrow.")
  boolean quick;

  @Option(
      names = "--warmups",
      paramLabel = "N",
      description = "Warmup iterations per fork (default: 2).")
  Integer warmups;

  @Option(
      names = "--samples",
      paramLabel = "N",
      description =
          "Measured iterations per fork for every cell (default per scenario: single and tree-4 100, batch-256 60,"
              + " 8MiB and tree-1000 20, tree-156k 10; quick: 10). The first 10 are the first-use regime; the steady one is"
              + " found in the whole series, so fewer than about 20 leave little to find it in.")
  Integer samples;

  @Option(
      names = "--forks",
      paramLabel = "N",
      description =
          "JMH forks per cell, interleaved across the case's backends (default: 3; quick: 1).")
  Integer forks;

  @Option(
      names = "--controls",
      paramLabel = "WHICH",
      defaultValue = "representative",
      description =
          "Cases that get the nio-aa A/A control, nio again in forks of its own: representative (each family's"
              + " overview case, both modes; default), all, or none.")
  String controls;

  @Option(
      names = "--floor",
      paramLabel = "WHICH",
      defaultValue = "representative",
      description =
          "Cases that get the floors beside the backends, sync mode: the same work with no JVM in the loop (the"
              + " native library's own loop, timed inside it; find, cp -r, rm -rf as whole processes):"
              + " representative (each family's overview case and the large trees; default), all, or none.")
  String floor;

  @Option(
      names = "--jvm",
      paramLabel = "JAVA",
      description =
          "The java executable every fork runs (e.g. another JDK's bin/java); run.json records its version.")
  Path jvm;

  @Option(
      names = "--root",
      paramLabel = "DIR",
      description =
          "Where the sandbox is created (default: the system temp dir). Its filesystem decides more than any"
              + " backend: /dev/shm (tmpfs) for software comparisons, a disk for a labelled disk run.")
  Path root;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "The results folder (default: results/<date>-<os>-<arch>[-label]).")
  Path out;

  @Option(
      names = "--label",
      paramLabel = "TEXT",
      description = "Appended to the results folder name and recorded, e.g. tmpfs.")
  String label;

  @Option(
      names = "--target",
      paramLabel = "ID",
      description =
          "The backend REPORT.md studies against its peers: its columns lead the overview, the other"
              + " backends follow as peers (default: native). One of --backends, not nio.")
  String target;

  @Option(
      names = "--prof",
      paramLabel = "NAME[:OPTS]",
      description =
          "A JMH profiler for every fork, as JMH's -prof takes it (gc, stack:lines=5, perfnorm, ...);"
              + " repeatable. Its numeric secondary metrics go into run.json per fork and per cell (the"
              + " median of the forks), e.g. gc.alloc.rate.norm in B/op; java -jar"
              + " harness/target/benchmarks.jar -lprof lists the profilers. A profiler perturbs what it"
              + " observes: compare figures only between runs with the same profilers.")
  List<String> profilers = new ArrayList<>();

  @Option(
      names = "--dry-run",
      description =
          "Print the cells the run would measure, and those it cannot, then exit; creates nothing.")
  boolean dryRun;

  @Override
  public Integer call() throws IOException {
    CommandLine cli = spec.commandLine();
    int w = warmups != null ? warmups : DEFAULT_WARMUPS;
    int f = forks != null ? forks : quick ? QUICK_FORKS : DEFAULT_FORKS;
    RunRequest request;
    try {
      if (label != null) {
        ResultsFolder.checkLabel(label);
      }
      if (jvm != null && !java.nio.file.Files.isExecutable(jvm)) {
        throw new IllegalArgumentException("--jvm " + jvm + " is not an executable file");
      }
      Path home = Home.dir();
      request =
          new RunRequest(
              filters.backends,
              filters.familySet(),
              filters.caseSet(),
              filters.modeSet(),
              w,
              samples,
              f,
              quick,
              filters.large,
              root != null ? root : Path.of(System.getProperty("java.io.tmpdir")),
              out,
              home.resolve("results"),
              label,
              home,
              Controls.ofLabel(controls),
              jvm == null ? null : jvm.toAbsolutePath().toString(),
              target,
              profilers,
              fsbench.outsideJars(),
              FloorCases.ofLabel(floor));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cli, e.getMessage());
    }
    if (dryRun) {
      return dryRun(request, cli.getOut());
    }
    PrintStream stdout =
        new PrintStream(new WriterOutputStream(cli.getOut()), true, StandardCharsets.UTF_8);
    PrintStream stderr =
        new PrintStream(new WriterOutputStream(cli.getErr()), true, StandardCharsets.UTF_8);
    BenchmarkRun.Result result;
    try {
      result = BenchmarkRun.execute(request, stdout, stderr);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cli, e.getMessage());
    } catch (HarnessFault e) {
      stderr.println("fsbench: the run stopped: " + e.getMessage());
      return Fsbench.HARNESS_FAULT;
    }
    return result.status() == RunRecord.Status.COMPLETE
        ? 0
        : result.status() == RunRecord.Status.INTERRUPTED ? Fsbench.INTERRUPTED : Fsbench.FAILED;
  }

  private Integer dryRun(RunRequest request, PrintWriter out) {
    BenchmarkRun.Plan plan;
    try {
      plan = BenchmarkRun.plan(request);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    StaleSandboxes.note(
        request.root(),
        new PrintStream(
            new WriterOutputStream(spec.commandLine().getErr()), true, StandardCharsets.UTF_8));
    plan.cells().forEach(c -> out.println(c.key().id()));
    plan.omitted().forEach(o -> out.println("not run: " + o.cell() + " (" + o.reason() + ")"));
    out.println(
        plan.cells().size()
            + " cells, "
            + plan.omitted().size()
            + " not run; "
            + request.warmups()
            + " warmups and "
            + (request.samples() == null
                ? "the default samples per scenario"
                : request.samples() + " samples")
            + " per fork, "
            + request.forks()
            + " fork(s) per cell; estimated "
            + Progress.clock(BenchmarkRun.estimateNanos(request, plan.cells())));
    out.flush();
    return 0;
  }
}
