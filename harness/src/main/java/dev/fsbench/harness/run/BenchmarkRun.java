package dev.fsbench.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.fsbench.harness.bench.PageCache;
import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.model.TreeShape;
import dev.fsbench.harness.report.MarkdownReport;
import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.Cases;
import dev.fsbench.harness.results.CellOutcome;
import dev.fsbench.harness.results.Environment;
import dev.fsbench.harness.results.EnvironmentProbe;
import dev.fsbench.harness.results.ResultsFolder;
import dev.fsbench.harness.results.RunJson;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.workload.BackendSummary;
import dev.fsbench.harness.workload.Matrix;
import dev.fsbench.harness.workload.MatrixSpec;
import dev.fsbench.harness.workload.PreparedTrees;
import dev.fsbench.harness.workload.Suite;
import dev.fsbench.harness.workload.TreeSnapshot;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code fsbench run}: plans the matrix, runs every cell in several JMH forks inside a fresh
 * sandbox, and keeps the results folder current as the cases finish, so that a failure, Ctrl-C or a
 * kill leaves the cases measured so far.
 *
 * <p>Forks run in rounds ({@link Rounds}): within a case, fork 1 of every backend (nio, commons-io,
 * native, the nio-aa control, in an order shuffled per round), then fork 2 of each, so that drift
 * of the machine hits every backend alike instead of the one that happened to run last; and the
 * cases run in blocks, round 1 of every case of the block before round 2 of any, so that a case's
 * forks are minutes apart and draw several states of the machine, not one. A case's statistics are
 * computed once, when its block's last round ends.
 *
 * <p>Order of events: the backends are probed (capabilities, routes, details) and the matrix
 * planned before anything is created, so a bad filter costs nothing, and stale sandboxes in the
 * root are named ({@link StaleSandboxes}); then the sandbox is created and a shutdown hook guards
 * the run until it ends; then everything run.json needs is gathered and the results folder is
 * claimed, so that from the claim on, Ctrl-C or SIGTERM at any moment (the class-data archive being
 * made included) leaves a run.json marked interrupted; run.json is rewritten after every case. A
 * cell that fails stops the run: a figure measured after a broken one would be evidence of nothing.
 * An I/O failure of the run's own files after the claim is a {@link HarnessFault}.
 */
public final class BenchmarkRun {

  /**
   * How the run ended.
   *
   * @param folder the results folder
   * @param status complete, failed or interrupted
   * @param failure the failure message, {@code null} unless failed
   */
  public record Result(Path folder, RunRecord.Status status, String failure) {}

  /**
   * What a request selects, planned without running anything.
   *
   * @param catalog every backend on the class path, probed
   * @param backends the backends to run, in column order
   * @param cells the cells, in run order
   * @param omitted the selected cells a backend cannot run, with the reason
   * @param floors the floors with cells among {@code cells}, in column order
   * @param javaHome the forks' JDK (the source of jdk-src)
   */
  public record Plan(
      BackendCatalog catalog,
      List<BackendCatalog.Probe> backends,
      List<CellPlan> cells,
      List<RunRecord.Omitted> omitted,
      List<BackendCatalog.FloorProbe> floors,
      Path javaHome) {}

  private static final String USER_TREE = "user-tree";

  private final RunRequest request;
  private final PrintStream out;
  private final PrintStream err;
  private final Object lock = new Object();

  // Guarded by lock: the run's state as the shutdown hook may need to write it. Cases hold
  // provisional verdicts;
  // every write decides them over all cases so far.
  private final List<CaseRecord> cases = new ArrayList<>();
  private final ArrayNode jmh = RunJson.mapper().createArrayNode();
  private boolean ended;

  // Set once by the main thread before the cells run, read by the shutdown hook's thread: volatile,
  // not locked.
  private volatile Sandbox sandbox;
  private volatile ResultsFolder folder;
  private volatile Environment environment;
  private volatile RunRecord.Settings settings;
  private volatile String startedAt;
  private volatile List<RunRecord.Omitted> omitted = List.of();
  private volatile Map<String, TreeShape> trees = Map.of();
  private volatile Map<String, Sampling.TreeSize> sizes = Map.of();

