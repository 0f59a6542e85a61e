package dev.fsbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.results.ResultsFolder;
import dev.fsbench.harness.results.RunJson;
import dev.fsbench.harness.results.TestRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportFilesTest {
  @TempDir Path dir;

  @Test
  void aRunWritesItsPageBesideItsMarkdown() throws Exception {
    ResultsFolder folder = ResultsFolder.createUnique(dir, "2026-11-30-linux-amd64");
    var run = TestRuns.complete(TestRuns.twoFamilies());
    folder.write(run, RunJson.mapper().createArrayNode());
    ReportFiles.write(folder.dir(), run);
    assertTrue(
        Files.readString(folder.dir().resolve(ResultsFolder.REPORT_FILE))
            .startsWith("# fsbench results: 2026-11-30-linux-amd64\n"));
    assertTrue(
        Files.readString(folder.dir().resolve(ResultsFolder.HTML_REPORT_FILE))
            .contains("<title>fsbench results: 2026-11-30-linux-amd64</title>"));
    folder.release();
  }
}
