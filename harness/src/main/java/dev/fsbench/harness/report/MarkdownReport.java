package dev.fsbench.harness.report;

import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.CaseRecord.BackendResult;
import dev.fsbench.harness.results.Environment;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.stats.Comparison;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Renders REPORT.md from a run: the method, an overview row per family, then one table per family with every case,
 * mode and backend. Nothing is left out: a loss is a row like any other, and an incomplete run says so at the top.
 *
 * <pre>{@code
 * String markdown = MarkdownReport.render(RunJson.read(Path.of("results/2026-11-30-linux-amd64")), "2026-11-30-linux-amd64");
 * }</pre>
 */
public final class MarkdownReport {
  private MarkdownReport() {}

  public static String render(RunRecord run, String title) {
    return render(run, title, List.of());
  }

  /**
   * As {@link #render(RunRecord, String)}, linking the charts the notebooks drew into the run's folder ({@code
   * overview.png}, {@code sync-async.png}, ...): {@code charts} are the file names present there.
   */
  public static String render(RunRecord run, String title, List<String> charts) {
    StringBuilder out = new StringBuilder();
    out.append("# fsbench results: ").append(title).append("\n\n");
    status(run, out);
    method(run, out);
    Map<String, List<CaseRecord>> byFamily = new LinkedHashMap<>();
    for (CaseRecord c : run.cases()) {
      byFamily.computeIfAbsent(c.family(), k -> new ArrayList<>()).add(c);
    }
    overview(byFamily, charts, out);
    for (Map.Entry<String, List<CaseRecord>> family : byFamily.entrySet()) {
      familyTable(family.getKey(), family.getValue(), out);
    }
    omitted(run.omitted(), out);
    backends(run.environment(), out);
    return out.toString();
  }

  private static void status(RunRecord run, StringBuilder out) {
    switch (run.status()) {
      case COMPLETE:
        return;
      case FAILED:
        RunRecord.Failure f = run.failure();
        out.append("> **Incomplete run: it stopped at a failure.** Cell `").append(f.cell()).append("`");
        if (f.backend() != null) {
          out.append(" (backend ").append(f.backend()).append(", family ").append(f.family()).append(", case ")
              .append(f.caseLabel()).append(", mode ").append(f.mode()).append(")");
        }
        out.append(": ").append(Format.cell(f.message())).append("\n> The tables below hold only the cells finished before it.\n\n");
        return;
      case INTERRUPTED:
        out.append("> **Incomplete run: interrupted.** The tables below hold only the cells finished before it.\n\n");
        return;
      case RUNNING:
        out.append("> **Incomplete run: still running, or killed without a chance to record it.**\n\n");
        return;
      default:
        throw new IllegalStateException("unknown status " + run.status());
    }
  }