  /** Set by the shutdown hook: what the main thread then meets is the hook's doing. */
  private volatile boolean interrupted;

  private BenchmarkRun(RunRequest request, PrintStream out, PrintStream err) {
    this.request = request;
    this.out = out;
    this.err = err;
  }

  /**
   * Runs the request. Bad input (unknown backend or family, a filter that selects nothing) is an
   * {@link IllegalArgumentException} before anything is created; an I/O problem with the sandbox or
   * the results folder is an {@link IOException}; a failing cell is a {@link Result} with status
   * failed.
   */
  public static Result execute(RunRequest request, PrintStream out, PrintStream err)
      throws IOException {
    return new BenchmarkRun(request, out, err).execute();
  }

  private Result execute() throws IOException {
    Plan plan = plan(request);
    BackendCatalog catalog = plan.catalog();
    List<BackendCatalog.Probe> backends = plan.backends();
    if (request.backends().isEmpty()) {
      for (BackendCatalog.Probe p : catalog.unavailable()) {
        err.println(
            "note: backend " + p.id() + " is unavailable here and is not measured: " + p.reason());
      }
    }
    if (request.floors() != FloorCases.NONE) {
      for (BackendCatalog.FloorProbe f : catalog.floors()) {
        if (!f.available()) {
          err.println(
              "note: floor " + f.id() + " is unavailable here and is not measured: " + f.reason());
        }
      }
    }
    List<CellPlan> plans = plan.cells();
    omitted = plan.omitted();
    StaleSandboxes.note(request.root(), err);

    sandbox = Sandbox.create(request.root());
    Thread hook = new Thread(this::onShutdown, "fsbench-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    boolean claimed = false;
    try {
      RunTrees prepared = RunTrees.prepare(request, plan, sandbox, out, err);
      plans = prepared.cells();
      omitted = prepared.omitted();
      trees = prepared.shapes();
      sizes = prepared.sizes();
      List<BackendCatalog.FloorProbe> floors = floorsOf(plan.floors(), plans);
      // what every fork must be told, the class-data archive's training fork included
      List<String> forkProperties =
          Stream.concat(
                  prepared.forkArgs().stream(),
                  RoutesSetting.forkArgs(request.routes(), sandbox.work()).stream())
              .toList();
      List<String> coldArgs =
          request.cold() ? List.of("-D" + PageCache.PROPERTY + "=true") : List.of();
      // Everything run.json needs is known before the folder is claimed: from the claim on, the
      // shutdown hook can record an interrupted run, even one stopped while the class-data archive
      // is being made.
      startedAt = now();
      environment = environment(catalog);
      settings =
          settings(
              backends,
              floors,
              Stream.concat(forkProperties.stream(), coldArgs.stream()).toList(),
              plans);
      if (request.cold() && "tmpfs".equals(environment.sandbox().fileSystemType())) {
        err.println(
            "note: --cold on tmpfs: its files are the page cache, so a drop evicts none of the"
                + " sandbox's; a cold run means something on a disk");
      }
      String os = System.getProperty("os.name");
      String arch = System.getProperty("os.arch");
      folder =
          request.out() != null
              ? ResultsFolder.createAt(request.out())
              : ResultsFolder.createUnique(
                  request.resultsParent(),
                  ResultsFolder.name(LocalDate.now(), os, arch, request.label()));
      claimed = true;
      RunOwner.current().withResults(folder.dir()).writeTo(folder.scratch());
      sandbox.recordResults(folder.dir());
      checkpoint();
      // The training fork runs its cell as the measured forks will (the prepared trees), warm.
      List<String> forkArgs =
          new ArrayList<>(
              ClassDataArchive.prepare(
                  plans.get(0),
                  sandbox.work(),
                  folder.scratch(),
                  request.jvm(),
                  forkProperties,
                  err));
      forkArgs.addAll(forkProperties);
      forkArgs.addAll(coldArgs);
      settings = settings(backends, floors, forkArgs, plans);
      checkpoint();
      pace =
          Calibration.measure(
              (cell, name, samples) -> {
                JmhCell calibrating = calibrationCell(forkArgs);
                calibrating.run(cell, name, samples, 0);
                calibrating.discard(name);
              },
              request.warmups(),
              System::nanoTime,
              err);
      checkpoint();
      out.println(
          "fsbench: "
              + plans.size()
              + " cells x "
              + request.forks()
              + " forks, "
              + backends.stream().map(BackendCatalog.Probe::id).collect(Collectors.joining(", "))
              + (request.controls() == Controls.NONE
                  ? ""
                  : " and the nio-aa control (" + request.controls().label() + " cases)")
              + (floors.isEmpty()
                  ? ""
                  : "; floors "
                      + floors.stream()
                          .map(BackendCatalog.FloorProbe::id)
                          .collect(Collectors.joining(", "))
                      + " ("
                      + request.floors().label()
                      + " sync cases)")
              + "; estimated "
              + Progress.clock(estimateNanos(request, plans, sizes, pace))
              + " ("
              + Calibration.describe(pace)
              + "); sandbox "
              + sandbox.dir()
              + " ("
              + environment.sandbox().fileSystemType()
              + "); results "
              + folder.dir());
      checkpoint();
      return runCells(plans, backends, floors, forkArgs);
    } catch (IOException e) {
      if (interrupted) {
        // the shutdown hook ended the run and took the files away under the main thread
        return new Result(folder.dir(), RunRecord.Status.INTERRUPTED, null);
      }
      throw claimed && !(e instanceof HarnessFault) ? new HarnessFault(e) : e;
    } finally {
      closeSandbox();
      releaseFolder();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running or has run: it owns the ending
      }
    }
  }

