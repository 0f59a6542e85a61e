package dev.fsbench.harness.report;

import dev.fsbench.harness.results.ResultsFolder;
import dev.fsbench.harness.results.RunRecord;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A run's REPORT.md and REPORT.html in its results folder: rendered here and written beside the
 * record they read, so that the results package, which stores runs, needs nothing of the report.
 */
public final class ReportFiles {
  private ReportFiles() {}

  /**
   * Writes REPORT.md and REPORT.html of {@code run} into {@code folder}, each atomically, titled by
   * the folder's name and linking the charts present there.
   */
  public static void write(Path folder, RunRecord run) throws IOException {
    String title = folder.getFileName().toString();
    ResultsFolder.writeText(
        folder.resolve(ResultsFolder.REPORT_FILE),
        MarkdownReport.render(run, title, ResultsFolder.charts(folder)));
    ResultsFolder.writeText(
        folder.resolve(ResultsFolder.HTML_REPORT_FILE), HtmlReport.render(run, title));
  }
}
