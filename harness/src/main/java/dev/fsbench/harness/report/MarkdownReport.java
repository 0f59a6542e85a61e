package dev.fsbench.harness.report;

import dev.fsbench.harness.model.TreeShape;
import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.CaseRecord.BackendResult;
import dev.fsbench.harness.results.CaseRecord.Distance;
import dev.fsbench.harness.results.CaseRecord.RegimeRecord;
import dev.fsbench.harness.results.CaseRecord.Versus;
import dev.fsbench.harness.results.Cases;
import dev.fsbench.harness.results.Environment;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.stats.Regime;
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
 * Renders REPORT.md from a run: the A/A control's result, the method, the steady overview and the
 * first-use one beside it, the verdict counts, where the two regimes disagree, then one table per
 * family with every case, mode and backend in both regimes. Nothing is left out: a loss is a row
 * like any other, and an incomplete run says so at the top.
 *
 * <p>A run with floors ({@link BackendResult#isFloor()}) shows each backend's distance to them: in
 * the overviews, beside the comparison with nio, the distance to {@value #FLOOR}; in the family
 * tables a column per floor of the family and regime. A run without floors renders exactly as it
 * did before floors existed.
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
    method(run, out);
    floorMethod(run, out);
    trees(run, out);
    Map<String, List<CaseRecord>> byFamily = new LinkedHashMap<>();
    for (CaseRecord c : run.cases()) {
      byFamily.computeIfAbsent(c.family(), k -> new ArrayList<>()).add(c);
    }
    List<String> peers = Overview.peers(run, target);
    overview(byFamily, Regime.STEADY, charts, target, peers, out);
    overview(byFamily, Regime.FIRST_USE, charts, target, peers, out);
    scaling(run, charts, target, out);
    verdicts(run, out);
    disagreements(run, out);
    List<String> more = charts.stream().filter(c -> !c.startsWith("overview")).sorted().toList();
    if (!more.isEmpty()) {
      out.append("Charts drawn from this run by the notebooks: ")
          .append(
              more.stream()
                  .map(c -> "[" + c.replaceFirst("\\.png$", "") + "](" + c + ")")
                  .collect(Collectors.joining(", ")))
          .append(".\n\n");
    }
    for (Map.Entry<String, List<CaseRecord>> family : byFamily.entrySet()) {
      familyTable(family.getKey(), family.getValue(), out);
    }
    omitted(run.omitted(), out);
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
    out.append("The floors (")
        .append(labels.stream().map(l -> "`" + l + "`").collect(Collectors.joining(", ")))
        .append(cases == null ? "" : "; " + cases + " sync cases")
        .append(
            "): the same work on the same fixtures, verified the same way, with no JVM in the loop. `floor` is the"
                + " native library's own implementation of the family, the sample's calls looped inside the library and"
                + " timed there (`clock_gettime(CLOCK_MONOTONIC)` around the loop); a floor marked *process timing* is a"
                + " system tool on the same tree (`find DIR > /dev/null`, `cp -r`, `rm -rf`), timed as a whole process"
                + " from spawn to exit. A floor is a reference, never compared with nio and never given a verdict. *vs"
                + " floor* is a backend's figure over the floor's in the same regime, with the 95% interval of that ratio"
                + " from the same hierarchical bootstrap: 1.30x is 30% above the floor; below 1 is faster than that"
                + " floor, which only a process timing (its start-up included) allows.\n\n");
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
    out.append("## Method\n\n");
    out.append("- Machine: ")
        .append(orUnknown(env.cpu().model()))
        .append(", ")
        .append(env.cpu().cores())
        .append(" cores");
    if (env.memoryBytes() != null) {
      out.append(", ").append(Format.bytes(env.memoryBytes())).append(" memory");
    }
    out.append("; ")
        .append(orUnknown(env.os().distribution()))
        .append(", ")
        .append(env.os().name())
        .append(" kernel ")
        .append(env.os().kernel())
        .append(", ")
        .append(env.os().arch())
        .append("; forks on ")
        .append(env.jdk().vendor())
        .append(" ")
        .append(env.jdk().version())
        .append(" (")
        .append(env.jdk().vmName())
        .append(")")
        .append(s.jvm() == null ? "" : ", `" + s.jvm() + "`")
        .append(".\n");
    out.append("- Sandbox: **")
        .append(orUnknown(env.sandbox().fileSystemType()))
        .append("** under `")
        .append(env.sandbox().root())
        .append(
            "`. Every fixture lives in a fresh directory the harness creates there and removes at the end. Where the"
                + " sandbox lives matters more than any backend: compare runs only on the same filesystem type.\n");
    out.append("- JMH SingleShotTime, ")
        .append(s.forks())
        .append(" fork")
        .append(s.forks() == 1 ? "" : "s")
        .append(" per cell, interleaved across the case's backends")
        .append(
            s.method().roundSeconds() != null
                ? " and spread over blocks of cases (round 1 of every case of a block, then round 2;"
                    + " rounds about "
                    + s.method().roundSeconds()
                    + " s apart)"
                : "")
        .append("; per fork ")
        .append(s.warmups())
        .append(" warmups, then ")
        .append(
            s.samplesPerFork().entrySet().stream()
                .map(e -> e.getValue() + " (" + e.getKey() + ")")
                .collect(Collectors.joining(", ")))
        .append(" measured iterations")
        .append(s.quick() ? " (quick matrix)" : "")
        .append(s.large() ? " (large trees included)" : "")
        .append(
            ". Every iteration starts from a freshly prepared fixture; setup, verification and cleanup are not timed;"
                + " every iteration is verified. ")
        .append(
            s.cold()
                ? "**Cold page cache**: before every warmup and sample, in its untimed setup, the run called sync"
                    + " and wrote 3 to /proc/sys/vm/drop_caches (`--cold`)"
                    + ("tmpfs".equals(env.sandbox().fileSystemType())
                        ? "; on tmpfs that evicts none of the sandbox's files, which live in the page cache"
                        : "")
                    + "; no fsync.\n"
                : "Warm page cache, no fsync.\n");
    out.append(
            "- **first-use** answers \"which backend should a short-lived JVM or CLI tool use\": the first ")
        .append(m.firstUseSamples())
        .append(
            " measured samples of each fresh fork. **steady** answers \"which should a"
                + " long-running server use\": each fork's samples after its series settled, found by a changepoint test and"
                + " a trend test with a practical bound (a fork still moving at its end, or settling too late, has no steady"
                + " state and is left out; a cell in which fewer than a third of the forks settled gets no steady figure).\n");
    out.append(
            "- A cell's figure is the median of its fork medians, in ms, lower is better. *vs nio* is nio's figure over the"
                + " backend's (above 1 the backend is faster) with its ")
        .append(Math.round(m.confidence() * 100))
        .append(
            "% interval at the fork level: Student's t over the log fork medians (forks as the independent units), their"
                + " variance pooled with the typical one of the run's comparisons in that regime and mode (a moderated t)."
                + " Its p-value is that test's. The verdict is **faster**"
                + " or **slower** only when that p-value, Benjamini-Hochberg adjusted over the whole run's comparisons in that"
                + " regime, is below ")
        .append(m.falseDiscoveryRate())
        .append(", the interval excludes 1, and the ratio is at least ")
        .append(Math.round(m.minimumEffect() * 100))
        .append(
            "% away from 1; otherwise **tie**. `nio-aa` is the A/A control: nio again in forks of its own (")
        .append(m.controlCases())
        .append(
            " cases). *route* says whether the backend's own code did the work or it fell back to"
                + " `java.nio.file` (then it is measuring NIO).\n");
    out.append(
        "- single = one call; batch-256 = 256 distinct paths (sync: one after another; async: at most 8 in flight);"
            + " tree-N = a tree of N files of 4 KiB (`source/d{i/25}/nested/f{i}.js`); jdk-src, links-dots,"
            + " wide-100k and user-tree are the trees the section Trees describes; ops/s at the steady figure. Per sample, run.json also records CPU time"
            + " (every thread, the JVM's own GC and JIT threads included), heap allocation, GC cycles and JIT time inside the"
            + " timed region; *gc* counts the samples with a GC inside it.\n");
    out.append("- Source: ")
        .append(gitLine(env.git()))
        .append("; libraries: ")
        .append(
            env.dependencies().entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + " " + e.getValue())
                .collect(Collectors.joining(", ")))
        .append(".\n");
    out.append("- Started ")
        .append(run.startedAt())
        .append(", finished ")
        .append(run.finishedAt() == null ? "—" : run.finishedAt())
        .append(
            ". Fork classifications, statistics and routes: `run.json`; the raw samples of every fork (warmups"
                + " included and marked): `samples.jsonl.gz`; JMH's own output: `jmh.json.gz`.\n\n");
  }

  private static void overview(
      Map<String, List<CaseRecord>> byFamily,
      Regime regime,
      List<String> charts,
      String target,
      List<String> peers,
      StringBuilder out) {
    boolean steady = regime == Regime.STEADY;
    out.append("## Overview, ").append(regime.label()).append("\n\n");
    String chart = steady ? "overview.png" : "overview-first-use.png";
    if (charts.contains(chart)) {
      out.append("![nio's figure over each backend's, per family, ")
          .append(regime.label())
          .append(" (log scale)](")
          .append(chart)
          .append(")\n\n");
    }
    out.append(
        steady
            ? "What a long-running server sees, after the JIT has settled. "
            : "What a short-lived JVM or a CLI tool sees: the first samples of a fresh fork. ");
    out.append(
        "Two rows per family, sync then async: batch-256 (buffer or default variant), or tree-1000 for tree families;"
            + " a run without that case shows the case it has. Ratios are nio's figure over the backend's: above 1 the backend"
            + " is faster.\n\n");
    boolean floors =
        byFamily.values().stream()
            .flatMap(List::stream)
            .anyMatch(c -> c.results().containsKey(FLOOR) && c.results().get(FLOOR).isFloor());
    if (floors) {
      out.append(
          "The floor columns: `floor`'s figure (the native library's own loop of the same calls, no JVM), and each"
              + " backend's figure over it: how far above the floor it is. Sync rows only.\n\n");
    }
    out.append("| family | case | mode | nio ms | ")
        .append(target)
        .append(" ms | ")
        .append(target)
        .append(" vs nio | verdict |");
    peers.forEach(p -> out.append(" ").append(p).append(" vs nio | verdict |"));
    if (floors) {
      out.append(" floor ms | nio vs floor | ").append(target).append(" vs floor |");
      peers.forEach(p -> out.append(" ").append(p).append(" vs floor |"));
    }
    out.append("\n|---|---|---|---:|---:|---:|---|");
    peers.forEach(p -> out.append("---:|---|"));
    if (floors) {
      out.append("---:|---:|---:|").append("---:|".repeat(peers.size()));
    }
    out.append("\n");
    for (Map.Entry<String, List<CaseRecord>> family : byFamily.entrySet()) {
      for (CaseRecord c : Overview.representatives(family.getValue())) {
        RegimeRecord nio =
            c.results().containsKey(Cases.BASELINE)
                ? c.results().get(Cases.BASELINE).regime(regime)
                : null;
        BackendResult targetResult = Overview.atDefault(c, target).orElse(null);
        RegimeRecord studied = targetResult == null ? null : targetResult.regime(regime);
        out.append("| ")
            .append(family.getKey())
            .append(" | ")
            .append(c.caseLabel())
            .append(" | ")
            .append(c.mode())
            .append(" | ")
            .append(figure(nio))
            .append(" | ")
            .append(figure(studied))
            .append(" | ")
            .append(studied == null ? "—" : versus(targetResult, studied))
            .append(" | ")
            .append(studied == null ? "—" : Format.verdict(studied.vsNio()))
            .append(" |");
        for (String peer : peers) {
          BackendResult result = Overview.atDefault(c, peer).orElse(null);
          RegimeRecord r = result == null ? null : result.regime(regime);
          out.append(" ")
              .append(r == null ? "—" : versus(result, r))
              .append(" | ")
              .append(r == null ? "—" : Format.verdict(r.vsNio()))
              .append(" |");
        }
        if (floors) {
          BackendResult floor = c.results().get(FLOOR);
          RegimeRecord f = floor != null && floor.isFloor() ? floor.regime(regime) : null;
          out.append(" ")
              .append(f == null ? "—" : figure(f))
              .append(" | ")
              .append(Format.distance(distanceToFloor(nio)))
              .append(" | ")
              .append(Format.distance(distanceToFloor(studied)))
              .append(" |");
          for (String peer : peers) {
            BackendResult result = Overview.atDefault(c, peer).orElse(null);
            out.append(" ")
                .append(
                    Format.distance(distanceToFloor(result == null ? null : result.regime(regime))))
                .append(" |");
          }
        }
        out.append("\n");
      }
    }
    out.append("\n");
  }

  private static Distance distanceToFloor(RegimeRecord r) {
    return r == null || r.vsFloor() == null ? null : r.vsFloor().get(FLOOR);
  }

  /** The ratio against nio, marked when the backend only ran NIO's own code. */
  private static String versus(BackendResult result, RegimeRecord r) {
    return Format.versus(r.vsNio())
        + (result.route().kind() == CaseRecord.RouteRecord.Kind.NIO_FALLBACK
            ? " (nio fallback)"
            : "");
  }

  private static String figure(RegimeRecord r) {
    if (r == null) {
      return "not measured";
    }
    return r.statistics() == null ? "no steady state" : Format.millis(r.statistics().medianNanos());
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

  /**
   * Where the two regimes reach different verdicts: the answer depends on how long the JVM lives.
   */
  private static void disagreements(RunRecord run, StringBuilder out) {
    List<String> rows = new ArrayList<>();
    int noSteady = 0;
    for (CaseRecord c : run.cases()) {
      for (Map.Entry<String, BackendResult> e : c.results().entrySet()) {
        BackendResult r = e.getValue();
        Versus steady = r.regime(Regime.STEADY).vsNio();
        Versus first = r.regime(Regime.FIRST_USE).vsNio();
        if (r.regime(Regime.STEADY).statistics() == null) {
          noSteady++;
        }
        if (steady != null && first != null && steady.verdict() != first.verdict()) {
          rows.add(
              "| "
                  + c.family()
                  + " | "
                  + c.caseLabel()
                  + " | "
                  + c.mode()
                  + " | "
                  + e.getKey()
                  + " | "
                  + Format.versus(first)
                  + " | "
                  + first.verdict().label()
                  + " | "
                  + Format.versus(steady)
                  + " | "
                  + steady.verdict().label()
                  + " |");
        }
      }
    }
    out.append("## Where first-use and steady disagree\n\n");
    if (rows.isEmpty()) {
      out.append(
          "Nowhere: every comparison with a figure in both regimes has the same verdict in both.");
    } else {
      out.append(rows.size())
          .append(
              " comparisons have another verdict in the steady regime than in the first-use one:\n\n");
      out.append(
          "| family | case | mode | backend | first-use vs nio | verdict | steady vs nio | verdict |\n|---|---|---|---|---:|---|---:|---|\n");
      rows.forEach(r -> out.append(r).append("\n"));
    }
    out.append("\n\n")
        .append(noSteady)
        .append(" cells have no steady figure (their forks did not settle).\n\n");
  }

  /** The shape of every tree the run measured: what a tree case ran on, without its names. */
  private static void trees(RunRecord run, StringBuilder out) {
    if (run.trees().isEmpty()) {
      return;
    }
    out.append("## Trees\n\n");
    out.append(
        "What the tree cases ran on, from run.json's `trees`: counts, depth and sizes, never a name. A prepared"
            + " tree (a real-shaped one, or the snapshot of `--tree`) was made once in the sandbox, and every"
            + " sample verified against its manifest, read with plain NIO; the hash identifies it across runs."
            + " File sizes are nearest-rank quantiles in bytes.\n\n");
    out.append(
        "| tree | source | entries | files | directories | links | depth | bytes | file size p50 / p90 / p99 / max |"
            + " largest directory | manifest sha256 | notes |\n");
    out.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n");
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
    out.append("## Scaling: where ").append(target).append(" starts to win\n\n");
    if (charts.contains("scaling.png")) {
      out.append(
          "![time against entries per tree family, log-log, every backend"
              + (floors ? " and the floor" : "")
              + "](scaling.png)\n\n");
    }
    out.append(
            "The size sweep: the synthetic tree at every size measured. Per family and mode, the smallest size from which ")
        .append(target)
        .append(
            " is **faster** than nio in the steady regime, there and at every larger size that has a"
                + " steady comparison (a size without one is passed over), with the ratio and its 95% interval there;"
                + " *none* when it is not faster at the largest decided size. The last column has each size's"
                + " verdict, smallest first.")
        .append(
            floors
                ? " *vs floor there* is its distance to the `floor` (the library's own loop) at that size, steady;"
                    + " the floor of each size is in the family's table below."
                : "")
        .append("\n\n");
    out.append("| family | mode | sizes | ")
        .append(target)
        .append(" faster from | entries | ")
        .append(target)
        .append(" vs nio there |")
        .append(floors ? " vs floor there |" : "")
        .append(" verdict by size |\n");
    out.append("|---|---|---:|---|---:|---:|").append(floors ? "---:|" : "").append("---|\n");
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

  private static void familyTable(String family, List<CaseRecord> cases, StringBuilder out) {
    out.append("## ").append(family).append("\n\n");
    List<String> floors = floorLabels(cases);
    String floorHeads = floors.stream().map(f -> " vs " + f + " |").collect(Collectors.joining());
    String floorAligns = "---:|".repeat(floors.size());
    out.append("| case | mode | backend | steady ms | vs nio | verdict |")
        .append(floorHeads)
        .append(" first-use ms | vs nio | verdict |")
        .append(floorHeads)
        .append(" forks | gc | ops/s | route |\n");
    out.append("|---|---|---|---:|---:|---|")
        .append(floorAligns)
        .append("---:|---:|---|")
        .append(floorAligns)
        .append("---|---:|---:|---|\n");
    for (CaseRecord c : cases) {
      for (Map.Entry<String, BackendResult> e : c.results().entrySet()) {
        BackendResult r = e.getValue();
        RegimeRecord steady = r.regime(Regime.STEADY);
        RegimeRecord first = r.regime(Regime.FIRST_USE);
        out.append("| ")
            .append(c.caseLabel())
            .append(" | ")
            .append(c.mode())
            .append(" | ")
            .append(e.getKey())
            .append(" | ")
            .append(figure(steady))
            .append(" | ")
            .append(reference(r, steady))
            .append(" | ")
            .append(Format.verdict(steady.vsNio()))
            .append(" | ")
            .append(distances(e.getKey(), steady, floors))
            .append(figure(first))
            .append(" | ")
            .append(reference(r, first))
            .append(" | ")
            .append(Format.verdict(first.vsNio()))
            .append(" | ")
            .append(distances(e.getKey(), first, floors))
            .append(forks(r))
            .append(" | ")
            .append(
                steady.statistics() == null
                    ? "—"
                    : steady.statistics().gcSamples() + "/" + steady.statistics().samples())
            .append(" | ")
            .append(
                steady.statistics() == null
                    ? "—"
                    : Format.rate(steady.statistics().operationsPerSecond()))
            .append(" | ")
            .append(
                r.isFloor()
                    ? r.timing().equals("process") ? "**process timing**" : "floor"
                    : r.route().kind() == CaseRecord.RouteRecord.Kind.OWN
                        ? "own"
                        : "**nio fallback**")
            .append(": ")
            .append(Format.cell(r.route().via()))
            .append(" |\n");
      }
    }
    out.append("\n");
  }

  /** The vs-nio cell: nio is the baseline, a floor a reference, any other result a comparison. */
  private static String reference(BackendResult r, RegimeRecord regime) {
    if (r.backend().equals(Cases.BASELINE)) {
      return "baseline";
    }
    return r.isFloor() ? "reference" : Format.versus(regime.vsNio());
  }

  /** The vs-floor cells of a row, one per floor of the family, each followed by its separator. */
  private static String distances(String label, RegimeRecord r, List<String> floors) {
    StringBuilder cells = new StringBuilder();
    for (String floor : floors) {
      Distance d = r.vsFloor() == null ? null : r.vsFloor().get(floor);
      cells.append(floor.equals(label) ? "reference" : Format.distance(d)).append(" | ");
    }
    return cells.toString();
  }

  /** The forks' classifications, compactly: {@code 2 warmup, 1 flat}. */
  private static String forks(BackendResult r) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    r.forks().forEach(f -> counts.merge(f.classification(), 1, Integer::sum));
    return counts.entrySet().stream()
        .map(e -> e.getValue() + " " + e.getKey())
        .collect(Collectors.joining(", "));
  }

  private static void omitted(List<RunRecord.Omitted> omitted, StringBuilder out) {
    if (omitted.isEmpty()) {
      return;
    }
    out.append("## Cells not run\n\n");
    out.append("Selected by the filters, but their backend cannot run them:\n\n");
    out.append("| cell | reason |\n|---|---|\n");
    for (RunRecord.Omitted o : omitted) {
      out.append("| ")
          .append(o.cell())
          .append(" | ")
          .append(Format.cell(o.reason()))
          .append(" |\n");
    }
    out.append("\n");
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