  /** The machine's pace against the cost model's, measured before the estimate is printed. */
  private Sampling.Pace pace = Sampling.Pace.MODEL;

  /** A JMH cell runner for the calibration forks: the run's own fork flags, no profiler. */
  private JmhCell calibrationCell(List<String> forkArgs) {
    return new JmhCell(
        request.warmups(),
        sandbox.work(),
        folder.scratch(),
        forkArgs,
        request.jvm(),
        List.of(),
        err);
  }

  private Result runCells(
      List<CellPlan> plans,
      List<BackendCatalog.Probe> backends,
      List<BackendCatalog.FloorProbe> floors,
      List<String> forkArgs)
      throws IOException {
    Map<String, Map<Op, Route>> routesById = new LinkedHashMap<>();
    backends.forEach(p -> routesById.put(p.id(), p.routes()));
    floors.forEach(f -> routesById.put(f.id(), f.routes()));
    Map<String, String> timingById = new LinkedHashMap<>();
    floors.forEach(f -> timingById.put(f.id(), f.timing().label()));
    Sampling sampling = sampling(request, sizes);
    long start = System.nanoTime();
    JmhCell jmhCell =
        new JmhCell(
            request.warmups(),
            sandbox.work(),
            folder.scratch(),
            forkArgs,
            request.jvm(),
            Profilers.check(request.profilers()),
            err);
    List<List<CellPlan>> byCase = groupByCase(plans);
    List<List<Integer>> blocks =
        Rounds.blocks(
            byCase,
            casePlans -> estimateNanos(request, casePlans, sizes) / request.forks(),
            Rounds.spanNanos(request.forks()));
    Progress progress =
        new Progress(out, byCase.size(), start, estimateNanos(request, plans, sizes, pace));
    int forkNumber = 0;
    for (List<Integer> block : blocks) {
      Map<Integer, CaseForks> measuring = new LinkedHashMap<>();
      int last = block.get(block.size() - 1);
      long blockNanos = 0;
      for (int c : block) {
        blockNanos += estimateNanos(request, byCase.get(c), sizes, pace);
      }
      for (int round = 0; round < request.forks(); round++) {
        for (int c : block) {
          CaseForks forks = measuring.computeIfAbsent(c, k -> new CaseForks());
          for (CellPlan plan : Rounds.order(byCase.get(c), round)) {
            String name = "fork-" + forkNumber++;
            long forkStart = System.nanoTime();
            JmhCell.Outcome outcome;
            try {
              outcome = jmhCell.run(plan, name, sampling.samples(plan), round);
            } catch (JmhCell.CellFailure failure) {
              if (isEnded()) {
                return new Result(folder.dir(), RunRecord.Status.INTERRUPTED, null);
              }
              progress.caseFailed(c + 1, plan.key().id(), System.nanoTime());
              return fail(plan.key(), failure.getMessage(), jmhCell.logTail(name, 60));
            }
            jmhCell.discard(name);
            forks.add(plan, round, outcome, System.nanoTime() - forkStart);
            synchronized (lock) {
              if (ended) {
                return new Result(folder.dir(), RunRecord.Status.INTERRUPTED, null);
              }
              jmh.addAll((ArrayNode) asArray(outcome.jmhJson()));
            }
          }
        }
        if (round + 1 < request.forks()) {
          progress.roundDone(
              block.get(0) + 1,
              last + 1,
              round + 1,
              request.forks(),
              System.nanoTime(),
              blockNanos / request.forks() * (request.forks() - round - 1)
                  + remainingNanos(request, byCase, last + 1, sizes, pace));
        }
      }
      long now = System.nanoTime();
      long left = remainingNanos(request, byCase, last + 1, sizes, pace);
      for (int c : block) {
        List<CellPlan> casePlans = byCase.get(c);
        CaseRecord measured;
        try {
          measured = measuredCase(casePlans, measuring.get(c), routesById, timingById);
        } catch (IllegalArgumentException e) {
          return fail(
              casePlans.get(0).key(),
              e.getMessage(),
              "(the case's forks ended; its records do not add up)");
        }
        synchronized (lock) {
          if (ended) {
            return new Result(folder.dir(), RunRecord.Status.INTERRUPTED, null);
          }
          cases.add(measured);
        }
        progress.caseDone(c + 1, measured, now, left);
      }
      checkpoint();
    }
    if (!end(RunRecord.Status.COMPLETE, null)) {
      return new Result(folder.dir(), RunRecord.Status.INTERRUPTED, null);
    }
    out.println(
        "fsbench: done in "
            + Progress.clock(System.nanoTime() - start)
            + "; "
            + folder.dir().resolve(ResultsFolder.REPORT_FILE));
    return new Result(folder.dir(), RunRecord.Status.COMPLETE, null);
  }

