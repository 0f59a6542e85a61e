package dev.fsbench.harness.report;

import static dev.fsbench.harness.results.TestRuns.around;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.CellOutcome;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.results.TestRuns;
import dev.fsbench.spi.Route;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class HtmlReportTest {
  private static final Pattern DATA =
      Pattern.compile(
          "<script type=\"application/json\" id=\"" + HtmlReport.DATA_ID + "\">(.*?)</script>",
          Pattern.DOTALL);

  @Test
  void thePageStandsAloneWithItsHeadWrittenAndItsDataAndScriptInside() {
    String html = HtmlReport.render(TestRuns.complete(TestRuns.twoFamilies()), "run-1");
    assertTrue(html.startsWith("<!DOCTYPE html>\n<html lang=\"en\">"), html);
    assertTrue(html.contains("<title>fsbench results: run-1</title>"));
    assertTrue(html.contains("<h1>fsbench results: run-1</h1>"));
    assertTrue(html.contains("No A/A control in this run"), "a run without nio-aa says so");
    for (String id :
        List.of(
            "decision-rows", "overview-chart", "cell-rows", "cell-filter", "family-list", "aa")) {
      assertTrue(html.contains("id=\"" + id + "\""), id);
    }
    assertTrue(html.contains("data-status=\"pending\""), "the script, not the page, says ok");
    assertEquals(1, count(html, "id=\"" + HtmlReport.DATA_ID + "\""));
    assertEquals(2, count(html, "</script>"), "the data block and the script, nothing else");
    // Nothing the browser would fetch: the check in scripts/check-report-html.py looks for the
    // same.
    for (String fetch : List.of(" src=", "<link", "url(", "@import")) {
      assertFalse(html.contains(fetch), fetch);
    }
    assertTrue(html.contains("function main(data)"), "the script is inlined");
    assertTrue(html.contains("#cell-table th"), "the style is inlined");
  }

  @Test
  void theDataBlockParsesBackToEveryCellOfTheRun() throws Exception {
    RunRecord run = TestRuns.complete(TestRuns.twoFamilies());
    JsonNode data = data(HtmlReport.render(run, "x"));
    assertEquals(HtmlData.FORMAT, data.get("format").asText());
    assertEquals("x", data.get("title").asText());
    assertEquals(List.of("readFile", "stat"), texts(data.get("families")));
    assertEquals(List.of("nio", "native"), texts(data.get("labels")));
    assertEquals(
        DecisionTable.of(run).size(), data.get("decisions").size(), "the run's decision table");
    List<String> ids = new ArrayList<>();
    run.cases().forEach(c -> c.results().values().forEach(r -> ids.add(r.cell())));
    List<String> cells = new ArrayList<>();
    data.get("cells").forEach(c -> cells.add(c.get("id").asText()));
    assertEquals(ids, cells);

    JsonNode stat = data.get("cells").get(3);
    assertEquals("stat/single/default/sync/native", stat.get("id").asText());
    assertEquals("nio-fallback", stat.get("route").asText());
    assertEquals("Files.readAttributes", stat.get("via").asText());
    assertTrue(stat.get("representative").asBoolean(), "the only stat case is its overview row");
    CaseRecord.RegimeRecord steady =
        run.cases().get(1).results().get("native").regime(dev.fsbench.harness.stats.Regime.STEADY);
    JsonNode regime = stat.get("regimes").get("steady");
    assertEquals(steady.vsNio().verdict().label(), regime.get("verdict").asText());
    assertEquals(
        steady.vsNio().ratio(), regime.get("ratio").asDouble(), 1e-3 * steady.vsNio().ratio());
    assertEquals(
        steady.statistics().medianNanos() / 1e6,
        regime.get("ms").asDouble(),
        1e-3 * regime.get("ms").asDouble());
    JsonNode fork = stat.get("forks").get(0);
    assertEquals(10, fork.get("measured").asInt());
    assertEquals(7, fork.get("box").size(), "min, p10, p25, p50, p75, p90, max");
    assertEquals(0.0095, fork.get("box").get(0).asDouble(), 1e-9, "the fastest of the ten, in ms");
    assertEquals(1, stat.get("step").asInt());
    assertEquals(10, stat.get("series").get(0).size(), "ten samples need no thinning");
    assertFalse(data.get("cells").get(0).has("floor"), "only a floor's cell names a timing");
  }

  @Test
  void decisionsRenderFromTheData() throws Exception {
    Decision d =
        new Decision(
            "lookups",
            "batches of short calls",
            "steady",
            "native",
            1.84,
            1.62,
            2.05,
            "",
            List.of("readFile/batch-256/buffer/async/native"));
    JsonNode rows =
        data(HtmlReport.render(TestRuns.complete(TestRuns.twoFamilies()), "x", List.of(d)))
            .get("decisions");
    assertEquals(1, rows.size());
    JsonNode row = rows.get(0);
    assertEquals("batches of short calls", row.get("kind").asText());
    assertEquals("lookups", row.get("key").asText());
    assertEquals("steady", row.get("regime").asText());
    assertEquals("native", row.get("backend").asText());
    assertEquals(1.84, row.get("ratio").asDouble());
    assertEquals(1.62, row.get("low").asDouble());
    assertEquals(2.05, row.get("high").asDouble());
    assertEquals(List.of("readFile/batch-256/buffer/async/native"), texts(row.get("cells")));
  }

  @Test
  void namesWithMarkupStayText() throws Exception {
    String hostile = "</script><b title='x'>\"a\" & b</b>";
    Route own = Route.own("Files");
    RunRecord run =
        TestRuns.complete(
            List.of(
                TestRuns.cell(hostile, "single", "-", Mode.SYNC, "nio", 0, own, 1, 0, around(1000)),
                TestRuns.cell(
                    hostile, "single", "-", Mode.SYNC, "native", 0, own, 1, 0, around(800))));
    String title = "a<b>&\"c'";
    String html = HtmlReport.render(run, title);
    assertTrue(html.contains("<title>fsbench results: a&lt;b&gt;&amp;&quot;c&#39;</title>"), html);
    assertEquals(2, count(html, "</script>"), "a name cannot close the data block");
    assertFalse(html.contains("<b title="));
    Matcher m = DATA.matcher(html);
    assertTrue(m.find());
    assertFalse(m.group(1).contains("<"), "no markup character inside the data block");
    assertFalse(m.group(1).contains("&"));
    JsonNode data = new ObjectMapper().readTree(m.group(1));
    assertEquals(hostile, data.get("families").get(0).asText(), "the JSON escapes mean the same");
    assertEquals(hostile, data.get("cells").get(0).get("family").asText());
    assertEquals(title, data.get("title").asText());
  }

  @Test
  void theControlsLineLeadsAndAnIncompleteRunSaysSo() {
    List<CellOutcome> cells = new ArrayList<>(TestRuns.twoFamilies());
    cells.add(
        TestRuns.cell(
            "stat",
            "single",
            "default",
            Mode.SYNC,
            "nio-aa",
            0,
            Route.own("Files"),
            1,
            0,
            around(10_100)));
    RunRecord run = TestRuns.complete(cells);
    String html = HtmlReport.render(run, "x");
    assertTrue(
        html.contains(
            "<p id=\"aa\" class=\"aa ok\"><strong>A/A control:</strong> nio against independent nio"
                + " forks (nio-aa), 1 comparisons steady, 0 not tie; 1 first-use, 0 not tie."),
        html);
    assertTrue(html.indexOf("id=\"aa\"") < html.indexOf("id=\"decisions\""), "the answer first");
    RunRecord interrupted =
        new RunRecord(
            run.schemaVersion(),
            RunRecord.Status.INTERRUPTED,
            false,
            null,
            run.startedAt(),
            run.finishedAt(),
            run.environment(),
            run.settings(),
            run.cases(),
            run.verdicts(),
            run.omitted());
    assertTrue(
        HtmlReport.render(interrupted, "x")
            .contains("<strong>Incomplete run:</strong> it was interrupted."));
  }

  @Test
  void thePageGrowsWithTheCellsNotWithTheirSamples() throws Exception {
    String few = HtmlReport.render(TestRuns.complete(oneCellOf(100)), "x");
    String many = HtmlReport.render(TestRuns.complete(oneCellOf(5_000)), "x");
    JsonNode cell = data(many).get("cells").get(0);
    assertEquals(50, cell.get("step").asInt());
    assertEquals(SampleDigest.MAX_POINTS, cell.get("series").get(0).size());
    assertEquals(5_000, cell.get("forks").get(0).get("measured").asInt());
    assertTrue(
        many.length() < few.length() + 2_000,
        "50 times the samples, the same page: " + few.length() + " and " + many.length());
  }

  /** One representative nio cell of two forks, each of {@code samples} measured samples. */
  private static List<CellOutcome> oneCellOf(int samples) {
    long[][] forks = new long[2][samples];
    for (int f = 0; f < 2; f++) {
      for (int i = 0; i < samples; i++) {
        forks[f][i] = 1_000_000 + (i * 7919L + f * 104_729L) % 50_000;
      }
    }
    return List.of(
        TestRuns.cellForks(
            "stat", "batch-256", "-", Mode.SYNC, "nio", 0, Route.own("Files"), 256, 0, forks));
  }

  private static JsonNode data(String html) throws Exception {
    Matcher m = DATA.matcher(html);
    assertTrue(m.find(), "a data block");
    return new ObjectMapper().readTree(m.group(1));
  }

  private static List<String> texts(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
      n++;
    }
    return n;
  }
}