  private static void method(RunRecord run, StringBuilder out) {
    Environment env = run.environment();
    RunRecord.Settings s = run.settings();
    out.append("## Method\n\n");
    out.append("- Machine: ").append(orUnknown(env.cpu().model())).append(", ").append(env.cpu().cores()).append(" cores");
    if (env.memoryBytes() != null) {
      out.append(", ").append(Format.bytes(env.memoryBytes())).append(" memory");
    }
    out.append("; ").append(orUnknown(env.os().distribution())).append(", ").append(env.os().name()).append(" kernel ")
        .append(env.os().kernel()).append(", ").append(env.os().arch()).append("; ").append(env.jdk().vendor()).append(" ")
        .append(env.jdk().version()).append(" (").append(env.jdk().vmName()).append(").\n");
    out.append("- Sandbox: **").append(orUnknown(env.sandbox().fileSystemType())).append("** under `").append(env.sandbox().root())
        .append("`. Every fixture lives in a fresh directory the harness creates there and removes at the end. Where the"
            + " sandbox lives matters more than any backend: compare runs only on the same filesystem type.\n");
    out.append("- JMH SingleShotTime: ").append(s.warmups()).append(" warmup").append(s.warmups() == 1 ? "" : "s").append(" and ")
        .append(s.samples()).append(" measured sample").append(s.samples() == 1 ? "" : "s").append(" per fork, ").append(s.forks())
        .append(" fork").append(s.forks() == 1 ? "" : "s").append(" per cell")
        .append(s.quick() ? " (quick matrix)" : "").append(s.large() ? " (large trees included)" : "")
        .append(". Every sample starts from a freshly prepared fixture; setup, verification and cleanup are not timed;"
            + " every warmup and sample is verified. Warm page cache, no fsync.\n");
    out.append("- Tables show the median and p90 (nearest rank) of the whole workload in milliseconds, lower is better."
        + " *vs nio* is nio's median divided by the backend's: above 1 the backend is faster than nio, below 1 slower."
        + " **robust** means a two-sided Wilcoxon rank-sum test separates the two sets of samples at 5%; otherwise the"
        + " ranking could be an accident of which samples were slow (with fewer than 4 samples a side nothing can be robust)."
        + " *route* says whether the backend's own code did the work or it fell back to `java.nio.file` (then it is measuring NIO).\n");
    out.append("- single = one call; batch-256 = 256 distinct paths (sync: one after another; async: at most 8 in flight);"
        + " tree-N = a tree of N files of 4 KiB; ops/s and MiB/s are logical rates of the workload at the median, not device bandwidth.\n");
    out.append("- Source: ").append(gitLine(env.git())).append("; libraries: ")
        .append(env.dependencies().entrySet().stream().sorted(Map.Entry.comparingByKey()).map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")))
        .append(".\n");
    out.append("- Started ").append(run.startedAt()).append(", finished ").append(run.finishedAt() == null ? "—" : run.finishedAt())
        .append(". Raw samples (warmups included and marked), statistics and routes: `run.json`; JMH's own output: `jmh.json`.\n\n");
  }

  private static void overview(Map<String, List<CaseRecord>> byFamily, List<String> charts, StringBuilder out) {
    out.append("## Overview\n\n");
    if (charts.contains("overview.png")) {
      out.append("![nio's median over each backend's, per family, sync and async (log scale)](overview.png)\n\n");
    }
    out.append("Two representative rows per family, sync then async: batch-256 (buffer or default variant), or tree-1000"
        + " for tree families, as the seed's batch overview; a run without that case shows the case it has. *Best peer*"
        + " is the fastest backend other than native in that row; *peer / native* above 1 means native is faster.\n\n");
    out.append("| family | case | mode | best peer | peer ms | native ms | peer / native | robust |\n");
    out.append("|---|---|---|---|---:|---:|---:|---|\n");
    for (Map.Entry<String, List<CaseRecord>> family : byFamily.entrySet()) {
      for (CaseRecord c : Overview.representatives(family.getValue())) {
        overviewRow(family.getKey(), c, out);
      }
    }
    out.append("\n");
    List<String> more = charts.stream().filter(c -> !c.equals("overview.png")).sorted().toList();
    if (!more.isEmpty()) {
      out.append("Charts drawn from this run by the notebooks: ")
          .append(more.stream().map(c -> "[" + c.replaceFirst("\\.png$", "") + "](" + c + ")").collect(Collectors.joining(", ")))
          .append(".\n\n");
    }
  }

  private static void overviewRow(String family, CaseRecord c, StringBuilder out) {
    Optional<Map.Entry<String, BackendResult>> peer = Overview.bestPeer(c);
    Optional<BackendResult> nat = Overview.nativeDefault(c);
    out.append("| ").append(family).append(" | ").append(c.caseLabel()).append(" | ").append(c.mode()).append(" | ");
    out.append(peer.map(Map.Entry::getKey).orElse("—")).append(" | ");
    out.append(peer.map(e -> Format.millis(e.getValue().statistics().medianNanos())).orElse("—")).append(" | ");
    out.append(nat.map(n -> Format.millis(n.statistics().medianNanos())).orElse("not measured")).append(" | ");
    if (peer.isPresent() && nat.isPresent()) {
      Comparison vs = Comparison.of(wall(peer.get().getValue()), wall(nat.get()));
      out.append(Format.ratio(vs.ratio())).append(vs.ratio() < 1 ? " (native slower)" : "").append(" | ")
          .append(vs.robust() ? "robust" : "not robust").append(" |\n");
    } else {
      out.append("— | — |\n");
    }
  }

  private static void familyTable(String family, List<CaseRecord> cases, StringBuilder out) {
    out.append("## ").append(family).append("\n\n");
    out.append("| case | mode | backend | median ms | p90 ms | vs nio | robust | ops/s | MiB/s | route |\n");
    out.append("|---|---|---|---:|---:|---:|---|---:|---:|---|\n");
    for (CaseRecord c : cases) {
      for (Map.Entry<String, BackendResult> e : c.results().entrySet()) {
        BackendResult r = e.getValue();
        out.append("| ").append(c.caseLabel()).append(" | ").append(c.mode()).append(" | ").append(e.getKey()).append(" | ")
            .append(Format.millis(r.statistics().medianNanos())).append(" | ").append(Format.millis(r.statistics().p90Nanos()))
            .append(" | ");
        if (r.vsNio() == null) {
          out.append(r.backend().equals("nio") ? "baseline" : "no nio").append(" | — | ");
        } else {
          out.append(Format.ratio(r.vsNio().ratio())).append(r.vsNio().ratio() < 1 ? " slower" : "").append(" | ")
              .append(r.vsNio().robust() ? "robust" : "not robust").append(" | ");
        }
        out.append(Format.rate(r.statistics().operationsPerSecond())).append(" | ")
            .append(r.statistics().mibPerSecond() == null ? "—" : Format.significant(r.statistics().mibPerSecond())).append(" | ")
            .append(r.route().kind() == CaseRecord.RouteRecord.Kind.OWN ? "own" : "**nio fallback**").append(": ")
            .append(Format.cell(r.route().via())).append(" |\n");
      }
    }
    out.append("\n");
  }

  private static void omitted(List<RunRecord.Omitted> omitted, StringBuilder out) {
    if (omitted.isEmpty()) {
      return;
    }
    out.append("## Cells not run\n\n");
    out.append("Selected by the filters, but their backend cannot run them:\n\n");
    out.append("| cell | reason |\n|---|---|\n");
    for (RunRecord.Omitted o : omitted) {
      out.append("| ").append(o.cell()).append(" | ").append(Format.cell(o.reason())).append(" |\n");
    }
    out.append("\n");
  }

  private static void backends(Environment env, StringBuilder out) {
    out.append("## Backends\n\n");
    out.append("| backend | available | description | details |\n|---|---|---|---|\n");
    for (Environment.BackendInfo b : env.backends()) {
      out.append("| ").append(b.id()).append(" | ").append(b.available() ? "yes" : "no: " + Format.cell(b.reason())).append(" | ")
          .append(Format.cell(b.description())).append(" | ")
          .append(Format.cell(b.details().entrySet().stream().sorted(Map.Entry.comparingByKey())
              .map(d -> d.getKey() + "=" + d.getValue()).collect(Collectors.joining(", "))))
          .append(" |\n");
    }
    out.append("\n");
  }

  private static double[] wall(BackendResult r) {
    return r.samples().stream().filter(s -> !s.warmup()).mapToDouble(CaseRecord.RawSample::wallNanos).toArray();
  }

  private static String gitLine(Environment.Git git) {
    if (git.commit() == null) {
      return "commit unknown (" + git.note() + ")";
    }
    String dirty = git.dirty() == null ? ", dirty state unknown" : git.dirty() ? ", with uncommitted changes" : "";
    return "commit `" + git.commit().substring(0, Math.min(12, git.commit().length())) + "`" + dirty;
  }

  private static String orUnknown(String s) {
    return s == null ? "unknown" : s;
  }
}