  /** What the forks of one case have brought so far, per cell. */
  private static final class CaseForks {
    final Map<CellPlan, List<CaseRecord.RawSample>> samples = new LinkedHashMap<>();
    final Map<CellPlan, Long> runNanos = new LinkedHashMap<>();
    final Map<CellPlan, String> cpuClocks = new LinkedHashMap<>();
    final Map<CellPlan, Map<Integer, Map<String, CellOutcome.SecondaryScore>>> secondary =
        new LinkedHashMap<>();

    void add(CellPlan plan, int round, JmhCell.Outcome outcome, long nanos) {
      samples.computeIfAbsent(plan, p -> new ArrayList<>()).addAll(outcome.samples());
      runNanos.merge(plan, nanos, Long::sum);
      secondary.computeIfAbsent(plan, p -> new LinkedHashMap<>()).put(round, outcome.secondary());
      if (outcome.cpuClock() != null) {
        cpuClocks.merge(plan, outcome.cpuClock(), (a, b) -> a.equals(b) ? a : a + " + " + b);
      }
    }
  }

  private static CaseRecord measuredCase(
      List<CellPlan> casePlans,
      CaseForks forks,
      Map<String, Map<Op, Route>> routesById,
      Map<String, String> timingById) {
    List<CellOutcome> outcomes = new ArrayList<>();
    for (CellPlan plan : casePlans) {
      String backend = plan.params().get(Matrix.PARAM_BACKEND);
      Route route = routesById.get(backend).get(Op.ofFamily(plan.key().family()));
      outcomes.add(
          new CellOutcome(
              plan,
              route,
              forks.samples.get(plan),
              forks.cpuClocks.get(plan),
              forks.runNanos.get(plan),
              forks.secondary.get(plan),
              timingById.get(backend)));
    }
    return Cases.measuredCase(outcomes);
  }

