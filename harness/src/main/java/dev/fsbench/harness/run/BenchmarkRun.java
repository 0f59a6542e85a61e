package dev.fsbench.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.results.Cases;
import dev.fsbench.harness.results.CellOutcome;
import dev.fsbench.harness.results.Environment;
import dev.fsbench.harness.results.EnvironmentProbe;
import dev.fsbench.harness.results.ResultsFolder;
import dev.fsbench.harness.results.RunJson;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.stats.CellStatistics;
import dev.fsbench.harness.workload.BackendSummary;
import dev.fsbench.harness.workload.Matrix;
import dev.fsbench.harness.workload.MatrixSpec;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code fsbench run}: plans the matrix, runs every cell in its own JMH fork inside a fresh sandbox, and keeps the
 * results folder current after every cell, so that a failure, Ctrl-C or a kill leaves the cells measured so far.
 *
 * <p>Order of events: the backends are probed (capabilities, routes, details) and the matrix planned before anything
 * is created, so a bad filter costs nothing; then the sandbox and the results folder are created, and a shutdown hook
 * guards them until the run ends. A cell that fails stops the run: a figure measured after a broken one would be
 * evidence of nothing.
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
   */
  public record Plan(BackendCatalog catalog, List<BackendCatalog.Probe> backends, List<CellPlan> cells, List<RunRecord.Omitted> omitted) {}

  /** A run.json rewrite costs milliseconds once it holds hundreds of cells: at most one per interval, and at the end. */
  private static final long CHECKPOINT_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(5);

  private final RunRequest request;
  private final PrintStream out;
  private final PrintStream err;
  private final Object lock = new Object();

  // Guarded by lock: the run's state as the shutdown hook may need to write it.
  private final List<CellOutcome> outcomes = new ArrayList<>();
  private final ArrayNode jmh = RunJson.mapper().createArrayNode();
  private boolean ended;
  private long lastCheckpointNanos;

  // Set once by the main thread before the cells run, read by the shutdown hook's thread: volatile, not locked.
  private volatile Sandbox sandbox;
  private volatile ResultsFolder folder;
  private volatile Environment environment;
  private volatile RunRecord.Settings settings;
  private volatile String startedAt;
  private volatile List<RunRecord.Omitted> omitted = List.of();

  private BenchmarkRun(RunRequest request, PrintStream out, PrintStream err) {
    this.request = request;
    this.out = out;
    this.err = err;
  }

  /**
   * Runs the request. Bad input (unknown backend or family, a filter that selects nothing) is an {@link
   * IllegalArgumentException} before anything is created; an I/O problem with the sandbox or the results folder is an
   * {@link IOException}; a failing cell is a {@link Result} with status failed.
   */
  public static Result execute(RunRequest request, PrintStream out, PrintStream err) throws IOException {
    return new BenchmarkRun(request, out, err).execute();
  }

  private Result execute() throws IOException {
    Plan plan = plan(request);
    BackendCatalog catalog = plan.catalog();
    List<BackendCatalog.Probe> backends = plan.backends();
    if (request.backends().isEmpty()) {
      for (BackendCatalog.Probe p : catalog.unavailable()) {
        err.println("note: backend " + p.id() + " is unavailable here and is not measured: " + p.reason());
      }
    }
    List<CellPlan> plans = plan.cells();
    omitted = plan.omitted();

    sandbox = Sandbox.create(request.root());
    Thread hook = new Thread(this::onShutdown, "fsbench-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      String os = System.getProperty("os.name");
      String arch = System.getProperty("os.arch");
      folder = request.out() != null
          ? ResultsFolder.createAt(request.out())
          : ResultsFolder.createUnique(request.resultsParent(), ResultsFolder.name(LocalDate.now(), os, arch, request.label()));
      startedAt = now();
      environment = environment(catalog);
      List<String> cds = ClassDataArchive.prepare(plans.get(0), sandbox.work(), sandbox.dir(), err);
      settings = settings(backends, cds);
      out.println("fsbench: " + plans.size() + " cells, " + backends.stream().map(BackendCatalog.Probe::id).collect(Collectors.joining(", "))
          + "; sandbox " + sandbox.dir() + " (" + environment.sandbox().fileSystemType() + "); results " + folder.dir());
      checkpoint(true);
      return runCells(plans, backends, cds);
    } finally {
      closeSandbox();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running or has run: it owns the ending
      }
    }
  }

  private Result runCells(List<CellPlan> plans, List<BackendCatalog.Probe> backends, List<String> cds) throws IOException {
    Map<String, BackendCatalog.Probe> byId = backends.stream().collect(Collectors.toMap(BackendCatalog.Probe::id, p -> p));
    Path scratch = sandbox.dir();
    long start = System.nanoTime();
    JmhCell jmhCell = new JmhCell(request.warmups(), request.samples(), request.forks(), sandbox.work(), scratch, cds, err);
    Progress progress = new Progress(out, plans.size(), start);
    for (int i = 0; i < plans.size(); i++) {
      CellPlan plan = plans.get(i);
      CellKey key = plan.key();
      Route route = byId.get(key.backend()).routes().get(Op.ofFamily(key.family()));
      JmhCell.Outcome outcome;
      long cellStart = System.nanoTime();
      try {
        outcome = jmhCell.run(plan, "cell-" + i);
      } catch (JmhCell.CellFailure failure) {
        if (isEnded()) {
          return new Result(folder.dir(), RunRecord.Status.INTERRUPTED, null);
        }
        progress.cellFailed(i + 1, key.id(), System.nanoTime());
        return fail(key, failure.getMessage(), jmhCell.logTail("cell-" + i, 60));
      }
      CellOutcome cell;
      try {
        cell = new CellOutcome(plan, route, outcome.samples(), outcome.cpuClock(), System.nanoTime() - cellStart);
      } catch (IllegalArgumentException e) {
        return fail(key, e.getMessage(), jmhCell.logTail("cell-" + i, 60));
      }
      synchronized (lock) {
        if (ended) {
          return new Result(folder.dir(), RunRecord.Status.INTERRUPTED, null);
        }
        outcomes.add(cell);
        jmh.addAll((ArrayNode) asArray(outcome.jmhJson()));
      }
      double median = CellStatistics.of(cell.samples().stream().map(s -> s.toSample()).toList(), plan.operations(), plan.logicalBytes()).medianNanos();
      progress.cellDone(i + 1, key.id(), median, System.nanoTime());
      checkpoint(false);
    }
    if (!end(RunRecord.Status.COMPLETE, null)) {
      return new Result(folder.dir(), RunRecord.Status.INTERRUPTED, null);
    }
    out.println("fsbench: done in " + Progress.clock(System.nanoTime() - start) + "; " + folder.dir().resolve(ResultsFolder.REPORT_FILE));
    return new Result(folder.dir(), RunRecord.Status.COMPLETE, null);
  }

  private Result fail(CellKey key, String message, String logTail) throws IOException {
    RunRecord.Failure failure =
        new RunRecord.Failure(key.id(), key.backendLabel(), key.family(), key.caseLabel(), key.mode().label(), message);
    folder.writeFailureLog("cell " + key.id() + "\n" + message + "\n\nlast lines of JMH's output:\n" + logTail + "\n");
    if (!end(RunRecord.Status.FAILED, failure)) {
      return new Result(folder.dir(), RunRecord.Status.INTERRUPTED, null);
    }
    err.println("fsbench: FAILED: backend " + key.backendLabel() + ", family " + key.family() + ", case " + key.caseLabel()
        + ", mode " + key.mode().label() + ": " + message);
    err.println("fsbench: the run stopped; the cells before it are in " + folder.dir() + " (marked incomplete), JMH's output in "
        + folder.dir().resolve(ResultsFolder.FAILURE_LOG));
    return new Result(folder.dir(), RunRecord.Status.FAILED, message);
  }

  /**
   * Plans the cells and checks that every filter selects something, naming what exists when one does not. Creates
   * nothing; bad input is an {@link IllegalArgumentException}.
   */
  public static Plan plan(RunRequest request) {
    BackendCatalog catalog = BackendCatalog.load();
    List<BackendCatalog.Probe> backends = catalog.select(request.backends());
    Set<String> families = new HashSet<>();
    for (String f : request.families()) {
      families.add(Op.ofFamily(f).family()); // unknown family: IllegalArgumentException naming the known ones
    }
    List<BackendSummary> summaries = backends.stream().map(BackendCatalog.Probe::summary).toList();
    List<CellPlan> unfilteredCases =
        Matrix.plans(new MatrixSpec(summaries, families, Set.of(), request.modes(), request.quick(), request.large()));
    Set<String> knownCases = new TreeSet<>();
    Set<String> familiesWithCells = new HashSet<>();
    for (CellPlan p : unfilteredCases) {
      knownCases.add(p.key().scenario());
      knownCases.add(p.key().caseLabel());
      familiesWithCells.add(p.key().family());
    }
    for (String f : families) {
      if (!familiesWithCells.contains(f)) {
        throw new IllegalArgumentException("family " + f + " has no cell for backends "
            + summaries.stream().map(BackendSummary::id).toList() + (request.quick() ? " in the quick matrix" : "")
            + " (a backend without the capability the family needs gets no cell)");
      }
    }
    for (String c : request.cases()) {
      if (!knownCases.contains(c)) {
        throw new IllegalArgumentException("no case '" + c + "' in the selected matrix; cases there: " + String.join(", ", knownCases));
      }
    }
    MatrixSpec spec = new MatrixSpec(summaries, families, request.cases(), request.modes(), request.quick(), request.large());
    List<CellPlan> plans = Matrix.plans(spec);
    List<RunRecord.Omitted> omitted =
        Matrix.omitted(spec).stream().map(o -> new RunRecord.Omitted(o.key().id(), o.reason())).toList();
    if (plans.isEmpty()) {
      throw new IllegalArgumentException("the filters select no cell");
    }
    return new Plan(catalog, backends, plans, omitted);
  }

  private Environment environment(BackendCatalog catalog) {
    return new Environment(
        EnvironmentProbe.jdk(),
        EnvironmentProbe.os(),
        EnvironmentProbe.cpu(),
        EnvironmentProbe.memoryBytes(),
        new Environment.Sandbox(sandbox.root().toString(), sandbox.dir().toString(), EnvironmentProbe.fileSystemType(sandbox.dir())),
        EnvironmentProbe.git(request.home()),
        EnvironmentProbe.dependencies(),
        catalog.all().stream().map(BackendCatalog.Probe::info).toList());
  }

  private RunRecord.Settings settings(List<BackendCatalog.Probe> backends, List<String> cds) {
    return new RunRecord.Settings(
        request.warmups(),
        request.samples(),
        request.forks(),
        sorted(request.families()),
        backends.stream().map(BackendCatalog.Probe::id).toList(),
        sorted(request.cases()),
        request.modes().stream().sorted().map(Mode::label).toList(),
        request.quick(),
        request.large(),
        sandbox.root().toString(),
        request.label(),
        Stream.concat(JmhCell.FORK_JVM_ARGS.stream(), cds.stream()).toList());
  }

  /** Writes the current state, still running, unless the last write is recent and {@code force} is false. */
  private void checkpoint(boolean force) throws IOException {
    long now = System.nanoTime();
    synchronized (lock) {
      if (!ended && (force || now - lastCheckpointNanos >= CHECKPOINT_INTERVAL_NANOS)) {
        write(RunRecord.Status.RUNNING, null, null);
        lastCheckpointNanos = now;
      }
    }
  }

  /** Writes the final state unless the run already ended (the shutdown hook got there first); true if it wrote. */
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

  private void write(RunRecord.Status status, RunRecord.Failure failure, String finishedAt) throws IOException {
    RunRecord run = new RunRecord(RunRecord.SCHEMA_VERSION, status, status == RunRecord.Status.COMPLETE, failure, startedAt,
        finishedAt, environment, settings, Cases.of(outcomes), omitted);
    folder.write(run, jmh);
  }

  /**
   * Ctrl-C or a kill: record what was measured as interrupted, stop the fork (the JVM will not wait for it), then remove
   * the sandbox. Runs on the shutdown hook's thread while the main thread may still be inside JMH.
   */
  private void onShutdown() {
    try {
      synchronized (lock) {
        if (!ended && folder != null && environment != null && settings != null) {
          ended = true;
          write(RunRecord.Status.INTERRUPTED, null, now());
          err.println("\nfsbench: interrupted; the cells finished so far are in " + folder.dir() + " (marked incomplete)");
        }
        ended = true;
      }
    } catch (IOException | RuntimeException e) {
      err.println("fsbench: could not record the interrupted run: " + e);
    }
    stopForks();
    closeSandbox();
  }

  /** The JMH forks are this JVM's only child processes; a fork left running would keep writing into the sandbox. */
  private static void stopForks() {
    ProcessHandle.current().children().forEach(child -> {
      child.destroy();
      try {
        child.onExit().get(5, TimeUnit.SECONDS);
      } catch (Exception e) {
        child.destroyForcibly();
      }
    });
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
