package dev.fsbench.harness.cli;

import dev.fsbench.harness.report.HtmlReport;
import dev.fsbench.harness.report.MarkdownReport;
import dev.fsbench.harness.results.Cases;
import dev.fsbench.harness.results.ResultsFolder;
import dev.fsbench.harness.results.RunJson;
import dev.fsbench.harness.results.RunRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code fsbench report}: re-render REPORT.md and REPORT.html from a run.json. {@code --out} and
 * {@code --html} each name where one of them goes; given either, only the files named are written,
 * so that one can be rendered without touching the other.
 */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description =
        "Renders REPORT.md and REPORT.html from a run.json (or a results folder), e.g. after the report's"
            + " format changed. With --out or --html, only the files they name are written.")
final class ReportCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "RUN", description = "A results folder or its run.json.")
  Path run;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description =
          "Where to write the Markdown (default: REPORT.md beside run.json; - for stdout).")
  String out;

  @Option(
      names = "--html",
      paramLabel = "FILE",
      description =
          "Where to write the HTML page (default: REPORT.html beside run.json; - for stdout).")
  String html;

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
      record = record.recomputed(Cases.recompute(record.cases()));
      RunJson.write(record, folder.resolve(RunJson.FILE_NAME));
      spec.commandLine().getOut().println("recomputed " + folder.resolve(RunJson.FILE_NAME));
    }
    String title = folder.getFileName().toString();
    boolean both = out == null && html == null;
    if (both || out != null) {
      List<String> charts = ResultsFolder.charts(folder);
      String markdown =
          target == null
              ? MarkdownReport.render(record, title, charts)
              : MarkdownReport.render(record, title, charts, target);
      write(markdown, out, folder.resolve(ResultsFolder.REPORT_FILE));
    }
    if (both || html != null) {
      write(HtmlReport.render(record, title), html, folder.resolve(ResultsFolder.HTML_REPORT_FILE));
    }
    return 0;
  }

  /**
   * {@code text} to stdout for {@code -}, else to {@code where} or, when not given, the default.
   */
  private void write(String text, String where, Path byDefault) throws IOException {
    if ("-".equals(where)) {
      spec.commandLine().getOut().print(text);
      spec.commandLine().getOut().flush();
      return;
    }
    Path file = where != null ? Path.of(where) : byDefault;
    ResultsFolder.writeText(file, text);
    spec.commandLine().getOut().println("wrote " + file);
  }
}
