package dev.fsbench.harness.report;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.model.TreeShape;
import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.Cases;
import dev.fsbench.harness.results.Environment;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.stats.Regime;
import dev.fsbench.harness.workload.matrix.Matrix;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Renders REPORT.md from a run: the answer first, short enough to read in a few minutes. The A/A
 * control's result, the steady overview and the first-use one (each family's representative case:
 * nio, the target, the best peer and the floor), the verdict counts, the method, then what was not
 * run and the backends. Every cell of every family, in both regimes, is in REPORT.html beside it
 * (and in run.json); an incomplete run says so at the top.
 *
 * <p>The fixed prose is in templates beside this class ({@link Template}: the method, the floors,
 * the trees, the scaling section, the cells not run); the numbers in it come from the run.
 *
 * <pre>{@code
 * String markdown = MarkdownReport.render(RunJson.read(Path.of("results/2026-11-30-linux-amd64")), "2026-11-30-linux-amd64");
 * }</pre>
 */
public final class MarkdownReport {
  /** The backend a report studies unless the run or {@code --target} names another. */
  public static final String DEFAULT_TARGET = "native";

  private MarkdownReport() {}

  /** The floor the overviews show: the native library's own loop. */
  static final String FLOOR = "floor";

  public static String render(RunRecord run, String title) {
    return render(run, title, List.of());
  }

  /**
   * As {@link #render(RunRecord, String)}, linking the charts the notebooks drew into the run's
   * folder ({@code overview.png}, {@code sync-async.png}, ...): {@code charts} are the file names
   * present there. The overview studies the target the run recorded.
   */
  public static String render(RunRecord run, String title, List<String> charts) {
    return render(run, title, charts, Overview.targetOf(run));
  }

  /**
   * As {@link #render(RunRecord, String, List)}, with {@code target} as the backend the overview
   * studies against its peers. It must be one of the run's backends other than nio.
   */
  public static String render(RunRecord run, String title, List<String> charts, String target) {
    checkTarget(run, target);
    StringBuilder out = new StringBuilder();
    out.append("# fsbench results: ").append(title).append("\n\n");
    status(run, out);
    controls(run, out);
    out.append(
        "Every cell in both regimes, sortable and filterable, each family's distributions and warmup"
            + " curves: [REPORT.html](REPORT.html). The raw samples: `samples.jsonl.gz`.\n\n");
    DecisionTable.markdown(DecisionTable.of(run), out);
    OverviewTable.render(run, Regime.STEADY, charts, target, out);
    OverviewTable.render(run, Regime.FIRST_USE, charts, target, out);
    RoutedTable.render(run, out);
    scaling(run, charts, target, out);
    verdicts(run, out);
    List<String> more = charts.stream().filter(c -> !c.startsWith("overview")).sorted().toList();
    if (!more.isEmpty()) {
      out.append("Charts drawn from this run by the notebooks: ")
          .append(
              more.stream()
                  .map(c -> "[" + c.replaceFirst("\\.png$", "") + "](" + c + ")")
                  .collect(Collectors.joining(", ")))
          .append(".\n\n");
    }
    DefaultAgainstSerial.markdown(run, out);
    method(run, out);
    floorMethod(run, out);
    trees(run, out);
    notRun(run.omitted(), out);
    backends(run.environment(), out);
    floors(run.environment(), out);
    return out.toString();
  }

  /** The floors' labels among {@code cases}' results, in the order they first appear. */
  static List<String> floorLabels(List<CaseRecord> cases) {
    Set<String> labels = new LinkedHashSet<>();
    for (CaseRecord c : cases) {
      c.results()
          .forEach(
              (label, r) -> {
                if (r.isFloor()) {
                  labels.add(label);
                }
              });
    }
    return List.copyOf(labels);
  }

  /** What the floors are and how to read a distance; nothing in a run without floors. */
  private static void floorMethod(RunRecord run, StringBuilder out) {
    List<String> labels = floorLabels(run.cases());
    if (labels.isEmpty()) {
      return;
    }
    String cases = run.settings().method().floorCases();
    out.append(
        Template.render(
            "floors.md",
            Map.of(
                "floors",
                labels.stream().map(l -> "`" + l + "`").collect(Collectors.joining(", ")),
                "floorCases",
                cases == null ? "" : "; " + cases + " sync cases")));
  }

  /**
   * Refuses a target the run cannot be studied by, with an {@link IllegalArgumentException} naming
   * the run's backends: nio, or a backend the run did not measure. The default target is allowed to
   * be missing: a run without native still renders, its target columns saying "not measured".
   */
  public static void checkTarget(RunRecord run, String target) {
    List<String> backends = run.settings().backends();
    if (target.equals(Cases.BASELINE)
        || (!backends.contains(target) && !target.equals(DEFAULT_TARGET))) {
      throw new IllegalArgumentException(
          "target "
              + target
              + " is not one of the run's backends other than nio: "
              + backends.stream()
                  .filter(b -> !b.equals(Cases.BASELINE))
                  .collect(Collectors.joining(", ")));
    }
  }

