package dev.fsbench.harness.bench;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.workload.CellWorkload;
import dev.fsbench.harness.workload.Workloads;
import dev.fsbench.harness.workload.tree.PreparedTrees;
import dev.fsbench.harness.workload.verify.VerificationFailure;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.Floor;
import dev.fsbench.spi.FloorRunner;
import dev.fsbench.spi.FsBackend;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * The one benchmark of every family: one JMH single shot per sample, each from a fresh fixture,
 * verified after every warmup and every sample. Which cell it runs is data, its parameters: the
 * family, the case, the mode, the backend and, for a tree family, the concurrency. A family has no
 * class here: its workload ({@code dev.fsbench.harness.workload}) is all there is of it.
 *
 * <pre>
 * java -jar harness/target/benchmarks.jar FamilyBenchmark -p family=readFile -p workload=batch-256/utf8 -p backend=nio -p mode=async
 * </pre>
 *
 * <p>The parameters' defaults name one case ({@code access batch-256}, nio, both modes), so that
 * plain JMH without {@code -p} runs something valid; a case the family does not have fails the
 * trial before anything is made, naming the family's cases ({@code fsbench run --dry-run} lists
 * every cell). One class rather than one per family: the cases were listed twice, in the workload
 * and in the class's {@code @Param}; a fork runs one cell either way, and its timed code is the
 * same.
 *
 * <h2>The traps, and how this class avoids them</h2>
 *
 * <ul>
 *   <li><b>Timing the fixture.</b> A sample of a filesystem workload is short (a millisecond for
 *       256 stats) next to building its fixture. {@code SingleShotTime} times one call of {@link
 *       #run()}; the fixture is built in {@code @Setup(Level.Iteration)} and checked and removed in
 *       {@code @TearDown(Level.Iteration)}, so neither is timed, and every sample starts from a
 *       fresh one.
 *   <li><b>A fixture reused by mistake.</b> A second sample of unlink on the first sample's fixture
 *       would time failures, or nothing. Only families that cannot modify their fixture keep it for
 *       the trial (the workload classes say which); every other sample builds its own in a new
 *       directory, with {@code CREATE_NEW}.
 *   <li><b>Dead code.</b> A call whose result is unused may be optimized away. Every result is
 *       stored where verification reads it, and {@link #run()} returns them to JMH, which consumes
 *       them into its Blackhole.
 *   <li><b>The async window.</b> Async calls still running when the timed region ends would make
 *       the sample short and the next one slow. {@link #run()} returns only once every call of the
 *       sample has completed.
 *   <li><b>A wrong result that is fast.</b> A backend that does nothing is the fastest.
 *       Verification runs after every warmup and sample, against an independent oracle; a failure
 *       stops the benchmark.
 * </ul>
 *
 * <h2>Recorded beside JMH's score</h2>
 *
 * With {@code -Dfsbench.samples=FILE}, one JSON line per warmup and sample (see {@link SampleLog}):
 * the fork's own wall time, process CPU time and heap allocation, each read at the end of the
 * iteration's setup and at the start of its teardown, so setup, verification and cleanup are
 * outside all three. With {@code -Dfsbench.sandbox=DIR} the fixtures live there; without it, in a
 * temporary directory of the fork's own.
 *
 * <h2>A quiet JVM before a tree call</h2>
 *
 * Every iteration of a tree cell, warmup or sample, serial or not, ends its setup by waiting until
 * the fork's other threads are idle ({@link Quiet}; the rule is {@code CellWorkload.startsQuiet}):
 * the compiler threads are otherwise still compiling the harness's own fixture and verification
 * code when the next walk starts, and on two cores they take the core a walk fans out to. A serial
 * walk (concurrency 1) waits too, so that its figures are read on the same quiet JVM as the
 * parallel ones it is compared with. The calls of the other scenarios do not wait.
 *
 * <h2>A floor</h2>
 *
 * With {@code -p backend=floor} (or another floor's id, {@link Floor}) the cell's calls are run by
 * the floor, on the same fixtures and verified the same way; its line then also carries {@code
 * floorNanos}, the time the floor measured around its own work, which the runner records as the
 * sample's time (JMH's score and the bracket include the JVM's one call into it).
 */
@BenchmarkMode(Mode.SingleShotTime)
@Warmup(iterations = 2)
@Measurement(iterations = 60)
@Fork(
    value = 3,
    jvmArgsAppend = {
      FamilyBenchmark.HEAP_MIN,
      FamilyBenchmark.HEAP_MAX,
      FamilyBenchmark.PRE_TOUCH,
      FamilyBenchmark.NATIVE_ACCESS
    })
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
public class FamilyBenchmark {

  /**
   * The forks' heap flags, here so that plain JMH ({@code ./fsbench jmh}, or {@code java -jar
   * benchmarks.jar}) forks the JVM exactly as {@code fsbench run} does; the runner leaves them to
   * this annotation (see {@code JmhCell} for why the heap is fixed, pre-touched and this size).
   * They are {@code jvmArgsAppend}, JMH's convention for a benchmark's own flags: a user's {@code
   * -jvmArgs} adds to them instead of silently dropping them, and only {@code -jvmArgsAppend}
   * replaces them.
   */
  public static final String HEAP_MIN = "-Xms256m";

  public static final String HEAP_MAX = "-Xmx256m";

  public static final String PRE_TOUCH = "-XX:+AlwaysPreTouch";

  /**
   * Lets the backends' native code in without a warning: on JDK 22 and later the FFM API's
   * restricted methods ({@code native-ffm}) and, from JDK 24, JNI libraries loaded by JNA ({@code
   * native}, the fork's CPU clock) print one to stderr otherwise, and a later release will refuse
   * them. JDK 17 accepts the flag and ignores it, so every fork gets it, whatever its JVM.
   */
  public static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";

  /**
   * The backend id, as {@link Backends} finds it: {@code nio}, {@code commons-io}, {@code native};
   * or a floor's id ({@link Backends#floor}): {@code floor}, {@code floor-find}.
   */
  @Param({"nio"})
  public String backend;

  /** The family, as {@code fsbench} names it: {@code readFile}, {@code stat}, {@code cp}. */
  @Param({"access"})
  public String family;

  /**
   * The case: {@code single}, {@code batch-256}, or {@code batch-256/utf8} where the family has
   * variants, {@code tree-1000} for a tree family.
   */
  @Param({"batch-256"})
  public String workload;

  /**
   * A tree family's concurrency: 0 for the backend's default, 1 for serial, n for at most n workers
   * (a backend with {@code TREE_CONCURRENCY} honours it); the other families take no other value.
   */
  @Param({"0"})
  public int concurrency;

  /**
   * {@code sync} (sequential calls) or {@code async} (the async forms, at most eight in flight).
   */
  @Param({"sync", "async"})
  public String mode;

  private ForkSandbox sandbox;
  private SampleLog log;
  private Meter meter;
  private FsBackend fs;
  private FloorRunner floor;
  private CellWorkload cell;
  private CellKey key;

  private boolean cold;
  private boolean quietFirst;
  private int warmups;
  private int samples;
  private boolean warmup;
  private int iteration;
  private boolean failed;
  private long wallStart;
  private long cpuStart;
  private long allocatedStart;
  private long gcCountStart;
  private long gcNanosStart;
  private long jitNanosStart;

  @Setup(Level.Trial)
  public void openTrial() throws IOException {
    // Parameters that name no cell fail here, before anything is made or recorded: there is no cell
    // to record.
    key = Workloads.cell(family, workload, mode, backend, concurrency);
    log = SampleLog.fromSystemProperty();
    try {
      meter = new Meter(CpuClock.best());
      sandbox = ForkSandbox.fromSystemProperty();
      PreparedTrees trees = PreparedTrees.fromSystemProperty();
      Optional<Floor> asFloor = Backends.floor(backend);
      if (asFloor.isPresent()) {
        floor = asFloor.get().open();
        cell = Workloads.openFloor(key, floor, sandbox.dir(), trees);
      } else {
        fs = Backends.create(backend, BackendConfig.DEFAULT);
        cell = Workloads.open(key, fs, sandbox.dir(), trees);
      }
      cold = PageCache.requested();
      quietFirst = cell.startsQuiet();
    } catch (IOException | RuntimeException e) {
      failToStart("the trial could not start: " + e, e);
      throw e;
    }
  }

  @Setup(Level.Iteration)
  public void prepareIteration(IterationParams params) throws IOException {
    warmup = params.getType() == IterationType.WARMUP;
    iteration = warmup ? warmups++ : samples++;
    try {
      cell.prepareIteration();
      if (cold) {
        PageCache.drop(); // after the fixture, whose fresh files would otherwise stay cached
      }
      if (quietFirst) {
        // Last before the bracket: the compilations the fixture and the last verification set off
        // finish here, untimed, rather than on a core the walk's helpers would use (Quiet); every
        // tree cell waits alike (CellWorkload.startsQuiet).
        Quiet.await(meter::cpuNanos);
      }
    } catch (IOException | RuntimeException | LinkageError e) {
      String which = (warmup ? "warmup " : "sample ") + iteration;
      failToStart("the fixture of " + which + " could not be prepared: " + e, e);
      throw e;
    }
    // Last, in this order, so that the bracket holds as little as possible besides the timed call.
    gcCountStart = meter.gcCount();
    gcNanosStart = meter.gcNanos();
    jitNanosStart = meter.jitNanos();
    allocatedStart = meter.allocatedBytes();
    cpuStart = meter.cpuNanos();
    wallStart = System.nanoTime();
  }

  /**
   * Records why nothing could be measured and removes what the trial made; the caller throws {@code
   * e}.
   */
  private void failToStart(String what, Throwable e) {
    failed = true;
    log.failure(key.id(), VerificationFailure.describe(key) + ": " + what);
    try {
      closeTrial();
    } catch (IOException | RuntimeException cleanup) {
      e.addSuppressed(cleanup);
    }
  }

  /** One sample: the cell's backend calls, and nothing else. */
  @Benchmark
  public Object run() throws Exception {
    try {
      return cell.run();
    } catch (Exception | Error e) {
      // No cost on the normal path; a failed call fails the sample as a wrong result does.
      throw fail(cell.failed(e));
    }
  }

  @TearDown(Level.Iteration)
  public void verifyIteration() throws IOException {
    long wallNanos = System.nanoTime() - wallStart;
    long cpuNanos = meter.cpuNanos() - cpuStart;
    long allocatedBytes = meter.allocatedBytes() - allocatedStart;
    SampleLog.JvmActivity jvm =
        new SampleLog.JvmActivity(
            meter.gcCount() - gcCountStart,
            meter.gcNanos() - gcNanosStart,
            meter.jitNanos() - jitNanosStart);
    if (failed) {
      return;
    }
    try {
      cell.verifyIteration();
    } catch (VerificationFailure f) {
      throw fail(f);
    }
    log.sample(
        key.id(),
        iteration,
        warmup,
        wallNanos,
        cell.floorNanos(),
        cpuNanos,
        allocatedBytes,
        jvm,
        meter.cpuClock());
    cell.cleanIteration();
  }

  /**
   * Records the failure and removes the trial's fixtures at once: once an iteration has failed, JMH
   * does not run the trial's teardown, and a fork's leftovers would otherwise stay in the sandbox.
   */
  private VerificationFailure fail(VerificationFailure failure) {
    failed = true;
    log.failure(key.id(), failure.getMessage());
    try {
      closeTrial();
    } catch (IOException | RuntimeException e) {
      failure.addSuppressed(e);
    }
    return failure;
  }

  @TearDown(Level.Trial)
  public void closeTrial() throws IOException {
    // The fixture first (it lives in the sandbox), the sandbox last; each step even if an earlier
    // one failed. Fields
    // are cleared as they close, so a second call (after a failure) has nothing left to do.
    try {
      if (cell != null) {
        CellWorkload c = cell;
        cell = null;
        c.close();
      }
    } finally {
      try {
        if (fs != null) {
          FsBackend b = fs;
          fs = null;
          b.close();
        }
        if (floor != null) {
          FloorRunner f = floor;
          floor = null;
          f.close();
        }
      } finally {
        try {
          if (log != null) {
            SampleLog l = log;
            log = null;
            l.close();
          }
        } finally {
          if (sandbox != null) {
            ForkSandbox s = sandbox;
            sandbox = null;
            s.close();
          }
        }
      }
    }
  }
}