  /**
   * The plans of each case together, cases in matrix order (a control follows its case's other
   * cells).
   */
  static List<List<CellPlan>> groupByCase(List<CellPlan> plans) {
    List<List<CellPlan>> out = new ArrayList<>();
    for (CellPlan plan : plans) {
      if (out.isEmpty() || !Controls.sameCase(out.get(out.size() - 1).get(0).key(), plan.key())) {
        out.add(new ArrayList<>());
      }
      out.get(out.size() - 1).add(plan);
    }
    return out;
  }

  static Sampling sampling(RunRequest request, Map<String, Sampling.TreeSize> sizes) {
    return new Sampling(request.samples(), request.quick(), sizes, request.cold());
  }

  /**
   * The cost model's estimate of the whole run (see {@link Sampling}), the user's tree planned with
   * its survey when {@code survey} is not null (a dry run), else as a small one.
   */
  public static long estimateNanos(
      RunRequest request, List<CellPlan> plans, TreeSnapshot.Survey survey) {
    Map<String, Sampling.TreeSize> sizes = new HashMap<>();
    if (survey != null) {
      sizes.put(USER_TREE, new Sampling.TreeSize(survey.entries(), survey.bytes()));
    }
    return estimateNanos(request, plans, sizes);
  }

  /** The cost model's estimate of the whole run (see {@link Sampling}). */
  public static long estimateNanos(RunRequest request, List<CellPlan> plans) {
    return estimateNanos(request, plans, Map.of());
  }

  static long estimateNanos(
      RunRequest request, List<CellPlan> plans, Map<String, Sampling.TreeSize> sizes) {
    return estimateNanos(request, plans, sizes, Sampling.Pace.MODEL);
  }

  /** As the cost model says on a machine of this {@code pace} ({@link Calibration}). */
  static long estimateNanos(
      RunRequest request,
      List<CellPlan> plans,
      Map<String, Sampling.TreeSize> sizes,
      Sampling.Pace pace) {
    Sampling sampling =
        new Sampling(request.samples(), request.quick(), sizes, request.cold(), pace);
    long total = 0;
    for (CellPlan plan : plans) {
      total += sampling.estimateNanos(plan, request.warmups()) * request.forks();
    }
    return total;
  }

  private static long remainingNanos(
      RunRequest request,
      List<List<CellPlan>> byCase,
      int done,
      Map<String, Sampling.TreeSize> sizes,
      Sampling.Pace pace) {
    long total = 0;
    for (int c = done; c < byCase.size(); c++) {
      total += estimateNanos(request, byCase.get(c), sizes, pace);
    }
    return total;
  }

  private Result fail(CellKey key, String message, String logTail) throws IOException {
    RunRecord.Failure failure =
        new RunRecord.Failure(
            key.id(),
            key.backendLabel(),
            key.family(),
            key.caseLabel(),
            key.mode().label(),
            message);
    folder.writeFailureLog(
        "cell " + key.id() + "\n" + message + "\n\nlast lines of JMH's output:\n" + logTail + "\n");
    if (!end(RunRecord.Status.FAILED, failure)) {
      return new Result(folder.dir(), RunRecord.Status.INTERRUPTED, null);
    }
    err.println(
        "fsbench: FAILED: backend "
            + key.backendLabel()
            + ", family "
            + key.family()
            + ", case "
            + key.caseLabel()
            + ", mode "
            + key.mode().label()
            + ": "
            + message);
    err.println(
        "fsbench: the run stopped; the cells before it are in "
            + folder.dir()
            + " (marked incomplete), JMH's output in "
            + folder.dir().resolve(ResultsFolder.FAILURE_LOG));
    return new Result(folder.dir(), RunRecord.Status.FAILED, message);
  }