  private static void status(RunRecord run, StringBuilder out) {
    switch (run.status()) {
      case COMPLETE:
        return;
      case FAILED:
        RunRecord.Failure f = run.failure();
        out.append("> **Incomplete run: it stopped at a failure.** Cell `")
            .append(f.cell())
            .append("`");
        if (f.backend() != null) {
          out.append(" (backend ")
              .append(f.backend())
              .append(", family ")
              .append(f.family())
              .append(", case ")
              .append(f.caseLabel())
              .append(", mode ")
              .append(f.mode())
              .append(")");
        }
        out.append(": ")
            .append(Format.cell(f.message()))
            .append("\n> The tables below hold only the cases finished before it.\n\n");
        return;
      case INTERRUPTED:
        out.append(
            "> **Incomplete run: interrupted.** The tables below hold only the cases finished before it.\n\n");
        return;
      case RUNNING:
        out.append(
            "> **Incomplete run: still running, or killed without a chance to record it.**\n\n");
        return;
      default:
        throw new IllegalStateException("unknown status " + run.status());
    }
  }

  /** The A/A line: the run's own false-verdict count, first, and loud when it is not zero. */
  private static void controls(RunRecord run, StringBuilder out) {
    RunRecord.Counts steady = run.verdicts().steady();
    RunRecord.Counts firstUse = run.verdicts().firstUse();
    if (steady.controls() + firstUse.controls() == 0) {
      out.append(
          "> No A/A control in this run (`--controls none`, or no nio cell): nothing shows its own false-verdict rate.\n\n");
      return;
    }
    boolean disagree = steady.controlsNotTie() + firstUse.controlsNotTie() > 0;
    out.append(disagree ? "> **The run's controls disagree with themselves:** " : "> A/A control: ")
        .append("nio against independent nio forks (`nio-aa`), ")
        .append(steady.controls())
        .append(" comparisons steady, ")
        .append(steady.controlsNotTie())
        .append(" not tie; ")
        .append(firstUse.controls())
        .append(" first-use, ")
        .append(firstUse.controlsNotTie())
        .append(" not tie.")
        .append(
            disagree
                ? " Each such verdict is a false one: read this run's verdicts of similar size with that in mind.\n\n"
                : " The method found no difference where there is none.\n\n");
  }

  private static void method(RunRecord run, StringBuilder out) {
    Environment env = run.environment();
    RunRecord.Settings s = run.settings();
    RunRecord.Method m = s.method();
    Map<String, String> v = new LinkedHashMap<>();
    v.put(
        "machine",
        orUnknown(env.cpu().model())
            + ", "
            + env.cpu().cores()
            + " cores"
            + (env.memoryBytes() == null ? "" : ", " + Format.bytes(env.memoryBytes()) + " memory")
            + "; "
            + orUnknown(env.os().distribution())
            + ", "
            + env.os().name()
            + " kernel "
            + env.os().kernel()
            + ", "
            + env.os().arch());
    v.put(
        "jdk",
        env.jdk().vendor()
            + " "
            + env.jdk().version()
            + " ("
            + env.jdk().vmName()
            + ")"
            + (s.jvm() == null ? "" : ", `" + s.jvm() + "`"));
    v.put("fileSystem", orUnknown(env.sandbox().fileSystemType()));
    v.put("root", env.sandbox().root());
    v.put("forks", s.forks() + (s.forks() == 1 ? " fork" : " forks"));
    v.put(
        "rounds",
        m.roundSeconds() == null
            ? ""
            : Template.inline(
                "method-rounds.md", Map.of("roundSeconds", m.roundSeconds().toString())));
    v.put(
        "steadyForks",
        m.steadyVerdictForks() == null
            ? ""
            : Template.inline(
                "method-steady-forks.md",
                Map.of("steadyVerdictForks", m.steadyVerdictForks().toString())));
    v.put("warmups", Integer.toString(s.warmups()));
    v.put(
        "samples",
        s.samplesPerFork().entrySet().stream()
            .map(e -> e.getValue() + " (" + e.getKey() + ")")
            .collect(Collectors.joining(", ")));
    v.put(
        "scale",
        (s.quick() ? " (quick matrix)" : "") + (s.large() ? " (large trees included)" : ""));
    v.put(
        "cache",
        s.cold()
            ? Template.inline(
                "method-cold.md",
                Map.of(
                    "tmpfs",
                    "tmpfs".equals(env.sandbox().fileSystemType())
                        ? Template.inline("method-cold-tmpfs.md")
                        : ""))
            : Template.inline("method-warm.md"));
    v.put("firstUse", Integer.toString(m.firstUseSamples()));
    v.put("confidence", Long.toString(Math.round(m.confidence() * 100)));
    v.put("falseDiscoveryRate", Double.toString(m.falseDiscoveryRate()));
    v.put("minimumEffect", Long.toString(Math.round(m.minimumEffect() * 100)));
    v.put("controlCases", m.controlCases());
    v.put("git", gitLine(env.git()));
    v.put(
        "libraries",
        env.dependencies().entrySet().stream()
            .sorted(Map.Entry.comparingByKey())
            .map(e -> e.getKey() + " " + e.getValue())
            .collect(Collectors.joining(", ")));
    v.put("startedAt", run.startedAt());
    v.put("finishedAt", run.finishedAt() == null ? "—" : run.finishedAt());
    out.append(Template.render("method.md", v));
  }

