package dev.fsbench.hostile;

import dev.fsbench.hostile.CaseResult.Verdict;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The hostile suite's report, {@code target/hostile-report.md}: per backend, the cases tried and
 * what went wrong (crashes, hangs, effects outside the case, wrong answers), per kind of input, and
 * every case that was not OK with its message.
 */
final class Reports {
  private Reports() {}

  private static final List<GroupRun> runs = new ArrayList<>();

  static synchronized void add(GroupRun run) {
    runs.add(run);
  }

  static synchronized String write() throws IOException {
    StringBuilder md = new StringBuilder("# Hostile-input suite\n\n");
    md.append(
        "Every case is one hostile input given one family, in one mode, in a child JVM per backend"
            + " and group (`hostile/README.md`). A crash is a child that did not exit 0 or wrote an"
            + " hs_err file; a hang, a call past its deadline (or a child killed at its outer one);"
            + " outside, a change to the victim beside the case or to a device node; wrong, an"
            + " answer other than NIO's (or the declared one); of the wrong ones, declared: those"
            + " `DeclaredDeviations` lists, Commons IO's own behaviour and what the race-safe walks"
            + " cannot do, each with its reason below (the suite aborts them, it does not fail"
            + " them).\n\n");
    md.append(
        "| backend | cases tried | ok | crashes | hangs | outside effects | wrong | of them declared |"
            + " suite errors | not reported |\n");
    md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    Map<String, int[]> byBackend = new LinkedHashMap<>();
    Map<String, Map<String, int[]>> byKind = new TreeMap<>();
    List<String> notOk = new ArrayList<>();
    for (GroupRun g : runs) {
      int[] t = byBackend.computeIfAbsent(g.backend, k -> new int[9]);
      if (g.notRun() != null) {
        notOk.add("- " + g.backend + " " + g.group.id() + ": not run: " + g.notRun());
        continue;
      }
      Map<String, String> kinds = new LinkedHashMap<>();
      int expected = 0;
      java.util.Set<dev.fsbench.spi.Op> throughNio = ThroughNio.of(g.backend);
      for (Input in : g.group.inputs()) {
        for (Family f : in.families()) {
          if (throughNio.contains(f.op())) {
            continue;
          }
          kinds.put(in.caseId(f), in.kind);
          expected += Mode.values().length;
        }
      }
      for (String crash : g.crashes()) {
        if (crash.contains("killed at its outer deadline")) {
          t[3]++;
        } else {
          t[2]++;
        }
        notOk.add("- " + g.backend + " " + g.group.id() + ": child JVM " + crash);
      }
      for (String restart : g.restarts()) {
        notOk.add(
            "- "
                + g.backend
                + " "
                + g.group.id()
                + ": the call of `"
                + restart
                + "` removed the child's working directory; a new child ran the rest");
      }
      if (!g.groupVictimChanges().isEmpty()) {
        t[4]++;
        notOk.add(
            "- " + g.backend + " " + g.group.id() + ": group victim " + g.groupVictimChanges());
      }
      t[8] += expected - g.results().size();
      for (CaseResult r : g.results().values()) {
        t[0]++;
        int[] k =
            byKind
                .computeIfAbsent(kinds.getOrDefault(r.caseId(), "?"), x -> new LinkedHashMap<>())
                .computeIfAbsent(g.backend, x -> new int[2]);
        k[0]++;
        if (r.verdict() == Verdict.OK) {
          t[1]++;
          k[1]++;
          continue;
        }
        switch (r.verdict()) {
          case HANG:
            t[3]++;
            break;
          case OUTSIDE:
            t[4]++;
            break;
          case MISMATCH:
            t[5]++;
            break;
          default:
            t[7]++;
            break;
        }
        String known = DeclaredDeviations.reason(g.backend, r.caseId(), r.mode(), r.verdict());
        if (known != null) {
          t[6]++;
        }
        notOk.add(
            "- "
                + g.backend
                + " `"
                + r.caseId()
                + "` "
                + r.mode()
                + ": **"
                + r.verdict()
                + "** "
                + r.message().replace("\n", " ")
                + (r.outcome() == null ? "" : "; got: " + r.outcome())
                + (r.nio() == null ? "" : "; NIO: " + r.nio())
                + (known == null ? "" : " _(declared deviation: " + known + ")_"));
      }
    }
    for (Map.Entry<String, int[]> e : byBackend.entrySet()) {
      int[] t = e.getValue();
      md.append("| ").append(e.getKey());
      for (int v : t) {
        md.append(" | ").append(v);
      }
      md.append(" |\n");
    }
    StringBuilder through = new StringBuilder();
    for (String b : byBackend.keySet()) {
      java.util.Set<dev.fsbench.spi.Op> ops = ThroughNio.of(b);
      if (!ops.isEmpty()) {
        through
            .append("- ")
            .append(b)
            .append(": ")
            .append(
                ops.stream()
                    .map(dev.fsbench.spi.Op::family)
                    .collect(java.util.stream.Collectors.joining(", ")))
            .append('\n');
      }
    }
    if (through.length() > 0) {
      md.append(
              "\nNot run again under a backend's name: the families it serves through nio (its"
                  + " route says so), whose calls are nio's own code, answered in nio's row:\n\n")
          .append(through);
    }
    md.append("\n## Per kind of input: ok / tried\n\n| kind |");
    for (String b : byBackend.keySet()) {
      md.append(' ').append(b).append(" |");
    }
    md.append("\n|---|");
    byBackend.keySet().forEach(b -> md.append("---:|"));
    md.append('\n');
    for (Map.Entry<String, Map<String, int[]>> e : byKind.entrySet()) {
      md.append("| ").append(e.getKey()).append(" |");
      for (String b : byBackend.keySet()) {
        int[] k = e.getValue().get(b);
        md.append(' ').append(k == null ? "—" : k[1] + " / " + k[0]).append(" |");
      }
      md.append('\n');
    }
    md.append("\n## What each child cost\n\n| backend | group | cost |\n|---|---|---|\n");
    List<String[]> slow = new ArrayList<>();
    for (GroupRun g : runs) {
      md.append("| ").append(g.backend).append(" | ").append(g.group.id()).append(" | ");
      md.append(g.notRun() != null ? "not run" : g.cost()).append(" |\n");
      for (CaseResult r : g.results().values()) {
        slow.add(new String[] {Long.toString(r.millis()), g.backend + " `" + r.key() + "`"});
      }
    }
    slow.sort((a, b) -> Long.compare(Long.parseLong(b[0]), Long.parseLong(a[0])));
    md.append("\nSlowest calls: ");
    for (int i = 0; i < Math.min(15, slow.size()); i++) {
      md.append(i == 0 ? "" : ", ")
          .append(slow.get(i)[1])
          .append(' ')
          .append(slow.get(i)[0])
          .append(" ms");
    }
    md.append(".\n\n## Not OK\n\n");
    if (notOk.isEmpty()) {
      md.append("Nothing.\n");
    }
    notOk.forEach(l -> md.append(l).append('\n'));
    Path file = Sandbox.reports().resolve("hostile-report.md");
    Files.writeString(file, md, StandardCharsets.UTF_8);
    return md.toString();
  }
}