  /**
   * Plans the cells and checks that every filter selects something, naming what exists when one
   * does not. Creates nothing; bad input is an {@link IllegalArgumentException}.
   */
  public static Plan plan(RunRequest request) {
    if (request.cold()) {
      PageCache.refusal()
          .ifPresent(
              why -> {
                throw new IllegalArgumentException(
                    "--cold cannot drop the page cache here: " + why + "; nothing was run");
              });
    }
    TreeOptions treeOptions = request.trees();
    if (treeOptions.dir() != null) {
      RunTrees.checkUserTree(request);
    }
    PreparedTrees.checkUserGlobs(treeOptions.globs());
    Set<Suite> suites = treeOptions.suites();
    int userGlobs = treeOptions.globs().size();
    BackendCatalog catalog = BackendCatalog.load();
    List<BackendCatalog.Probe> backends = catalog.select(request.backends());
    Set<String> families = new HashSet<>();
    for (String f : request.families()) {
      families.add(
          Op.ofFamily(f)
              .family()); // unknown family: IllegalArgumentException naming the known ones
    }
    // The backend under study is measured in every family, its NIO fallbacks too (routed's, say,
    // which are its dispatch to nio): its report's columns need them. Every other backend only on
    // its own routes.
    List<BackendSummary> summaries =
        backends.stream()
            .map(p -> p.id().equals(request.target()) ? p.summary().everyFamily() : p.summary())
            .toList();
    List<CellPlan> unfilteredCases =
        Matrix.plans(
            new MatrixSpec(
                summaries,
                families,
                Set.of(),
                request.modes(),
                request.quick(),
                request.large(),
                suites,
                userGlobs));
    Set<String> knownCases = new TreeSet<>();
    Set<String> familiesWithCells = new HashSet<>();
    for (CellPlan p : unfilteredCases) {
      knownCases.add(p.key().scenario());
      knownCases.add(p.key().caseLabel());
      familiesWithCells.add(p.key().family());
    }
    for (String f : families) {
      if (!familiesWithCells.contains(f)) {
        throw new IllegalArgumentException(
            "family "
                + f
                + " has no cell for backends "
                + summaries.stream().map(BackendSummary::id).toList()
                + (request.quick() ? " in the quick matrix" : "")
                + (suites.contains(Suite.STANDARD)
                    ? ""
                    : " in the "
                        + suites.stream().map(Suite::label).collect(Collectors.joining(" and "))
                        + " matrix, which holds the tree families readdir, glob, scan, cp and rm only")
                + " (a backend without the capability the family needs gets no cell, nor one that"
                + " serves the family through nio: that would measure nio again)");
      }
    }
    for (String c : request.cases()) {
      Set<Suite> holding = Matrix.suitesHolding(c);
      if (!knownCases.contains(c) && !holding.isEmpty() && Collections.disjoint(holding, suites)) {
        throw new IllegalArgumentException(
            "case '"
                + c
                + "' belongs to the "
                + holding.stream().map(Suite::label).collect(Collectors.joining(" or "))
                + " matrix, which this run does not select"
                + (holding.contains(Suite.SWEEP) ? " (--sweep)" : "")
                + (holding.contains(Suite.REAL_TREES) ? " (--real-trees)" : "")
                + (holding.contains(Suite.USER_TREE) ? " (--tree DIR)" : ""));
      }
      if (!knownCases.contains(c)) {
        throw new IllegalArgumentException(
            "no case '"
                + c
                + "' in the selected matrix; cases there: "
                + String.join(", ", knownCases));
      }
    }
    MatrixSpec spec =
        new MatrixSpec(
                summaries,
                families,
                request.cases(),
                request.modes(),
                request.quick(),
                request.large(),
                suites,
                userGlobs)
            .asMeasured();
    List<CellPlan> matrix = Matrix.plans(spec);
    if (matrix.isEmpty()) {
      throw new IllegalArgumentException("the filters select no cell");
    }
    FloorCases.Planned withFloors =
        request.floors().addTo(matrix, catalog.availableFloors(), suites);
    List<CellPlan> selected = request.controls().addTo(withFloors.plans());
    List<RunRecord.Omitted> omitted = new ArrayList<>();
    Matrix.omitted(spec).stream()
        .map(o -> new RunRecord.Omitted(o.key().id(), o.reason()))
        .forEach(omitted::add);
    omitted.addAll(withFloors.omitted());
    Path javaHome = RunTrees.forksJavaHome(request);
    List<CellPlan> plans = new ArrayList<>();
    for (CellPlan p : selected) {
      Optional<String> why = PreparedTrees.unavailable(p.key().scenario(), javaHome);
      if (why.isPresent()) {
        omitted.add(new RunRecord.Omitted(p.key().id(), why.get()));
      } else {
        plans.add(p);
      }
    }
    if (plans.isEmpty()) {
      throw new IllegalArgumentException(
          "the filters select no cell that can run here: "
              + omitted.get(omitted.size() - 1).reason());
    }
    checkTarget(request.target(), backends);
    Profilers.check(request.profilers());
    return new Plan(
        catalog,
        backends,
        List.copyOf(plans),
        List.copyOf(omitted),
        floorsOf(catalog.availableFloors(), plans),
        javaHome);
  }