  private static void verdicts(RunRecord run, StringBuilder out) {
    out.append("## Verdicts\n\n");
    out.append(
        "| regime | comparisons | faster | slower | tie | A/A controls | controls not tie |\n|---|---:|---:|---:|---:|---:|---:|\n");
    for (Regime regime : List.of(Regime.STEADY, Regime.FIRST_USE)) {
      RunRecord.Counts n = run.verdicts().of(regime);
      out.append("| ")
          .append(regime.label())
          .append(" | ")
          .append(n.comparisons())
          .append(" | ")
          .append(n.faster())
          .append(" | ")
          .append(n.slower())
          .append(" | ")
          .append(n.tie())
          .append(" | ")
          .append(n.controls())
          .append(" | ")
          .append(n.controlsNotTie())
          .append(" |\n");
    }
    out.append("\n");
  }

  /** The shape of every tree the run measured: what a tree case ran on, without its names. */
  private static void trees(RunRecord run, StringBuilder out) {
    if (run.trees().isEmpty()) {
      return;
    }
    out.append(Template.render("trees.md"));
    for (Map.Entry<String, TreeShape> e : run.trees().entrySet()) {
      TreeShape t = e.getValue();
      TreeShape.Quantiles q = t.fileSizes();
      List<String> notes = new ArrayList<>();
      if (t.skipped() > 0) {
        notes.add(String.format(Locale.ROOT, "%,d special files skipped", t.skipped()));
      }
      if (t.modesAdjusted() > 0) {
        notes.add(
            String.format(Locale.ROOT, "%,d entries' permission bits adjusted", t.modesAdjusted()));
      }
      if (t.namesNotUtf8() > 0) {
        notes.add(
            String.format(
                Locale.ROOT,
                "%,d names not valid in the file name encoding: readdir, glob, scan omitted",
                t.namesNotUtf8()));
      }
      out.append("| ")
          .append(e.getKey())
          .append(" | ")
          .append(Format.cell(t.source()))
          .append(" | ")
          .append(count(t.entries()))
          .append(" | ")
          .append(count(t.files()))
          .append(" | ")
          .append(count(t.directories()))
          .append(" | ")
          .append(count(t.links()))
          .append(" | ")
          .append(t.depth())
          .append(" | ")
          .append(count(t.bytes()))
          .append(" | ")
          .append(
              q == null
                  ? "—"
                  : count(q.p50())
                      + " / "
                      + count(q.p90())
                      + " / "
                      + count(q.p99())
                      + " / "
                      + count(q.max()))
          .append(" | ")
          .append(count(t.largestDirectory()))
          .append(" | ")
          .append(
              t.manifestSha256() == null ? "—" : "`" + t.manifestSha256().substring(0, 16) + "`")
          .append(" | ")
          .append(String.join("; ", notes))
          .append(" |\n");
    }
    out.append("\n");
  }

  private static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  /**
   * The size sweep's answer: from which size on the target is faster, per family and mode, and how
   * far it is from the floor there.
   */
  private static void scaling(
      RunRecord run, List<String> charts, String target, StringBuilder out) {
    List<Crossover.Row> rows = Crossover.of(run, target);
    if (rows.isEmpty()) {
      return;
    }
    boolean floors = rows.stream().anyMatch(Crossover.Row::hasFloor);
    out.append(
        Template.render(
            "scaling.md",
            Map.of(
                "target",
                target,
                "chart",
                charts.contains("scaling.png")
                    ? Template.render(
                        "scaling-chart.md", Map.of("andFloor", floors ? " and the floor" : ""))
                    : "",
                "floorNote",
                floors ? Template.inline("scaling-floor-note.md") : "",
                "floorColumn",
                floors ? " vs floor there |" : "",
                "floorAlign",
                floors ? "---:|" : "")));
    for (Crossover.Row row : rows) {
      Optional<Crossover.Point> from = row.from();
      out.append("| ")
          .append(row.family())
          .append(" | ")
          .append(row.mode())
          .append(" | ")
          .append(row.points().size())
          .append(" | ")
          .append(from.map(p -> "**" + p.scenario() + "**").orElse("none"))
          .append(" | ")
          .append(from.map(p -> count(p.entries())).orElse("—"))
          .append(" | ")
          .append(from.map(p -> Format.versus(p.versus())).orElse("—"))
          .append(" |");
      if (floors) {
        out.append(" ")
            .append(from.map(Crossover.Point::vsFloor).map(Format::distance).orElse("—"))
            .append(" |");
      }
      out.append(" ")
          .append(
              row.points().stream()
                  .map(p -> p.scenario().replace("tree-", "") + " " + p.verdict())
                  .collect(Collectors.joining(", ")))
          .append(" |\n");
    }
    out.append("\n");
  }

