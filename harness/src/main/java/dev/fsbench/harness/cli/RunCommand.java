package dev.fsbench.harness.cli;

import dev.fsbench.harness.results.ResultsFolder;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.run.BenchmarkRun;
import dev.fsbench.harness.run.RunRequest;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code fsbench run}: measure the matrix and write a results folder. */
@Command(name = "run", mixinStandardHelpOptions = true,
    description = {"Runs the benchmark matrix, one JMH fork per cell, and writes run.json, jmh.json and REPORT.md.",
        "A failing cell stops the run (exit 1); the cells before it are kept, marked incomplete."})
final class RunCommand implements Callable<Integer> {
  static final int DEFAULT_WARMUPS = 2;
  static final int DEFAULT_SAMPLES = 10;
  static final int QUICK_WARMUPS = 1;
  static final int QUICK_SAMPLES = 3;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Mixin Filters filters;

  @Option(names = "--quick",
      description = "One representative case per family (the overview row), 1 warmup and 3 samples unless given: a smoke run"
          + " of a few minutes. With 3 samples no ranking can be robust.")
  boolean quick;

  @Option(names = "--warmups", paramLabel = "N", description = "Warmup iterations per fork (default: 2; quick: 1).")
  Integer warmups;

  @Option(names = "--samples", paramLabel = "N", description = "Measured samples per fork (default: 10; quick: 3).")
  Integer samples;

  @Option(names = "--forks", paramLabel = "N", defaultValue = "1", description = "JMH forks per cell (default: ${DEFAULT-VALUE}).")
  int forks;

  @Option(names = "--root", paramLabel = "DIR",
      description = "Where the sandbox is created (default: the system temp dir). Its filesystem decides more than any"
          + " backend: /dev/shm (tmpfs) for software comparisons, a disk for a labelled disk run.")
  Path root;

  @Option(names = "--out", paramLabel = "DIR", description = "The results folder (default: results/<date>-<os>-<arch>[-label]).")
  Path out;

  @Option(names = "--label", paramLabel = "TEXT", description = "Appended to the results folder name and recorded, e.g. tmpfs.")
  String label;

  @Option(names = "--dry-run", description = "Print the cells the run would measure, and those it cannot, then exit; creates nothing.")
  boolean dryRun;

  @Override
  public Integer call() throws IOException {
    CommandLine cli = spec.commandLine();
    int w = warmups != null ? warmups : quick ? QUICK_WARMUPS : DEFAULT_WARMUPS;
    int s = samples != null ? samples : quick ? QUICK_SAMPLES : DEFAULT_SAMPLES;
    RunRequest request;
    try {
      if (label != null) {
        ResultsFolder.checkLabel(label);
      }
      Path home = Home.dir();
      request = new RunRequest(filters.backends, filters.familySet(), filters.caseSet(), filters.modeSet(), w, s, forks, quick,
          filters.large, root != null ? root : Path.of(System.getProperty("java.io.tmpdir")), out, home.resolve("results"), label, home);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cli, e.getMessage());
    }
    if (dryRun) {
      return dryRun(request, cli.getOut());
    }
    PrintStream stdout = new PrintStream(new WriterOutputStream(cli.getOut()), true, StandardCharsets.UTF_8);
    PrintStream stderr = new PrintStream(new WriterOutputStream(cli.getErr()), true, StandardCharsets.UTF_8);
    BenchmarkRun.Result result;
    try {
      result = BenchmarkRun.execute(request, stdout, stderr);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cli, e.getMessage());
    }
    return result.status() == RunRecord.Status.COMPLETE ? 0
        : result.status() == RunRecord.Status.INTERRUPTED ? Fsbench.INTERRUPTED : Fsbench.FAILED;
  }

  private Integer dryRun(RunRequest request, PrintWriter out) {
    BenchmarkRun.Plan plan;
    try {
      plan = BenchmarkRun.plan(request);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    plan.cells().forEach(c -> out.println(c.key().id()));
    plan.omitted().forEach(o -> out.println("not run: " + o.cell() + " (" + o.reason() + ")"));
    out.println(plan.cells().size() + " cells, " + plan.omitted().size() + " not run; " + request.warmups() + " warmups and "
        + request.samples() + " samples per fork, " + request.forks() + " fork(s) per cell");
    out.flush();
    return 0;
  }
}
