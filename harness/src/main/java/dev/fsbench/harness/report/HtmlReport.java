package dev.fsbench.harness.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.fsbench.harness.results.Environment;
import dev.fsbench.harness.results.RunJson;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.stats.Regime;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Renders REPORT.html from a run: one self-contained page (no network, no file beside it) that
 * answers first and keeps the detail a click away. Its head is written here: the A/A control's
 * result, the run's machine and settings, the verdict counts. Everything else (the decision table,
 * the steady and first-use overview charts, the sortable and filterable table of every cell in both
 * regimes, and per family the distributions and warm-up curves) the page's own script draws, as
 * inline SVG, from a JSON block embedded in the page ({@link HtmlData}). The script marks {@code
 * #render-status} with {@code data-status="ok"} once it has drawn everything, or with the error
 * that stopped it.
 *
 * <pre>{@code
 * String html = HtmlReport.render(RunJson.read(Path.of("results/RUN")), "RUN");
 * }</pre>
 */
public final class HtmlReport {
  /** Where the embedded data lives: the page's script reads it from there, and so may a test. */
  static final String DATA_ID = "fsbench-data";

  private static final String SCRIPT = resource("report.js");
  private static final String STYLE = resource("report.css");

  private HtmlReport() {}

  /** The page of {@code run}, with its decision table ({@link DecisionTable}). */
  public static String render(RunRecord run, String title) {
    return render(run, title, DecisionTable.of(run));
  }

  /** The page of {@code run}, its decision table holding {@code decisions}. */
  public static String render(RunRecord run, String title, List<Decision> decisions) {
    StringBuilder out = new StringBuilder(1 << 20);
    String heading = "fsbench results: " + title;
    out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>")
        .append(escape(heading))
        .append("</title>\n<style>\n")
        .append(STYLE)
        .append("</style>\n</head>\n<body>\n<header>\n<h1>")
        .append(escape(heading))
        .append("</h1>\n");
    status(run, out);
    controls(run, out);
    machine(run, out);
    out.append("</header>\n");
    out.append(
        "<nav><a href=\"#decisions\">decisions</a> · <a href=\"#overview\">overview</a> · <a"
            + " href=\"#verdicts\">verdicts</a> · <a href=\"#cells\">every cell</a> · <a"
            + " href=\"#families\">per family</a></nav>\n");
    out.append(
        "<noscript><p class=\"banner\">This page draws its tables and charts with its own script:"
            + " allow scripts for this file, or read REPORT.md beside it.</p></noscript>\n");
    sections(run, out);
    out.append("<footer><p id=\"render-status\" data-status=\"pending\">")
        .append("The page's script has not finished drawing.</p></footer>\n")
        .append("<script type=\"application/json\" id=\"")
        .append(DATA_ID)
        .append("\">")
        .append(scriptSafeJson(run, title, decisions))
        .append("</script>\n<script>\n")
        .append(SCRIPT)
        .append("</script>\n</body>\n</html>\n");
    return out.toString();
  }

  /** A run that did not complete says so before anything else. */
  private static void status(RunRecord run, StringBuilder out) {
    String why =
        switch (run.status()) {
          case COMPLETE -> null;
          case FAILED ->
              "it stopped at a failure in cell "
                  + run.failure().cell()
                  + ": "
                  + run.failure().message();
          case INTERRUPTED -> "it was interrupted";
          case RUNNING -> "it is still running, or was killed without a chance to record it";
        };
    if (why != null) {
      out.append("<p class=\"banner\"><strong>Incomplete run:</strong> ")
          .append(escape(why))
          .append(". Everything below holds only the cases finished before.</p>\n");
    }
  }

  /** The A/A line: the run's own false-verdict count, loud when it is not zero. */
  private static void controls(RunRecord run, StringBuilder out) {
    RunRecord.Counts steady = run.verdicts().steady();
    RunRecord.Counts firstUse = run.verdicts().firstUse();
    if (steady.controls() + firstUse.controls() == 0) {
      out.append(
          "<p id=\"aa\" class=\"aa none\">No A/A control in this run: nothing shows its own"
              + " false-verdict rate.</p>\n");
      return;
    }
    int notTie = steady.controlsNotTie() + firstUse.controlsNotTie();
    out.append("<p id=\"aa\" class=\"aa ")
        .append(notTie > 0 ? "bad" : "ok")
        .append("\"><strong>")
        .append(notTie > 0 ? "The run's controls disagree with themselves:" : "A/A control:")
        .append("</strong> nio against independent nio forks (nio-aa), ")
        .append(Format.controlCounts(steady, firstUse))
        .append(" ")
        .append(
            notTie > 0
                ? "Each such verdict is a false one: read this run's verdicts of similar size with"
                    + " that in mind."
                : "The method found no difference where there is none.")
        .append("</p>\n");
  }

  /** One line on where and how the run measured; REPORT.md has the method in full. */
  private static void machine(RunRecord run, StringBuilder out) {
    Environment env = run.environment();
    RunRecord.Settings s = run.settings();
    out.append("<p class=\"run\">")
        .append(escape(env.jdk().vendor() + " " + env.jdk().version()))
        .append(" on ")
        .append(escape(orUnknown(env.os().distribution())))
        .append(", kernel ")
        .append(escape(env.os().kernel()))
        .append(", ")
        .append(escape(orUnknown(env.cpu().model())))
        .append(", ")
        .append(env.cpu().cores())
        .append(" cores; sandbox on <strong>")
        .append(escape(orUnknown(env.sandbox().fileSystemType())))
        .append("</strong>; ")
        .append(s.forks())
        .append(s.forks() == 1 ? " fork" : " forks")
        .append(" a cell, ")
        .append(s.warmups())
        .append(" warmups a fork; started ")
        .append(escape(run.startedAt()))
        .append(", finished ")
        .append(escape(run.finishedAt() == null ? "—" : run.finishedAt()))
        .append(
            ".</p>\n<p class=\"run\">A cell's figure is the median of its fork medians, in ms."
                + " <em>vs nio</em> is nio's figure over the cell's: above 1 the backend is faster,"
                + " with its ")
        .append(Math.round(s.method().confidence() * 100))
        .append("% interval; a verdict other than tie needs an adjusted p-value below ")
        .append(s.method().falseDiscoveryRate())
        .append(", an interval that excludes 1 and a ratio at least ")
        .append(Math.round(s.method().minimumEffect() * 100))
        .append("% from 1. <em>first-use</em>: the first ")
        .append(s.method().firstUseSamples())
        .append(
            " measured samples of each fresh fork (a short-lived JVM); <em>steady</em>: each fork"
                + " after its series settled (a long-running one). REPORT.md beside this page has"
                + " the method in full; run.json and samples.jsonl.gz every figure and sample this"
                + " page digests.</p>\n");
  }

  private static void sections(RunRecord run, StringBuilder out) {
    out.append("<section id=\"decisions\">\n<h2>Decisions</h2>\n")
        .append(
            "<p>For each kind of work and regime, the backend to use, its ratio against nio with"
                + " the interval, and the cells it rests on (a click shows them in the table"
                + " below).</p>\n")
        .append(
            "<table id=\"decision-table\"><thead><tr><th>kind of work</th><th>regime</th>"
                + "<th>backend</th><th>vs nio</th><th>interval</th><th>cells</th></tr></thead>"
                + "<tbody id=\"decision-rows\"></tbody></table>\n</section>\n");
    out.append("<section id=\"overview\">\n<h2>Overview</h2>\n")
        .append(
            "<p>Each family's representative case, sync and async (batch-256 with the buffer or"
                + " default variant, or tree-1000 for tree families; a run without it shows the case"
                + " it has): every backend's ratio against nio with its interval, log scale, right of"
                + " 1 faster than nio. Filled: a verdict (green faster, red slower); hollow: tie;"
                + " square: the A/A control. A purple bar: nio over the floor, where the case has"
                + " one. Hover for the figures.</p>\n")
        .append("<div id=\"overview-chart\" class=\"chart\"></div>\n</section>\n");
    out.append("<section id=\"verdicts\">\n<h2>Verdicts</h2>\n")
        .append(
            "<table><thead><tr><th>regime</th><th>comparisons</th><th>faster</th><th>slower</th>"
                + "<th>tie</th><th>A/A controls</th><th>controls not tie</th></tr></thead><tbody>");
    for (Regime regime : List.of(Regime.STEADY, Regime.FIRST_USE)) {
      RunRecord.Counts n = run.verdicts().of(regime);
      out.append("<tr><td>")
          .append(regime.label())
          .append("</td><td>")
          .append(n.comparisons())
          .append("</td><td>")
          .append(n.faster())
          .append("</td><td>")
          .append(n.slower())
          .append("</td><td>")
          .append(n.tie())
          .append("</td><td>")
          .append(n.controls())
          .append("</td><td>")
          .append(n.controlsNotTie())
          .append("</td></tr>");
    }
    out.append("</tbody></table>\n</section>\n");
    out.append("<section id=\"cells\">\n<h2>Every cell</h2>\n")
        .append(
            "<p>One row per cell and regime. Click a heading to sort; type words to keep the rows"
                + " that hold all of them (<code>native steady slower</code>).</p>\n")
        .append(
            "<div class=\"controls\"><input id=\"cell-filter\" type=\"search\" placeholder=\"filter:"
                + " family, case, backend, verdict...\" aria-label=\"filter the cells\">"
                + " <span id=\"cell-count\"></span></div>\n")
        .append("<table id=\"cell-table\"><thead><tr>");
    for (String[] column : CELL_COLUMNS) {
      out.append("<th data-key=\"")
          .append(column[0])
          .append("\"")
          .append(column[1].isEmpty() ? "" : " class=\"" + column[1] + "\"")
          .append(">")
          .append(column[0])
          .append("</th>");
    }
    out.append("</tr></thead><tbody id=\"cell-rows\"></tbody></table>\n</section>\n");
    out.append("<section id=\"families\">\n<h2>Per family</h2>\n")
        .append(
            "<p>Open a family for its distributions (per cell and fork: the box from the 25th to"
                + " the 75th percentile of its measured samples, the whiskers to the 10th and 90th,"
                + " dots at the extremes; the cell's steady figure a black tick, its first-use"
                + " figure a grey one) and its warm-up curves (the representative cells: each fork's"
                + " measured series in a colour of its own, a point the median of as many"
                + " iterations as it takes to keep a series within "
                + SampleDigest.MAX_POINTS
                + " points; its changepoints dotted, the start of its steady window solid, its"
                + " steady median dashed; the first-use window shaded).</p>\n")
        .append("<div id=\"family-list\"></div>\n</section>\n");
  }

  /** The cell table's columns: key (the heading too) and the class of a numeric column. */
  private static final String[][] CELL_COLUMNS = {
    {"family", ""},
    {"case", ""},
    {"mode", ""},
    {"backend", ""},
    {"regime", ""},
    {"ms", "num"},
    {"vs nio", "num"},
    {"interval", "num"},
    {"verdict", ""},
    {"route", ""}
  };

  /**
   * The data block as text that cannot end its {@code <script>} element early: {@code <}, {@code >}
   * and {@code &} can only stand inside JSON strings, where {@code \\u003c} and the like mean the
   * same.
   */
  private static String scriptSafeJson(RunRecord run, String title, List<Decision> decisions) {
    try {
      String json =
          RunJson.mapper()
              .writer()
              .without(SerializationFeature.INDENT_OUTPUT)
              .writeValueAsString(HtmlData.of(run, title, decisions));
      return json.replace("<", "\\u003c")
          .replace(">", "\\u003e")
          .replace("&", "\\u0026")
          .replace("\u2028", "\\u2028")
          .replace("\u2029", "\\u2029");
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the report's data did not serialize", e);
    }
  }

  /** Text for an element or a quoted attribute. */
  static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  private static String orUnknown(String s) {
    return s == null ? "unknown" : s;
  }

  private static String resource(String name) {
    try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("the jar lacks the report's " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