  /** The floors of {@code floors} that have a cell among {@code plans}, in their order. */
  private static List<BackendCatalog.FloorProbe> floorsOf(
      List<BackendCatalog.FloorProbe> floors, List<CellPlan> plans) {
    Set<String> planned = plans.stream().map(p -> p.key().backend()).collect(Collectors.toSet());
    return floors.stream().filter(f -> planned.contains(f.id())).toList();
  }

  /** An explicit {@code --target} must be measured, and must not be the baseline. */
  private static void checkTarget(String target, List<BackendCatalog.Probe> backends) {
    if (target == null) {
      return;
    }
    if (target.equals(Cases.BASELINE)) {
      throw new IllegalArgumentException(
          "--target nio: nio is the baseline every backend is compared with; name another backend");
    }
    List<String> ids = backends.stream().map(BackendCatalog.Probe::id).toList();
    if (!ids.contains(target)) {
      throw new IllegalArgumentException(
          "--target " + target + " is not among the backends run: " + String.join(", ", ids));
    }
  }

  private Environment environment(BackendCatalog catalog) throws IOException {
    return new Environment(
        request.jvm() == null ? EnvironmentProbe.jdk() : EnvironmentProbe.jdk(request.jvm()),
        EnvironmentProbe.os(),
        EnvironmentProbe.cpu(),
        EnvironmentProbe.memoryBytes(),
        new Environment.Sandbox(
            sandbox.root().toString(),
            sandbox.dir().toString(),
            EnvironmentProbe.fileSystemType(sandbox.dir())),
        EnvironmentProbe.git(request.home()),
        EnvironmentProbe.dependencies(),
        catalog.all().stream().map(BackendCatalog.Probe::info).toList(),
        request.outsideJars(),
        catalog.floors().stream().map(BackendCatalog.FloorProbe::info).toList());
  }

  private RunRecord.Settings settings(
      List<BackendCatalog.Probe> backends,
      List<BackendCatalog.FloorProbe> floors,
      List<String> forkArgs,
      List<CellPlan> plans) {
    Sampling sampling = sampling(request, sizes);
    Map<String, Integer> samplesPerFork = new LinkedHashMap<>();
    plans.forEach(p -> samplesPerFork.putIfAbsent(p.key().scenario(), sampling.samples(p)));
    return new RunRecord.Settings(
        request.warmups(),
        request.samples(),
        samplesPerFork,
        request.forks(),
        sorted(request.families()),
        backends.stream().map(BackendCatalog.Probe::id).toList(),
        sorted(request.cases()),
        request.modes().stream().sorted().map(Mode::label).toList(),
        request.quick(),
        request.large(),
        sandbox.root().toString(),
        request.label(),
        Stream.concat(JmhCell.FORK_JVM_ARGS.stream(), forkArgs.stream()).toList(),
        RunRecord.Method.current(
            request.controls().label(),
            request.floors().label(),
            Rounds.recordedSeconds(request.forks())),
        request.jvm(),
        request.target() != null ? request.target() : MarkdownReport.DEFAULT_TARGET,
        request.profilers(),
        floors.stream().map(BackendCatalog.FloorProbe::id).toList(),
        request.trees().suites().stream().map(Suite::label).toList(),
        request.trees().globs(),
        request.trees().dir() == null
            ? null
            : new RunRecord.TreeLimits(
                request.trees().limits().maxEntries(), request.trees().limits().maxBytes()),
        request.cold(),
        request.routes() == null ? null : request.routes().toString());
  }

