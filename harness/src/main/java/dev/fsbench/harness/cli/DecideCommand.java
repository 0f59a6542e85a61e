package dev.fsbench.harness.cli;

import dev.fsbench.harness.report.DecisionTable;
import dev.fsbench.harness.results.RunJson;
import dev.fsbench.harness.results.RunRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code fsbench decide RUN...}: the decision table of one or more runs side by side, in Markdown,
 * each answer linked to its row of the run's REPORT.html. The README's table is this command's
 * output for the committed runs it names; CI checks that it still is.
 *
 * <pre>
 * fsbench decide results/2026-12-07-linux-amd64-tmpfs-base results/2026-12-07-linux-amd64-tmpfs-base-jdk25 \
 *     --columns "JDK 17" --columns "JDK 22+ (25)"
 * </pre>
 */
@Command(
    name = "decide",
    mixinStandardHelpOptions = true,
    description = {
      "Prints the decision table of runs side by side (Markdown): per kind of work, per run its answer"
          + " for a short-lived JVM (first-use) and a long-running one (steady): the backend with a faster"
          + " verdict against nio in at least one of the kind's sync cases and slower in none, the best"
          + " geometric mean of its ratios, else nio."
    })
final class DecideCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "RUN",
      description = "Results folders, one per column pair.")
  List<Path> runs;

  @Option(
      names = "--columns",
      paramLabel = "TITLE",
      description = "A title per run, in order (default: each run's folder name).")
  List<String> columns;

  @Override
  public Integer call() throws IOException {
    List<String> titles =
        columns != null ? columns : runs.stream().map(r -> r.getFileName().toString()).toList();
    if (titles.size() != runs.size()) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), runs.size() + " runs but " + titles.size() + " --columns");
    }
    Map<String, RunRecord> read = new LinkedHashMap<>();
    for (Path run : runs) {
      read.put(run.toString().replaceAll("/+$", ""), RunJson.read(run));
    }
    spec.commandLine().getOut().print(DecisionTable.readme(read, titles));
    spec.commandLine().getOut().flush();
    return 0;
  }
}
