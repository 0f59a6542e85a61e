package dev.fsbench.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.fsbench.harness.model.TreeShape;
import dev.fsbench.harness.report.ReportFiles;
import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.Cases;
import dev.fsbench.harness.results.Environment;
import dev.fsbench.harness.results.ResultsFolder;
import dev.fsbench.harness.results.RunJson;
import dev.fsbench.harness.results.RunRecord;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A run's record as it grows, and its writing into the results folder: run.json, jmh.json.gz and
 * the reports, rewritten after every block of cases and once at the end. The main thread adds what
 * the forks measured; the shutdown hook's thread may end the run at any moment, so what it writes
 * is guarded by one lock, and the first to end the run writes its final state.
 */
final class RunRecorder {
  private final Object lock = new Object();

  // Guarded by lock: the run's state as the shutdown hook may need to write it. Cases hold
  // provisional verdicts; every write decides them over all cases so far.
  private final List<CaseRecord> cases = new ArrayList<>();
  private final ArrayNode jmh = RunJson.mapper().createArrayNode();
  private boolean ended;

  // Set once by the main thread before the cells run, read by the shutdown hook's thread: volatile,
  // not locked.
  private volatile ResultsFolder folder;
  private volatile Environment environment;
  private volatile RunRecord.Settings settings;
  private volatile String startedAt;
  private volatile List<RunRecord.Omitted> omitted = List.of();
  private volatile Map<String, TreeShape> trees = Map.of();

  /** The cells selected but not run, and the shapes of the trees the cells run on. */
  void planned(List<RunRecord.Omitted> omitted, Map<String, TreeShape> trees) {
    this.omitted = omitted;
    this.trees = trees;
  }

  /** What run.json says of the run beside its cases, known before the folder is claimed. */
  void described(String startedAt, Environment environment, RunRecord.Settings settings) {
    this.startedAt = startedAt;
    this.environment = environment;
    this.settings = settings;
  }

  /** The settings again, once the forks' arguments are final. */
  void settings(RunRecord.Settings settings) {
    this.settings = settings;
  }

  /** The claimed folder: set last, so that from here on the shutdown hook can write the run. */
  void claimed(ResultsFolder folder) {
    this.folder = folder;
  }

  /** The results folder, {@code null} before it is claimed. */
  ResultsFolder folder() {
    return folder;
  }

  /**
   * Adds one fork's JMH JSON (an array, or one object) to jmh.json; false if the run ended
   * meanwhile.
   */
  boolean addJmh(JsonNode json) {
    synchronized (lock) {
      if (ended) {
        return false;
      }
      jmh.addAll((ArrayNode) asArray(json));
      return true;
    }
  }

  /** Adds a measured case; false if the run ended meanwhile. */
  boolean addCase(CaseRecord measured) {
    synchronized (lock) {
      if (ended) {
        return false;
      }
      cases.add(measured);
      return true;
    }
  }

  /**
   * Writes the current state, still running: after each block of cases, whose cells end together
   * (their forks run in the block's rounds), so that run.json holds every case measured so far.
   */
  void checkpoint() throws IOException {
    synchronized (lock) {
      if (!ended) {
        write(RunRecord.Status.RUNNING, null, null);
      }
    }
  }

  /**
   * Writes the final state unless the run already ended (the shutdown hook got there first); true
   * if it wrote.
   */
  boolean end(RunRecord.Status status, RunRecord.Failure failure) throws IOException {
    synchronized (lock) {
      if (ended) {
        return false;
      }
      ended = true;
      write(status, failure, now());
      return true;
    }
  }

  boolean isEnded() {
    synchronized (lock) {
      return ended;
    }
  }

  /**
   * Ends the run as interrupted, writing what was measured if the folder is claimed and the run had
   * not ended; from here on nothing more is added.
   */
  void interrupt(PrintStream err) {
    try {
      synchronized (lock) {
        if (!ended && folder != null) { // the folder is set last: environment, settings are known
          ended = true;
          write(RunRecord.Status.INTERRUPTED, null, now());
          err.println(
              "\nfsbench: interrupted; the cells finished so far are in "
                  + folder.dir()
                  + " (marked incomplete)");
        }
        ended = true;
      }
    } catch (IOException | RuntimeException e) {
      err.println("fsbench: could not record the interrupted run: " + e);
    }
  }

  private void write(RunRecord.Status status, RunRecord.Failure failure, String finishedAt)
      throws IOException {
    List<CaseRecord> decided = Cases.withVerdicts(cases);
    RunRecord run =
        new RunRecord(
            RunRecord.SCHEMA_VERSION,
            status,
            status == RunRecord.Status.COMPLETE,
            failure,
            startedAt,
            finishedAt,
            environment,
            settings,
            decided,
            RunRecord.VerdictSummary.of(decided),
            omitted,
            trees);
    folder.write(run, jmh);
    ReportFiles.write(folder.dir(), run);
  }

  private static JsonNode asArray(JsonNode node) {
    if (node.isArray()) {
      return node;
    }
    ArrayNode wrapped = RunJson.mapper().createArrayNode();
    wrapped.add(node);
    return wrapped;
  }

  /** The present moment as run.json records it. */
  static String now() {
    return Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
  }
}