  /**
   * The cells selected but not run, in short: the cells a backend serves through nio, by backend
   * and family (its route is the answer there, not a figure), and the others with their reasons.
   */
  private static void notRun(List<RunRecord.Omitted> omitted, StringBuilder out) {
    if (omitted.isEmpty()) {
      return;
    }
    Map<String, Set<String>> viaNio = new LinkedHashMap<>();
    List<RunRecord.Omitted> others = new ArrayList<>();
    for (RunRecord.Omitted o : omitted) {
      if (o.reason().startsWith(Matrix.NIO_FALLBACK_PREFIX)) {
        CellKey key = CellKey.parse(o.cell());
        viaNio.computeIfAbsent(key.backend(), b -> new java.util.TreeSet<>()).add(key.family());
      } else {
        others.add(o);
      }
    }
    out.append("## Cells not run\n\n");
    if (!viaNio.isEmpty()) {
      out.append(Template.render("not-run-nio.md"));
      viaNio.forEach(
          (backend, families) ->
              out.append("| ")
                  .append(backend)
                  .append(" | ")
                  .append(String.join(", ", families))
                  .append(" |\n"));
      out.append("\n");
    }
    if (!others.isEmpty()) {
      out.append(Template.render("not-run-other.md"));
      for (RunRecord.Omitted o : others) {
        out.append("| ")
            .append(o.cell())
            .append(" | ")
            .append(Format.cell(o.reason()))
            .append(" |\n");
      }
      out.append("\n");
    }
  }

  private static void backends(Environment env, StringBuilder out) {
    out.append("## Backends\n\n");
    out.append("| backend | available | description | details |\n|---|---|---|---|\n");
    for (Environment.BackendInfo b : env.backends()) {
      out.append("| ")
          .append(b.id())
          .append(" | ")
          .append(b.available() ? "yes" : "no: " + Format.cell(b.reason()))
          .append(" | ")
          .append(Format.cell(b.description()))
          .append(" | ")
          .append(
              Format.cell(
                  b.details().entrySet().stream()
                      .sorted(Map.Entry.comparingByKey())
                      .map(d -> d.getKey() + "=" + d.getValue())
                      .collect(Collectors.joining(", "))))
          .append(" |\n");
    }
    out.append("\n");
  }

  /** The floors the providers offer, when any is: run.json's {@code environment.floors}. */
  private static void floors(Environment env, StringBuilder out) {
    if (env.floors() == null) {
      return;
    }
    out.append("## Floors\n\n");
    out.append(
        "| floor | timing | available | families | description | details |\n|---|---|---|---|---|---|\n");
    for (Environment.FloorInfo f : env.floors()) {
      out.append("| ")
          .append(f.id())
          .append(" | ")
          .append(f.timing() == null ? "—" : f.timing())
          .append(" | ")
          .append(f.available() ? "yes" : "no: " + Format.cell(f.reason()))
          .append(" | ")
          .append(
              f.families().size() == dev.fsbench.spi.Op.values().length
                  ? "all"
                  : String.join(", ", f.families()))
          .append(" | ")
          .append(Format.cell(f.description()))
          .append(" | ")
          .append(
              Format.cell(
                  f.details().entrySet().stream()
                      .sorted(Map.Entry.comparingByKey())
                      .map(d -> d.getKey() + "=" + d.getValue())
                      .collect(Collectors.joining(", "))))
          .append(" |\n");
    }
    out.append("\n");
  }

  private static String gitLine(Environment.Git git) {
    if (git.commit() == null) {
      return "commit unknown (" + git.note() + ")";
    }
    String dirty =
        git.dirty() == null
            ? ", dirty state unknown"
            : git.dirty() ? ", with uncommitted changes" : "";
    return "commit `"
        + git.commit().substring(0, Math.min(12, git.commit().length()))
        + "`"
        + dirty;
  }

  private static String orUnknown(String s) {
    return s == null ? "unknown" : s;
  }
}
