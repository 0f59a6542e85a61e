package dev.fsbench.harness.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fsbench.harness.results.ResultsFolder;
import dev.fsbench.harness.results.RunJson;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.results.SampleFile;
import dev.fsbench.harness.results.TestRuns;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run in the old form (schema version 2, samples inside run.json) and the same run after {@code
 * fsbench compact} give the same figures to every reader: report, report --recompute, compare and
 * export --csv. (The notebooks' side is notebooks/test_fsbench_results.py, on a committed fixture
 * converted by this command.)
 */
class CompactCommandTest {
  @TempDir Path dir;
  private Path old;
  private Path converted;
  private final StringWriter out = new StringWriter();

  private int cli(String... args) {
    return Fsbench.execute(args, new PrintWriter(out, true), new PrintWriter(new StringWriter()));
  }

  @BeforeEach
  void twoCopiesOfAnOldFormRun() throws IOException {
    RunRecord run = TestRuns.complete(TestRuns.twoFamilies());
    ObjectNode tree = RunJson.mapper().valueToTree(run);
    tree.put("schemaVersion", 2);
    old = Files.createDirectory(dir.resolve("old"));
    converted = Files.createDirectory(dir.resolve("converted"));
    for (Path folder : new Path[] {old, converted}) {
      RunJson.mapper().writeValue(folder.resolve(RunJson.FILE_NAME).toFile(), tree);
      Files.writeString(folder.resolve("jmh.json"), "[ {\"benchmark\" : \"x\"} ]");
    }
    assertEquals(0, cli("compact", converted.toString()));
  }

  @Test
  void theConversionKeepsEverySampleAndFigure() throws IOException {
    RunRecord before = RunJson.read(old);
    RunRecord after = RunJson.read(converted);
    assertEquals(2, before.schemaVersion());
    assertEquals(3, after.schemaVersion());
    assertTrue(after.sameRunAs(before));
    assertTrue(after.cases().get(0).results().values().iterator().next().samples().size() > 0);
    assertTrue(
        Files.size(converted.resolve(RunJson.FILE_NAME)) * 2
            < Files.size(old.resolve(RunJson.FILE_NAME)));
    assertTrue(Files.exists(converted.resolve(SampleFile.FILE_NAME)));
    assertFalse(Files.exists(converted.resolve("jmh.json")));
    try (InputStream in =
        new GZIPInputStream(Files.newInputStream(converted.resolve(ResultsFolder.JMH_FILE)))) {
      assertArrayEquals(Files.readAllBytes(old.resolve("jmh.json")), in.readAllBytes());
    }
  }

  @Test
  void reportAndExportAreTheSameForBothForms() throws IOException {
    for (Path folder : new Path[] {old, converted}) {
      assertEquals(0, cli("report", folder.toString(), "--out", folder + ".md"));
      assertEquals(0, cli("export", "--csv", folder.toString(), "--out", folder + "-export"));
    }
    // the title names the folder, which differs: compare from the line after it
    assertEquals(afterTitle(dir.resolve("old.md")), afterTitle(dir.resolve("converted.md")));
    for (String table : new String[] {"-export-samples.csv", "-export-cells.csv"}) {
      // the run's name is the folder's, which differs: compare all but that first column
      assertEquals(
          withoutRunColumn(dir.resolve("old" + table)),
          withoutRunColumn(dir.resolve("converted" + table)));
    }
  }

  @Test
  void recomputingGivesTheSameRunFromBothForms() throws IOException {
    assertEquals(0, cli("report", "--recompute", old.toString()));
    assertEquals(0, cli("report", "--recompute", converted.toString()));
    RunRecord a = RunJson.read(old);
    RunRecord b = RunJson.read(converted);
    assertEquals(3, a.schemaVersion(), "a run recomputed is written in the compact form");
    assertTrue(a.sameRunAs(b));
  }

  @Test
  void compareFindsNoDifferenceBetweenTheForms() {
    out.getBuffer().setLength(0);
    assertEquals(0, cli("compare", old.toString(), converted.toString()));
    String text = out.toString();
    assertTrue(text.contains("0 faster, 0 slower, 0 reversed"), text);
  }

  @Test
  void aCompactFolderIsLeftAlone() throws IOException {
    byte[] before = Files.readAllBytes(converted.resolve(RunJson.FILE_NAME));
    out.getBuffer().setLength(0);
    assertEquals(0, cli("compact", converted.toString()));
    assertTrue(out.toString().contains("already compact"), out.toString());
    assertArrayEquals(before, Files.readAllBytes(converted.resolve(RunJson.FILE_NAME)));
  }

  @Test
  void aMissingSamplesFileIsAnErrorNamingIt() throws IOException {
    Files.delete(converted.resolve(SampleFile.FILE_NAME));
    IOException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IOException.class, () -> RunJson.read(converted));
    assertTrue(e.getMessage().contains(SampleFile.FILE_NAME), e.getMessage());
  }

  private static String afterTitle(Path markdown) throws IOException {
    String text = Files.readString(markdown);
    assertTrue(text.startsWith("# fsbench results: "), text);
    return text.substring(text.indexOf('\n'));
  }

  private static String withoutRunColumn(Path csv) throws IOException {
    StringBuilder b = new StringBuilder();
    for (String line : Files.readAllLines(csv, StandardCharsets.UTF_8)) {
      b.append(line.substring(line.indexOf(',') + 1)).append('\n');
    }
    return b.toString();
  }
}
