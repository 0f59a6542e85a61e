package dev.fsbench.harness.cli;

import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.report.BackendChoice;
import dev.fsbench.harness.report.RecommendTable;
import dev.fsbench.harness.report.RoutesDocument;
import dev.fsbench.harness.results.RunJson;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.stats.Regime;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fsbench recommend}: the backend to use for each family, from a run's verdicts. */
@Command(
    name = "recommend",
    mixinStandardHelpOptions = true,
    description = {
      "Chooses a backend for each family from a run's verdicts against nio, in one regime and mode: one"
          + " faster in at least one of the family's cases and slower in none, the best geometric mean of"
          + " its ratios among those, otherwise nio. Prints the table (backend, ratio and interval, the"
          + " cells it rests on, the runner-up) and with --out writes the routes file the routed backend"
          + " reads (fsbench run --routes FILE, or -Dfsbench.routes=FILE in a program)."
    })
final class RecommendCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "RUN", description = "A results folder or its run.json.")
  Path run;

  @Option(
      names = "--regime",
      paramLabel = "REGIME",
      defaultValue = "steady",
      description =
          "steady (default: a long-running program) or first-use (a short-lived one, a CLI tool).")
  String regime;

  @Option(
      names = "--mode",
      paramLabel = "MODE",
      defaultValue = "sync",
      converter = Filters.ModeConverter.class,
      description = "sync (default) or async: the forms the program calls.")
  Mode mode;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description =
          "Write the routes file there (format fsbench-routes-1, backend-routed/README.md).")
  Path out;

  @Override
  public Integer call() throws IOException {
    Regime r;
    try {
      r = Regime.ofLabel(regime);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    RunRecord record = RunJson.read(run);
    Path folder = Files.isDirectory(run) ? run : run.toAbsolutePath().getParent();
    String name = folder.toAbsolutePath().normalize().getFileName().toString();
    List<BackendChoice.FamilyChoice> choices = BackendChoice.of(record, r, mode);
    PrintWriter stdout = spec.commandLine().getOut();
    stdout.print(RecommendTable.render(record, name, r, mode, choices));
    if (out != null) {
      RunJson.mapper().writeValue(out.toFile(), RoutesDocument.of(record, name, r, mode, choices));
      stdout.println("wrote " + out);
    }
    stdout.flush();
    return 0;
  }
}
