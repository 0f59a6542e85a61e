package dev.fsbench.harness.run;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.ResultsFolder;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a planned run's cells as JMH forks, block by block and round by round ({@link Rounds}),
 * shows the progress line, and hands every case to the {@link RunRecorder} when its block's last
 * round ends. A cell that fails stops the run: a figure measured after a broken one would be
 * evidence of nothing.
 */
final class CellExecution {
  private final RunRequest request;
  private final RunRecorder recorder;
  private final JmhCell jmhCell;
  private final Map<String, Sampling.TreeSize> sizes;
  private final Sampling.Pace pace;
  private final PrintStream out;
  private final PrintStream err;

  CellExecution(
      RunRequest request,
      RunRecorder recorder,
      JmhCell jmhCell,
      Map<String, Sampling.TreeSize> sizes,
      Sampling.Pace pace,
      PrintStream out,
      PrintStream err) {
    this.request = request;
    this.recorder = recorder;
    this.jmhCell = jmhCell;
    this.sizes = sizes;
    this.pace = pace;
    this.out = out;
    this.err = err;
  }

  BenchmarkRun.Result run(
      List<CellPlan> plans,
      List<BackendCatalog.Probe> backends,
      List<BackendCatalog.FloorProbe> floors)
      throws IOException {
    Map<String, Map<Op, Route>> routesById = new LinkedHashMap<>();
    backends.forEach(p -> routesById.put(p.id(), p.routes()));
    floors.forEach(f -> routesById.put(f.id(), f.routes()));
    Map<String, String> timingById = new LinkedHashMap<>();
    floors.forEach(f -> timingById.put(f.id(), f.timing().label()));
    Sampling sampling = CostEstimate.sampling(request, sizes);
    long start = System.nanoTime();
    List<List<CellPlan>> byCase = Rounds.groupByCase(plans);
    List<List<Integer>> blocks =
        Rounds.blocks(
            byCase,
            casePlans -> CostEstimate.nanos(request, casePlans, sizes) / request.forks(),
            Rounds.spanNanos(request.forks()));
    Progress progress =
        new Progress(out, byCase.size(), start, CostEstimate.nanos(request, plans, sizes, pace));
    int forkNumber = 0;
    for (List<Integer> block : blocks) {
      Map<Integer, CaseForks> measuring = new LinkedHashMap<>();
      int last = block.get(block.size() - 1);
      long blockNanos = 0;
      for (int c : block) {
        blockNanos += CostEstimate.nanos(request, byCase.get(c), sizes, pace);
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
              if (recorder.isEnded()) {
                return interrupted();
              }
              progress.caseFailed(c + 1, plan.key().id(), System.nanoTime());
              return fail(plan.key(), failure.getMessage(), jmhCell.logTail(name, 60));
            }
            jmhCell.discard(name);
            forks.add(plan, round, outcome, System.nanoTime() - forkStart);
            if (!recorder.addJmh(outcome.jmhJson())) {
              return interrupted();
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
                  + CostEstimate.remainingNanos(request, byCase, last + 1, sizes, pace));
        }
      }
      long now = System.nanoTime();
      long left = CostEstimate.remainingNanos(request, byCase, last + 1, sizes, pace);
      for (int c : block) {
        List<CellPlan> casePlans = byCase.get(c);
        CaseRecord measured;
        try {
          measured = measuring.get(c).measured(casePlans, routesById, timingById);
        } catch (IllegalArgumentException e) {
          return fail(
              casePlans.get(0).key(),
              e.getMessage(),
              "(the case's forks ended; its records do not add up)");
        }
        if (!recorder.addCase(measured)) {
          return interrupted();
        }
        progress.caseDone(c + 1, measured, now, left);
      }
      recorder.checkpoint();
    }
    if (!recorder.end(RunRecord.Status.COMPLETE, null)) {
      return interrupted();
    }
    out.println(
        "fsbench: done in "
            + Progress.clock(System.nanoTime() - start)
            + "; "
            + folder().resolve(ResultsFolder.REPORT_FILE));
    return new BenchmarkRun.Result(folder(), RunRecord.Status.COMPLETE, null);
  }

  private BenchmarkRun.Result fail(CellKey key, String message, String logTail) throws IOException {
    RunRecord.Failure failure =
        new RunRecord.Failure(
            key.id(),
            key.backendLabel(),
            key.family(),
            key.caseLabel(),
            key.mode().label(),
            message);
    recorder
        .folder()
        .writeFailureLog(
            "cell "
                + key.id()
                + "\n"
                + message
                + "\n\nlast lines of JMH's output:\n"
                + logTail
                + "\n");
    if (!recorder.end(RunRecord.Status.FAILED, failure)) {
      return interrupted();
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
            + folder()
            + " (marked incomplete), JMH's output in "
            + folder().resolve(ResultsFolder.FAILURE_LOG));
    return new BenchmarkRun.Result(folder(), RunRecord.Status.FAILED, message);
  }

  private BenchmarkRun.Result interrupted() {
    return new BenchmarkRun.Result(folder(), RunRecord.Status.INTERRUPTED, null);
  }

  private Path folder() {
    return recorder.folder().dir();
  }
}