  /**
   * Writes the current state, still running: after each block of cases, whose cells end together
   * (their forks run in the block's rounds), so that run.json holds every case measured so far.
   */
  private void checkpoint() throws IOException {
    synchronized (lock) {
      if (!ended) {
        write(RunRecord.Status.RUNNING, null, null);
      }
    }
  }

  /**
   * Writes the final state unless the run already ended (the shutdown hook got there first); true
   * if it wrote.
   */
  private boolean end(RunRecord.Status status, RunRecord.Failure failure) throws IOException {
    synchronized (lock) {
      if (ended) {
        return false;
      }
      ended = true;
      write(status, failure, now());
      return true;
    }
  }

  private boolean isEnded() {
    synchronized (lock) {
      return ended;
    }
  }

  private void write(RunRecord.Status status, RunRecord.Failure failure, String finishedAt)
      throws IOException {
    List<CaseRecord> decided = Cases.withVerdicts(cases);
    RunRecord run =
        new RunRecord(
            RunRecord.SCHEMA_VERSION,
            status,
            status == RunRecord.Status.COMPLETE,
            failure,
            startedAt,
            finishedAt,
            environment,
            settings,
            decided,
            RunRecord.VerdictSummary.of(decided),
            omitted,
            trees);
    folder.write(run, jmh);
  }

  /**
   * Ctrl-C or a kill: record what was measured as interrupted, stop the fork (the JVM will not wait
   * for it), then remove the sandbox. Runs on the shutdown hook's thread while the main thread may
   * still be inside JMH.
   */
  private void onShutdown() {
    interrupted = true;
    try {
      synchronized (lock) {
        if (!ended && folder != null) { // the folder is set last: environment, settings are known
          ended = true;
          write(RunRecord.Status.INTERRUPTED, null, now());
          err.println(
              "\nfsbench: interrupted; the cells finished so far are in "
                  + folder.dir()
                  + " (marked incomplete)");
        }
        ended = true;
      }
    } catch (IOException | RuntimeException e) {
      err.println("fsbench: could not record the interrupted run: " + e);
    }
    stopForks();
    closeSandbox();
    releaseFolder();
    stopForks(); // one the main thread started meanwhile, which would find its sandbox gone
  }

  /**
   * The JMH forks are this JVM's only child processes; a fork left running would keep writing into
   * the sandbox.
   */
  private static void stopForks() {
    ProcessHandle.current()
        .children()
        .forEach(
            child -> {
              child.destroy();
              try {
                child.onExit().get(5, TimeUnit.SECONDS);
              } catch (Exception e) {
                child.destroyForcibly();
              }
            });
  }

  private void releaseFolder() {
    ResultsFolder f = folder;
    if (f == null) {
      return;
    }
    try {
      f.release();
    } catch (IOException e) {
      err.println(
          "fsbench: could not remove the claim " + f.dir().resolve(ResultsFolder.CLAIM) + ": " + e);
    }
  }

  private void closeSandbox() {
    Sandbox s = sandbox;
    if (s == null) {
      return;
    }
    try {
      s.close();
    } catch (IOException e) {
      err.println("fsbench: could not remove the sandbox " + s.dir() + ": " + e);
    }
  }

  private static JsonNode asArray(JsonNode node) {
    if (node.isArray()) {
      return node;
    }
    ArrayNode wrapped = RunJson.mapper().createArrayNode();
    wrapped.add(node);
    return wrapped;
  }

  private static List<String> sorted(Set<String> values) {
    return values.stream().sorted().toList();
  }

  private static String now() {
    return Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
  }
}
