package dev.fsbench.harness.run;

import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.model.Suite;
import dev.fsbench.harness.report.MarkdownReport;
import dev.fsbench.harness.results.Environment;
import dev.fsbench.harness.results.EnvironmentProbe;
import dev.fsbench.harness.results.RunRecord;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What run.json says about a run beside its cases: the machine, JDK and sandbox it ran on ({@link
 * Environment}), and the settings it ran with.
 */
final class RunDescription {
  private RunDescription() {}

  static Environment environment(RunRequest request, BackendCatalog catalog, Sandbox sandbox)
      throws IOException {
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

  /**
   * The settings of a run of {@code plans} whose trees have {@code sizes}, its forks given {@code
   * forkArgs} beside the harness's own.
   */
  static RunRecord.Settings settings(
      RunRequest request,
      Sandbox sandbox,
      Map<String, Sampling.TreeSize> sizes,
      List<BackendCatalog.Probe> backends,
      List<BackendCatalog.FloorProbe> floors,
      List<String> forkArgs,
      List<CellPlan> plans) {
    Sampling sampling = CostEstimate.sampling(request, sizes);
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

  private static List<String> sorted(Set<String> values) {
    return values.stream().sorted().toList();
  }
}
