package dev.fsbench.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.fsbench.hostile.CaseResult.Verdict;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/**
 * One backend's run of one {@link Group}: the child JVM started on first use, its results read
 * back, and the checks the suite's tests make of them.
 */
final class GroupRun {
  final String backend;
  final Group group;
  private final Path root;
  private boolean ran;
  private final List<ChildJvm.Run> launches = new ArrayList<>();
  private final Map<String, CaseResult> results = new LinkedHashMap<>();

  /** The calls after which a child ended because the call removed its working directory. */
  private final List<String> restarts = new ArrayList<>();

  /** Every launch that crashed or was killed, and what it was doing. */
  private final List<String> crashes = new ArrayList<>();

  private final Map<String, String> crashedDuring = new LinkedHashMap<>();
  private long wallMillis;
  private long cpuMillis;
  private String notRun; // why the child could not run here (an assumption, or a failure)
  private boolean mayAbort;
  private List<String> groupVictimChanges = List.of();

  GroupRun(String backend, Group group, Path root) {
    this.backend = backend;
    this.group = group;
    this.root = root;
  }

  /** A child may be started again after a call that crashed it, this many times. */
  private static final int MAX_LAUNCHES = 8;

  private java.util.concurrent.Future<?> started;

  /** Starts the child JVMs on {@code executor}; the checks wait for them. */
  void startOn(java.util.concurrent.ExecutorService executor) {
    started =
        executor.submit(
            () -> {
              runChildren();
              return null;
            });
  }

  private void ensure() throws Exception {
    if (started == null) {
      runChildren();
      return;
    }
    try {
      started.get();
    } catch (java.util.concurrent.ExecutionException e) {
      if (e.getCause() instanceof Exception) {
        throw (Exception) e.getCause();
      }
      throw e;
    }
  }

  private synchronized void runChildren() throws Exception {
    if (ran) {
      return;
    }
    ran = true;
    String noCaps = group.withoutCapabilities() ? ChildJvm.withoutCapabilitiesUnavailable() : null;
    if (noCaps != null) {
      notRun = noCaps;
      mayAbort = true;
      return;
    }
    String name = backend + "-" + group.id();
    Path dir = Files.createDirectory(root.resolve(name));
    Path out = Files.createDirectory(root.resolve(name + ".out"));
    Path victim = Files.createDirectory(dir.resolve("victim"));
    Inputs.makeLine4GiB(dir);
    Files.writeString(victim.resolve("keep"), "outside every case\n", StandardCharsets.UTF_8);
    Map<String, String> victimBefore = Manifest.of(victim, true);
    String resumeAfter = null;
    for (int launch = 1; launch <= MAX_LAUNCHES; launch++) {
      Path cwd = Files.createDirectories(dir.resolve("cwd").resolve("work"));
      Path resultsFile = out.resolve("results-" + launch + ".txt");
      Path crashDir = Files.createDirectory(out.resolve("launch-" + launch));
      List<String> args =
          new ArrayList<>(List.of(backend, group.name(), dir.toString(), resultsFile.toString()));
      if (resumeAfter != null) {
        args.add(resumeAfter);
      }
      ChildJvm.Run run =
          ChildJvm.run(
              HostileChild.class,
              args,
              cwd,
              resultsFile,
              crashDir,
              group.outerDeadlineSeconds(),
              group.withoutCapabilities());
      launches.add(run);
      wallMillis += run.millis();
      String restartAfter = null;
      String begun = null;
      for (String line : run.lines()) {
        if (line.startsWith("unavailable\t")) {
          notRun = "backend '" + backend + "' is unavailable: " + line.substring(12);
          mayAbort = Sandbox.mayBeUnavailable(backend);
        } else if (line.startsWith("cpu\t")) {
          cpuMillis += Long.parseLong(line.substring(4));
        } else if (line.startsWith("begin\t")) {
          begun = line.substring(6).replace('\t', ' ');
        } else if (line.startsWith(HostileChild.RESTART + "\t")) {
          restartAfter = line.substring(HostileChild.RESTART.length() + 1);
        } else if (line.startsWith(CaseResult.TAG + "\t")) {
          CaseResult r = CaseResult.decode(line);
          results.put(r.key(), r);
        }
      }
      if (notRun != null || run.lines().contains("end")) {
        break;
      }
      if (restartAfter != null && run.exit() == HostileChild.RESTART_EXIT && !run.killed()) {
        restarts.add(restartAfter);
        resumeAfter = restartAfter;
        continue;
      }
      // a crash or a kill: the call it was in gets no result; the rest runs in a new child
      String during = begun != null && !results.containsKey(begun) ? begun : null;
      crashes.add((during == null ? "between calls" : "during " + during) + ": " + run.describe());
      if (during != null) {
        crashedDuring.put(during, run.describe());
      }
      if (begun == null) {
        break;
      }
      resumeAfter = begun;
    }
    groupVictimChanges = Manifest.diff(victimBefore, Manifest.of(victim, true));
    Tools.removeTree(dir);
    Reports.add(this);
  }

  /**
   * Every child ended by itself with exit 0 and no crash file (or ended on purpose after a call
   * that removed its working directory, which that case reports), reached its end, and touched
   * nothing of the group outside its cases.
   */
  void checkChild() throws Exception {
    ensure();
    skipIfNotRun();
    ChildJvm.Run last = launches.get(launches.size() - 1);
    assertEquals(
        List.of(), crashes, () -> "child JVMs crashed or were killed\n" + last.stderrTail());
    assertTrue(
        last.clean() && last.lines().contains("end"),
        () -> "the last child JVM " + last.describe() + " before its end\n" + last.stderrTail());
    assertEquals(List.of(), groupVictimChanges, "the group's victim, outside every case, changed");
  }

  void checkCase(Input input, Family family, Mode mode) throws Exception {
    ensure();
    skipIfNotRun();
    String key = input.caseId(family) + " " + mode.id();
    CaseResult r = results.get(key);
    if (r == null) {
      String crash = crashedDuring.get(key);
      fail(
          crash != null
              ? "the child JVM crashed during this call: " + crash
              : "no result for " + key + "; child JVMs: " + crashes);
    }
    if (r.verdict() == Verdict.OK) {
      return;
    }
    String message =
        r.verdict()
            + ": "
            + r.message()
            + "\n  "
            + backend
            + ": "
            + r.outcome()
            + "\n  nio:  "
            + (r.nio() == null ? "(declared expectation)" : r.nio())
            + "\n  expected: "
            + input.expectation(family).describe();
    String known = DeclaredDeviations.reason(backend, input.caseId(family), mode.id(), r.verdict());
    if (known != null) {
      Assumptions.abort("declared deviation (" + known + "): " + message);
    }
    fail(message);
  }

  private void skipIfNotRun() {
    if (notRun != null) {
      if (mayAbort) {
        Assumptions.abort(notRun);
      }
      fail(notRun);
    }
  }

  /** Wall-clock time of its child JVMs, and the CPU time they reported (every thread). */
  String cost() {
    return String.format(
        java.util.Locale.ROOT, "%.1f s wall, %.1f s CPU", wallMillis / 1e3, cpuMillis / 1e3);
  }

  List<String> crashes() {
    return crashes;
  }

  List<String> restarts() {
    return restarts;
  }

  Map<String, CaseResult> results() {
    return results;
  }

  String notRun() {
    return notRun;
  }

  List<String> groupVictimChanges() {
    return groupVictimChanges;
  }
}
