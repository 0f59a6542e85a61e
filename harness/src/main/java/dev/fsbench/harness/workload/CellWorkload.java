package dev.fsbench.harness.workload;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.workload.tree.PreparedTrees;
import dev.fsbench.harness.workload.tree.Scenario;
import dev.fsbench.harness.workload.tree.TrialTree;
import dev.fsbench.harness.workload.verify.VerificationFailure;
import dev.fsbench.harness.workload.verify.Verifier;
import dev.fsbench.spi.FloorRunner;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.support.TreeRemoval;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/**
 * The workload of one cell over one trial, in the order a benchmark drives it:
 *
 * <pre>{@code
 * try (CellWorkload w = Workloads.open(key, backend, sandbox)) {  // untimed: read-only fixtures of the trial
 *   for (each warmup and sample) {
 *     w.prepareIteration();   // untimed: a fresh fixture
 *     w.run();                // timed: the backend calls, and nothing else
 *     w.verifyIteration();    // untimed: against the oracle; throws VerificationFailure
 *     w.cleanIteration();     // untimed: the sample's directory removed
 *   }
 * }
 * }</pre>
 *
 * <p>A sample is {@link Case#operations()} calls: one for single, 8MiB and tree cases, 256 for
 * batches, issued one after another ({@link Mode#SYNC}) or through the backend's async forms in a
 * window of eight ({@link Mode#ASYNC}).
 *
 * <p>Everything lives in the trial directory, which {@link #close()} removes: read-only fixtures
 * shared by the samples of a trial in {@code fixture/}, each sample's own in {@code it-<n>/}.
 *
 * <h2>A floor's cell</h2>
 *
 * A floor ({@link dev.fsbench.spi.Floor}) runs the same workload on the same fixtures, verified the
 * same way ({@link Workloads#openFloor}): its backend is the floor runner's recorder, so {@link
 * #prepareIteration()} also makes the sample's calls against it (untimed: they are only recorded)
 * and has the runner prepare them; {@link #run()} is the runner's one native run, whose own time
 * {@link #floorNanos()} then returns; {@link #verifyIteration()} takes each call's result from the
 * runner and checks it as it checks a backend's.
 */
public abstract class CellWorkload implements AutoCloseable {
  final CellKey key;
  final Case spec;
  final FsBackend backend;

  /** The explicit tree concurrency to pass in the options; 0 lets the backend choose. */
  final int concurrency;

  /** The trees the run prepared (the tree families' real-shaped and user trees). */
  final PreparedTrees trees;

  private final Mode mode;

  /** The floor that runs this cell's calls, or {@code null} for a backend's cell. */
  private FloorRunner floor;

  private long floorNanos = -1;

  /**
   * Written by the timed region, read by verification. Keeping every result reachable after the
   * timed region is also what stops the JIT from discarding a call whose result looks unused (the
   * jmh-samples "dead code" trap); and clearing it before each sample means a stale result of the
   * previous sample can never pass verification.
   */
  private final Object[] results;

  private Path trialDir;
  private Path iterationDir;
  private int iterations;

  CellWorkload(Cell cell) {
    this.key = cell.key();
    this.spec = cell.spec();
    this.backend = cell.backend();
    this.concurrency = cell.key().concurrency();
    this.mode = cell.key().mode();
    this.trees = cell.trees();
    this.results = new Object[Math.toIntExact(spec.operations())];
  }

  // ---------------------------------------------------------------- lifecycle

  /** A tree family's tree for this trial, built or opened in {@code fixtureDir} on first use. */
  final TrialTree trialTree(Path fixtureDir) {
    return new TrialTree(spec.scenario(), trees, fixtureDir);
  }

  /** Called once by {@link Workloads#open}: builds the trial's read-only fixtures. */
  final void open(Path trialDirectory) throws IOException {
    this.trialDir = trialDirectory;
    prepareTrial(Files.createDirectory(trialDirectory.resolve("fixture")));
  }

  /** Called once by {@link Workloads#openFloor}, before {@link #open}: the floor runs the calls. */
  final void runOn(FloorRunner runner) {
    if (mode != Mode.SYNC) {
      throw new IllegalArgumentException(
          "cell " + key + ": a floor runs its calls one after another, in sync cells only");
    }
    this.floor = runner;
  }

  /** The cell this workload runs. */
  public final CellKey key() {
    return key;
  }

  /**
   * Whether each sample starts on a quiet JVM: every tree case, of every backend and floor at every
   * concurrency, so that the cells a tree case compares (a backend and its floor, its default
   * concurrency and c1, native and nio) are measured alike. A walk that fans out needs the wait (a
   * busy compiler thread takes its helper's core); the wait itself leaves the calling thread just
   * woken, which cost a 40-microsecond serial walk about a quarter when only the walks that may fan
   * out waited (tree-4 at the default against c1, every tree family, in the 2026-12-06 runs).
   */
  public final boolean startsQuiet() {
    return startsQuiet(spec.scenario());
  }

