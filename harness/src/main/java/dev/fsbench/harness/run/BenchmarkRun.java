package dev.fsbench.harness.run;

import dev.fsbench.harness.bench.PageCache;
import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.results.ResultsFolder;
import dev.fsbench.harness.results.RunRecord;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.openjdk.jmh.runner.options.ProfilerConfig;

/**
 * {@code fsbench run}: plans the matrix ({@link RunPlan}), runs every cell in several JMH forks
 * inside a fresh sandbox ({@link CellExecution}), and keeps the results folder current as the cases
 * finish ({@link RunRecorder}), so that a failure, Ctrl-C or a kill leaves the cases measured so
 * far.
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
 * the run until it ends ({@link ShutdownGuard}); then everything run.json needs is gathered and the
 * results folder is claimed, so that from the claim on, Ctrl-C or SIGTERM at any moment (the
 * class-data archive being made included) leaves a run.json marked interrupted; run.json is
 * rewritten after every case. An I/O failure of the run's own files after the claim is a {@link
 * HarnessFault}.
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

  private final RunRequest request;
  private final PrintStream out;
  private final PrintStream err;
  private final RunRecorder recorder = new RunRecorder();

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
    RunPlan plan = RunPlan.of(request);
    BackendCatalog catalog = plan.catalog();
    List<BackendCatalog.Probe> backends = plan.backends();
    noteUnavailable(catalog);
    List<CellPlan> plans = plan.cells();
    StaleSandboxes.note(request.root(), err);

    Sandbox sandbox = Sandbox.create(request.root());
    ShutdownGuard guard = ShutdownGuard.install(recorder, sandbox, err);
    boolean claimed = false;
    try {
      RunTrees prepared = RunTrees.prepare(request, plan, sandbox, out, err);
      plans = prepared.cells();
      recorder.planned(prepared.omitted(), prepared.shapes());
      List<BackendCatalog.FloorProbe> floors = RunPlan.floorsOf(plan.floors(), plans);
      // what every fork must be told, the class-data archive's training fork included
      List<String> forkProperties =
          Stream.of(
                  HugePages.forkArgs(),
                  prepared.forkArgs(),
                  RoutesSetting.forkArgs(request.routes(), sandbox.work()))
              .flatMap(List::stream)
              .toList();
      List<String> coldArgs =
          request.cold() ? List.of("-D" + PageCache.PROPERTY + "=true") : List.of();
      // Everything run.json needs is known before the folder is claimed: from the claim on, the
      // shutdown hook can record an interrupted run, even one stopped while the class-data archive
      // is being made.
      String startedAt = RunRecorder.now();
      var environment = RunDescription.environment(request, catalog, sandbox);
      recorder.described(
          startedAt,
          environment,
          RunDescription.settings(
              request,
              sandbox,
              prepared.sizes(),
              backends,
              floors,
              Stream.concat(forkProperties.stream(), coldArgs.stream()).toList(),
              plans));
      if (request.cold() && "tmpfs".equals(environment.sandbox().fileSystemType())) {
        err.println(
            "note: --cold on tmpfs: its files are the page cache, so a drop evicts none of the"
                + " sandbox's; a cold run means something on a disk");
      }
      ResultsFolder folder = claimFolder();
      recorder.claimed(folder);
      claimed = true;
      RunOwner.current().withResults(folder.dir()).writeTo(folder.scratch());
      sandbox.recordResults(folder.dir());
      recorder.checkpoint();
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
      recorder.settings(
          RunDescription.settings(
              request, sandbox, prepared.sizes(), backends, floors, forkArgs, plans));
      recorder.checkpoint();
      Sampling.Pace pace =
          Calibration.measure(
              (cell, name, samples) -> {
                JmhCell calibrating = jmhCell(sandbox, folder, forkArgs, List.of());
                calibrating.run(cell, name, samples, 0);
                calibrating.discard(name);
              },
              request.warmups(),
              System::nanoTime,
              err);
      recorder.checkpoint();
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
              + Progress.clock(CostEstimate.nanos(request, plans, prepared.sizes(), pace))
              + " ("
              + Calibration.describe(pace)
              + "); sandbox "
              + sandbox.dir()
              + " ("
              + environment.sandbox().fileSystemType()
              + "); results "
              + folder.dir());
      recorder.checkpoint();
      JmhCell measuring = jmhCell(sandbox, folder, forkArgs, Profilers.check(request.profilers()));
      return new CellExecution(request, recorder, measuring, prepared.sizes(), pace, out, err)
          .run(plans, backends, floors);
    } catch (IOException e) {
      if (guard.interrupted()) {
        // the shutdown hook ended the run and took the files away under the main thread
        return new Result(recorder.folder().dir(), RunRecord.Status.INTERRUPTED, null);
      }
      throw claimed && !(e instanceof HarnessFault) ? new HarnessFault(e) : e;
    } finally {
      guard.close();
    }
  }

  /** Names the backends and floors this machine cannot run, when the request did not name any. */
  private void noteUnavailable(BackendCatalog catalog) {
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
  }

  /** {@code --out} as given, or a fresh folder named for today under the results parent. */
  private ResultsFolder claimFolder() throws IOException {
    String os = System.getProperty("os.name");
    String arch = System.getProperty("os.arch");
    return request.out() != null
        ? ResultsFolder.createAt(request.out())
        : ResultsFolder.createUnique(
            request.resultsParent(),
            ResultsFolder.name(LocalDate.now(), os, arch, request.label()));
  }

  /** A JMH cell runner with the run's own fork flags, and {@code profilers}. */
  private JmhCell jmhCell(
      Sandbox sandbox,
      ResultsFolder folder,
      List<String> forkArgs,
      List<ProfilerConfig> profilers) {
    return new JmhCell(
        request.warmups(),
        sandbox.work(),
        folder.scratch(),
        forkArgs,
        request.jvm(),
        profilers,
        err);
  }
}
