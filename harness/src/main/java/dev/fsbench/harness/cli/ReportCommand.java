package dev.fsbench.harness.cli;

import dev.fsbench.harness.report.MarkdownReport;
import dev.fsbench.harness.results.Cases;
import dev.fsbench.harness.results.ResultsFolder;
import dev.fsbench.harness.results.RunJson;
import dev.fsbench.harness.results.RunRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fsbench report}: re-render REPORT.md from a run.json. */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description =
        "Renders REPORT.md from a run.json (or a results folder), e.g. after the report's format changed.")
final class ReportCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "RUN", description = "A results folder or its run.json.")
  Path run;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description = "Where to write (default: REPORT.md beside run.json; - for stdout).")
  String out;

  @Option(
      names = "--target",
      paramLabel = "ID",
      description =
          "The backend the overview studies against its peers, for this rendering (default: the one the"
              + " run recorded, else native). One of the run's backends, not nio.")
  String target;

  @Option(
      names = "--recompute",
      description =
          "Recompute every fork classification, statistic, interval and verdict from run.json's raw samples"
              + " (after the method changed) and rewrite run.json with them before rendering.")
  boolean recompute;

  @Override
  public Integer call() throws IOException {
    RunRecord record = RunJson.read(run);
    if (target != null) {
      MarkdownReport.checkTarget(record, target); // before --recompute rewrites anything
    }
    Path folder = Files.isDirectory(run) ? run : run.toAbsolutePath().getParent();
    if (recompute) {
      record = record.withCases(Cases.recompute(record.cases()));
      RunJson.write(record, folder.resolve(RunJson.FILE_NAME));
      spec.commandLine().getOut().println("recomputed " + folder.resolve(RunJson.FILE_NAME));
    }
    String title = folder.getFileName().toString();
    List<String> charts = ResultsFolder.charts(folder);
    String markdown =
        target == null
            ? MarkdownReport.render(record, title, charts)
            : MarkdownReport.render(record, title, charts, target);
    if ("-".equals(out)) {
      spec.commandLine().getOut().print(markdown);
      spec.commandLine().getOut().flush();
      return 0;
    }
    Path target = out != null ? Path.of(out) : folder.resolve(ResultsFolder.REPORT_FILE);
    Files.writeString(target, markdown, StandardCharsets.UTF_8);
    spec.commandLine().getOut().println("wrote " + target);
    return 0;
  }
}
