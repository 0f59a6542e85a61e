package dev.fsbench.harness.cli;

import dev.fsbench.harness.report.RunComparison;
import dev.fsbench.harness.results.RunJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fsbench compare}: two runs, cell by cell. */
@Command(name = "compare", mixinStandardHelpOptions = true,
    description = {"Compares two runs cell by cell and flags the cells that changed beyond noise (two-sided rank-sum test"
        + " at 5%% over the cell's samples in both runs).", "Exit 0 whatever changed; with --fail-on-slower, 1 when a cell got slower."})
final class CompareCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "BEFORE", description = "The earlier results folder or run.json.")
  Path before;

  @Parameters(index = "1", paramLabel = "AFTER", description = "The later results folder or run.json.")
  Path after;

  @Option(names = "--out", paramLabel = "FILE", description = "Also write the Markdown to this file.")
  Path out;

  @Option(names = "--fail-on-slower", description = "Exit 1 when any cell is robustly slower in AFTER.")
  boolean failOnSlower;

  @Override
  public Integer call() throws IOException {
    RunComparison diff = RunComparison.of(RunJson.read(before), RunJson.read(after));
    String markdown = diff.render(before.toString(), after.toString());
    spec.commandLine().getOut().print(markdown);
    spec.commandLine().getOut().flush();
    if (out != null) {
      Files.writeString(out, markdown, StandardCharsets.UTF_8);
    }
    return failOnSlower && !diff.slower().isEmpty() ? Fsbench.FAILED : 0;
  }
}
