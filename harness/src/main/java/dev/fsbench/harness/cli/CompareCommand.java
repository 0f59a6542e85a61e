package dev.fsbench.harness.cli;

import dev.fsbench.harness.report.RunComparison;
import dev.fsbench.harness.results.Cases;
import dev.fsbench.harness.results.RunJson;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.stats.Regime;
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
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description = {
      "Compares two runs cell by cell in one regime and lists the cells that changed beyond noise: the ratio"
          + " of the cell's figures has a 95%% hierarchical-bootstrap interval excluding 1, is at least the threshold away"
          + " from 1, and survives the Benjamini-Hochberg correction over all cells; or the verdict against nio reversed.",
      "Exit 0 whatever changed, unless --fail-on-change (1 on any change) or --fail-on-slower (1 when a cell got slower)."
    })
final class CompareCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "BEFORE",
      description = "The earlier results folder or run.json.")
  Path before;

  @Parameters(
      index = "1",
      paramLabel = "AFTER",
      description = "The later results folder or run.json.")
  Path after;

  @Option(
      names = "--regime",
      paramLabel = "REGIME",
      defaultValue = "steady",
      description = "steady (default) or first-use.")
  String regime;

  @Option(
      names = "--threshold",
      paramLabel = "FRACTION",
      defaultValue = "0.05",
      description = "The smallest relative change reported (default: ${DEFAULT-VALUE}, i.e. 5%%).")
  double threshold;

  @Option(names = "--all", description = "List every cell, not only the changed ones.")
  boolean all;

  @Option(
      names = "--json",
      description = "Print JSON (settings, summary, every row) instead of Markdown.")
  boolean json;

  @Option(names = "--out", paramLabel = "FILE", description = "Also write the output to this file.")
  Path out;

  @Option(
      names = "--forks",
      paramLabel = "K",
      description =
          "Recompute both runs from the first K forks of every cell before comparing: how far"
              + " the runs agree with fewer forks than they measured (a study of the budget).")
  Integer forks;

  @Option(names = "--fail-on-slower", description = "Exit 1 when any cell is slower in AFTER.")
  boolean failOnSlower;

  @Option(
      names = "--fail-on-change",
      description = "Exit 1 when any cell changed (faster, slower or reversed).")
  boolean failOnChange;

  @Override
  public Integer call() throws IOException {
    if (!(threshold >= 0 && threshold < 10)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--threshold must be a fraction such as 0.05, was " + threshold);
    }
    Regime r;
    try {
      r = Regime.ofLabel(regime);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    if (forks != null && forks < 1) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--forks must be at least 1, was " + forks);
    }
    RunRecord a = RunJson.read(before);
    RunRecord b = RunJson.read(after);
    if (forks != null) {
      a = a.withCases(Cases.recompute(a.cases(), forks));
      b = b.withCases(Cases.recompute(b.cases(), forks));
    }
    RunComparison diff = RunComparison.of(a, b, r, threshold);
    String text =
        json
            ? RunJson.mapper().writeValueAsString(diff.toJson(before.toString(), after.toString()))
                + "\n"
            : diff.render(before.toString(), after.toString(), all);
    spec.commandLine().getOut().print(text);
    spec.commandLine().getOut().flush();
    if (out != null) {
      Files.writeString(out, text, StandardCharsets.UTF_8);
    }
    if (failOnChange && !diff.changed().isEmpty()) {
      return Fsbench.FAILED;
    }
    return failOnSlower && !diff.slower().isEmpty() ? Fsbench.FAILED : 0;
  }
}