  /**
   * Whether the samples of {@code scenario}'s cells start on a quiet JVM ({@link #startsQuiet()}):
   * the one rule, which the cost model reads too, so that it counts the wait where forks make it.
   */
  public static boolean startsQuiet(Scenario scenario) {
    return scenario.isTree();
  }

  /** Builds the fresh fixture of the next warmup or sample (untimed). */
  public final void prepareIteration() throws IOException {
    cleanIteration();
    Arrays.fill(results, null);
    iterationDir = Files.createDirectory(trialDir.resolve("it-" + iterations++));
    prepare(iterationDir);
    if (floor != null) {
      floorNanos = -1;
      try {
        for (int i = 0; i < results.length; i++) {
          call(i); // recorded by the floor's backend, not performed
        }
      } catch (IOException | RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new IOException("a call could not be recorded for the floor: " + e, e);
      }
      floor.prepare();
    }
  }

  /**
   * The timed region: the sample's backend calls and nothing else (paths, payloads and options were
   * made by {@link #prepareIteration()}). Returns the results, which a JMH caller hands back to JMH
   * for the same reason they are stored: so that no call can be optimized away. An exception of a
   * call propagates as is.
   */
  public final Object run() throws Exception {
    if (floor != null) {
      floorNanos = floor.run();
      return floorNanos;
    }
    if (mode == Mode.SYNC) {
      for (int i = 0; i < results.length; i++) {
        Object result = call(i);
        results[i] = result == null ? AsyncWindow.COMPLETED : result;
      }
    } else {
      AsyncWindow.run(results.length, this::callAsync, results);
    }
    return results;
  }

  /**
   * Checks the sample against the oracle (untimed); throws {@link VerificationFailure} saying what
   * differs.
   */
  public final void verifyIteration() {
    Verifier v = new Verifier();
    if (floor != null) {
      takeFloorResults(v);
    }
    for (int i = 0; i < results.length; i++) {
      Object result = results[i];
      if (result == null) {
        v.fail("call " + i + " never completed");
        continue;
      }
      try {
        check(i, result == AsyncWindow.COMPLETED ? null : result, v);
      } catch (IOException e) {
        v.fail("call " + i + ": the oracle could not read the effect: " + e);
      }
    }
    try {
      checkSample(v);
    } catch (IOException e) {
      v.fail("the oracle could not read the effect: " + e);
    }
    if (v.failed()) {
      throw new VerificationFailure(key, v.summary(), null);
    }
  }

  /**
   * Takes the results from the floor's runner, which decodes them after the timed run; a call
   * without a result is stored as {@link #run()} stores a backend's.
   */
  private void takeFloorResults(Verifier v) {
    for (int i = 0; i < results.length; i++) {
      try {
        Object result = floor.result(i);
        results[i] = result == null ? AsyncWindow.COMPLETED : result;
      } catch (IOException | RuntimeException e) {
        v.fail("call " + i + ": the floor's result could not be read: " + e);
      }
    }
  }

  /**
   * The nanoseconds the floor measured around its work in the last {@link #run()}; empty for a
   * backend's cell, whose sample is timed around the calls by the caller.
   */
  public final OptionalLong floorNanos() {
    return floor == null || floorNanos < 0 ? OptionalLong.empty() : OptionalLong.of(floorNanos);
  }

  /**
   * The failure to report when {@link #run()} threw: the sample is as wrong as one that verified
   * wrong.
   */
  public final VerificationFailure failed(Throwable cause) {
    return new VerificationFailure(key, "a call failed: " + cause, cause);
  }

  /** Removes the sample's directory (untimed); nothing to do when there is none. */
  public final void cleanIteration() throws IOException {
    if (iterationDir != null) {
      Path dir = iterationDir;
      iterationDir = null;
      TreeRemoval.cleanUp(dir);
    }
  }

  /** Removes everything the trial made. The backend is the caller's to close. */
  @Override
  public final void close() throws IOException {
    try {
      cleanIteration();
    } finally {
      TreeRemoval.cleanUp(trialDir);
    }
  }

  // ---------------------------------------------------------------- what a family provides

  /**
   * Builds what every sample of the trial may share: only what no call of this family can modify.
   */
  void prepareTrial(Path fixtureDir) throws IOException {}

  /** Builds the sample's own fixture in its fresh, empty directory. */
  void prepare(Path iterationDir) throws IOException {}

  /** The {@code i}-th call, sync; returns its result, or null for a call without one. */
  abstract Object call(int i) throws Exception;

  /** The {@code i}-th call through the backend's async form. */
  abstract CompletableFuture<?> callAsync(int i);

  /** Checks the {@code i}-th call's result ({@code null} for a call without one) and effect. */
  abstract void check(int i, Object result, Verifier v) throws IOException;

  /**
   * Checks what concerns the sample as a whole (distinct results, an untouched parent); nothing by
   * default.
   */
  void checkSample(Verifier v) throws IOException {}

  /** The sample's directory, for families whose checks need it. */
  final Path iterationDir() {
    return iterationDir;
  }

  final boolean isSync() {
    return mode == Mode.SYNC;
  }
}
