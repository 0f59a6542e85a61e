package dev.fsbench.harness.cli;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.results.ResultsFolder;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.run.BenchmarkRun;
import dev.fsbench.harness.run.Controls;
import dev.fsbench.harness.run.CostEstimate;
import dev.fsbench.harness.run.FloorCases;
import dev.fsbench.harness.run.HarnessFault;
import dev.fsbench.harness.run.Progress;
import dev.fsbench.harness.run.RoutesSetting;
import dev.fsbench.harness.run.RunPlan;
import dev.fsbench.harness.run.RunRequest;
import dev.fsbench.harness.run.StaleSandboxes;
import dev.fsbench.harness.run.TreeOptions;
import dev.fsbench.harness.workload.matrix.Matrix;
import dev.fsbench.harness.workload.tree.TreeSnapshot;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
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
          + " samples.jsonl.gz, jmh.json.gz and REPORT.md with two regimes (first-use, steady), intervals, verdicts and an A/A control.",
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
          "Measured iterations per fork for every cell (default per scenario: single 100, batch-256 60, 8MiB 20;"
              + " a tree's by its entries: tree-4 100, tree-64 80, tree-256 40, tree-1000 20, tree-4000 15, 10 from"
              + " 16,000 entries on; quick: 10). The first 10 are the first-use regime; the steady one is found in the"
              + " whole series, so fewer than about 20 leave little to find it in.")
  Integer samples;

  @Option(
      names = "--forks",
      paramLabel = "N",
      description =
          "JMH forks per cell, interleaved across the case's backends and spread in rounds over"
              + " blocks of cases about 150 s apart, so that a case's forks draw several states of"
              + " a drifting machine; a case is written when its block ends (default: 3; quick: 1).")
  Integer forks;

  @Option(
      names = "--controls",
      paramLabel = "WHICH",
      description =
          "Cases that get the nio-aa A/A control, nio again in forks of its own: representative (each family's"
              + " overview case, both modes; default), all, or none (the default with --quick: one fork cannot"
              + " support the verdicts the control checks, and it was a sixth of the quick run).")
  String controls;

  @Option(
      names = "--floor",
      paramLabel = "WHICH",
      defaultValue = "representative",
      description =
          "Cases that get the floors beside the backends, sync mode: the same work with no JVM in the loop (the"
              + " native library's own loop, timed inside it; find, cp -r, rm -rf as whole processes):"
              + " representative (each family's overview case and the large trees, and every case of --sweep,"
              + " --real-trees and --tree; default), all, or none.")
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
      names = "--sweep",
      description =
          "Instead of the default matrix: the size sweep, readdir, glob, scan, cp and rm on the synthetic tree at 4,"
              + " 16, 64, 256, 1000, 4000 and 16000 files (156,250 with --large), each backend at its default"
              + " concurrency. REPORT.md then shows where native starts to win (notebooks/scaling.ipynb draws it).")
  boolean sweep;

  @Option(
      names = "--real-trees",
      description =
          "Instead of the default matrix (or beside --sweep, --tree): the tree families on real-shaped trees"
              + " built in the sandbox: jdk-src (the forks' JDK's lib/src.zip extracted; omitted, with the reason,"
              + " where it has none), links-dots (links, dangling links, dot files, empty directories) and wide-100k"
              + " (one directory of 100,000 entries).")
  boolean realTrees;

  @Option(
      names = "--tree",
      paramLabel = "DIR",
      description =
          "Instead of the default matrix (or beside --sweep, --real-trees): the tree families on a snapshot of DIR,"
              + " copied once into the sandbox (DIR is only read, once; special files are skipped and counted)."
              + " run.json records its shape and manifest hash, never its names.")
  Path tree;

  @Option(
      names = "--glob",
      paramLabel = "PATTERN",
      description =
          "A glob pattern of your own for the prepared trees of --tree and --real-trees (repeatable, at most 8),"
              + " beside the built-in **/*, * and **/*.*; quote it for the shell.")
  List<String> globs = new ArrayList<>();

  @Option(
      names = "--tree-max-entries",
      paramLabel = "N",
      description = "The most entries --tree DIR may hold (default: 200000).")
  Long treeMaxEntries;

  @Option(
      names = "--tree-max-bytes",
      paramLabel = "SIZE",
      description =
          "The most bytes of files --tree DIR may hold, e.g. 4GiB or 500MiB (default: 1GiB): the snapshot"
              + " and cp's copy of it live in the sandbox, on tmpfs in memory.")
  String treeMaxBytes;

  @Option(
      names = "--cold",
      description =
          "Drop the page cache (sync, then 3 into /proc/sys/vm/drop_caches) before every warmup and sample,"
              + " outside the timed region, and record it. Needs root and a writable /proc/sys; refused otherwise"
              + " before anything runs. Meaningful on a disk (--root), not on tmpfs.")
  boolean cold;

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
      TreeSnapshot.Limits defaults = TreeSnapshot.Limits.DEFAULT;
      TreeOptions trees =
          new TreeOptions(
              sweep,
              realTrees,
              tree,
              globs,
              new TreeSnapshot.Limits(
                  treeMaxEntries != null ? treeMaxEntries : defaults.maxEntries(),
                  treeMaxBytes != null ? Sizes.parse(treeMaxBytes) : defaults.maxBytes()));
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
              Controls.ofLabel(controls != null ? controls : quick ? "none" : "representative"),
              jvm == null ? null : jvm.toAbsolutePath().toString(),
              target,
              profilers,
              fsbench.outsideJars(),
              FloorCases.ofLabel(floor),
              trees,
              cold,
              RoutesSetting.configured());
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cli, e.getMessage());
    }
    // routed compares its routes' filesystem with the sandbox's, in this process's probe too
    try (TemporaryProperty dir =
        TemporaryProperty.set(RoutesSetting.DIRECTORY, request.root().toString())) {
      return dryRun ? dryRun(request, cli.getOut()) : run(request, cli);
    }
  }

  private Integer run(RunRequest request, CommandLine cli) throws IOException {
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

  private Integer dryRun(RunRequest request, PrintWriter out) throws IOException {
    RunPlan plan;
    TreeSnapshot.Survey survey = null;
    try {
      plan = RunPlan.of(request);
      if (request.trees().dir() != null) {
        survey = TreeSnapshot.survey(request.trees().dir(), request.trees().limits());
      }
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    StaleSandboxes.note(
        request.root(),
        new PrintStream(
            new WriterOutputStream(spec.commandLine().getErr()), true, StandardCharsets.UTF_8));
    plan.cells().forEach(c -> out.println(c.key().id()));
    printOmitted(plan.omitted(), out);
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
            + " fork(s) per cell"
            + (request.cold() ? ", the page cache dropped before every iteration" : "")
            + floorSummary(request, plan)
            + "; estimated "
            + Progress.clock(CostEstimate.nanos(request, plan.cells(), survey))
            + " on the cost model's machine (a run measures this one's pace first)");
    if (survey != null) {
      out.println(
          String.format(
              "--tree: %,d entries (%,d files, %,d directories, %,d links), %,d bytes of files%s; read"
                  + " from its metadata only, its shape is recorded when the run copies it",
              survey.entries(),
              survey.files(),
              survey.directories(),
              survey.links(),
              survey.bytes(),
              survey.special() == 0
                  ? ""
                  : String.format(
                      ", %,d special files that the snapshot skips", survey.special())));
    }
    out.flush();
    return 0;
  }

  /** Which floors the plan measures, in how many cells; empty when it has none. */
  private static String floorSummary(RunRequest request, RunPlan plan) {
    if (plan.floors().isEmpty()) {
      return request.floors() == FloorCases.NONE ? "; no floors (--floor none)" : "; no floors";
    }
    Set<String> ids =
        plan.floors().stream().map(f -> f.id()).collect(Collectors.toCollection(TreeSet::new));
    long cells = plan.cells().stream().filter(c -> ids.contains(c.key().backend())).count();
    return "; floors "
        + plan.floors().stream().map(f -> f.id()).collect(Collectors.joining(", "))
        + " in "
        + cells
        + " of them ("
        + request.floors().label()
        + " sync cases)";
  }

  /**
   * The cells not run, each with its reason; those a backend serves through nio one line per
   * backend, with their families (a peer may serve most families so, in every case and mode).
   */
  private static void printOmitted(List<RunRecord.Omitted> omitted, PrintWriter out) {
    Map<String, Set<String>> fallbacks = new LinkedHashMap<>();
    for (RunRecord.Omitted o : omitted) {
      if (o.reason().startsWith(Matrix.NIO_FALLBACK_PREFIX)) {
        CellKey key = CellKey.parse(o.cell());
        fallbacks.computeIfAbsent(key.backend(), b -> new TreeSet<>()).add(key.family());
      } else {
        out.println("not run: " + o.cell() + " (" + o.reason() + ")");
      }
    }
    fallbacks.forEach(
        (backend, families) ->
            out.println(
                "not run: "
                    + backend
                    + " in "
                    + String.join(", ", families)
                    + " (it serves them through nio: measured as nio, not again)"));
  }
}
