package dev.fsbench.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fsbench.harness.bench.FamilyBenchmark;
import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.results.CaseRecord.RawSample;
import dev.fsbench.harness.results.CellOutcome;
import dev.fsbench.harness.workload.matrix.Matrix;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.ProfilerConfig;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs one cell through the JMH Runner API: exactly its benchmark method with exactly its
 * parameters, SingleShotTime, in its own fork(s). The fork reads {@code fsbench.sandbox} and {@code
 * fsbench.samples}; JMH's human-readable output goes to a log file (kept for a failure message) and
 * its JSON result to another.
 */
final class JmhCell {
  /**
   * The forks' JVM flags: a fixed heap, pre-touched. They live in {@link FamilyBenchmark}'s
   * {@code @Fork(jvmArgsAppend = ...)}, so that plain JMH forks get them too; the runner does not
   * pass them again (JMH would append them a second time), it only reads them from there to record
   * them. A fixed heap has no resizing pauses in the middle of a sample; 256 MiB holds every
   * default cell (the largest allocates 38 MiB a sample, an 8 MiB text read), and the opt-in large
   * trees get {@link #LARGE_HEAP_ARGS} instead.
   *
   * <p>The trap {@code -XX:+AlwaysPreTouch} avoids: a fresh heap is untouched memory, so the first
   * write to each page faults into the kernel (about 2 us a page here). Without pre-touching, those
   * faults land in the timed region of whichever sample first allocates into new pages, and a
   * backend that allocates a few KiB more per call than another (a String per path, say) is charged
   * for the JVM's start-up instead of for its own work. Pre-touching costs about 0.5 s per GiB per
   * fork here on a good day, 2 s on a slow one, which is why the heap is no larger than the cells
   * need: 1 GiB cost a fork 0.55 s, 256 MiB costs 0.14 s; the runner puts it on huge pages where
   * the kernel offers them ({@link HugePages}), which cuts a fork's start-up by about half. No
   * other tuning: the forks should run the JVM as applications do; {@link
   * FamilyBenchmark#NATIVE_ACCESS} only lets the native backends load without a warning.
   */
  static final List<String> FORK_JVM_ARGS =
      List.of(FamilyBenchmark.class.getAnnotation(Fork.class).jvmArgsAppend());

  /**
   * The forks' flags for the cells of trees of 100,000 entries and more (tree-156k, wide-100k, the
   * user's tree): room for such a scan and its oracle. They replace the annotation's {@link
   * #FORK_JVM_ARGS} (JMH's {@code jvmArgsAppend} option overrides the annotation's), so that the
   * heap is given once.
   */
  static final List<String> LARGE_HEAP_ARGS =
      List.of("-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch", FamilyBenchmark.NATIVE_ACCESS);

  private static boolean isLarge(CellPlan plan) {
    return Matrix.needsLargeHeap(plan.key().scenario());
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * JMH holds /tmp/jmh.lock for each run and refuses to start while another JMH holds it: two
   * benchmarks sharing the cores would measure each other. So a cell waits its turn rather than
   * fail, checking every {@link #LOCK_POLL}, for at most {@link #LOCK_PATIENCE}; each cell takes
   * the lock anew, so another JMH may slip in between two cells.
   */
  static final Duration LOCK_POLL = Duration.ofSeconds(2);

  static final Duration LOCK_PATIENCE = Duration.ofMinutes(30);

  private static final String LOCK_REFUSAL = "Unable to acquire the JMH lock";

  /**
   * What one fork of a cell produced.
   *
   * @param secondary the numeric secondary results JMH reported for the fork (those of the
   *     profilers), by name
   */
  record Outcome(
      List<RawSample> samples,
      String cpuClock,
      JsonNode jmhJson,
      Map<String, CellOutcome.SecondaryScore> secondary) {}

  /**
   * The cell failed: its benchmark threw, its verification failed, or its records do not add up.
   */
  static final class CellFailure extends Exception {
    private static final long serialVersionUID = 1L;

    CellFailure(String message, Throwable cause) {
      super(message, cause);
    }
  }

  private final int warmups;
  private final Path work;
  private final Path scratch;
  private final List<String> extraJvmArgs;
  private final PrintStream notes;

  private final String jvm;
  private final List<ProfilerConfig> profilers;

  /**
   * @param work the fixtures' directory (the forks' {@code fsbench.sandbox})
   * @param scratch where the sample file, JMH's log and JSON of each fork go
   * @param extraJvmArgs further fork flags (the class-data archive), before the benchmark's own
   * @param jvm the java executable of the forks, or {@code null} for the runner's own
   * @param profilers JMH profilers every fork runs
   */
  JmhCell(
      int warmups,
      Path work,
      Path scratch,
      List<String> extraJvmArgs,
      String jvm,
      List<ProfilerConfig> profilers,
      PrintStream notes) {
    this.warmups = warmups;
    this.profilers = List.copyOf(profilers);
    this.jvm = jvm;
    this.work = work;
    this.scratch = scratch;
    this.extraJvmArgs = List.copyOf(extraJvmArgs);
    this.notes = notes;
  }

  /**
   * Runs one fork of the cell, {@code samples} measured iterations after the warmups; its samples
   * are numbered as fork {@code fork}. {@code name} only names the scratch files.
   */
  Outcome run(CellPlan plan, String name, int samples, int fork) throws CellFailure, IOException {
    String id = forkCellId(plan);
    Path samplesFile = scratch.resolve(name + ".samples.jsonl");
    Path resultFile = scratch.resolve(name + ".jmh.json");
    Path logFile = log(name);
    List<String> own = new ArrayList<>(extraJvmArgs);
    own.add("-Dfsbench.sandbox=" + work);
    own.add("-Dfsbench.samples=" + samplesFile);
    ChainedOptionsBuilder options =
        new OptionsBuilder()
            .include("^" + Pattern.quote(plan.benchmark()) + "$")
            .mode(org.openjdk.jmh.annotations.Mode.SingleShotTime)
            .timeUnit(TimeUnit.NANOSECONDS)
            .warmupIterations(warmups)
            .warmupBatchSize(1)
            .measurementIterations(samples)
            .measurementBatchSize(1)
            .forks(1)
            .threads(1)
            .shouldDoGC(false)
            .shouldFailOnError(true)
            .timeout(TimeValue.minutes(30))
            // None of the runner's own JVM flags, which JMH copies by default.
            .jvmArgs()
            .jvmArgsPrepend(own.toArray(String[]::new))
            .result(resultFile.toString())
            .resultFormat(ResultFormatType.JSON)
            .output(logFile.toString())
            .verbosity(VerboseMode.NORMAL);
    if (isLarge(plan)) {
      options.jvmArgsAppend(LARGE_HEAP_ARGS.toArray(String[]::new));
    }
    if (jvm != null) {
      options.jvm(jvm);
    }
    for (ProfilerConfig profiler : profilers) {
      options.addProfiler(profiler.getKlass(), profiler.getOpts());
    }
    for (Map.Entry<String, String> param : plan.params().entrySet()) {
      options.param(param.getKey(), param.getValue());
    }
    Collection<RunResult> results;
    try {
      results = runWaitingForTheLock(options, id);
    } catch (RunnerException | RuntimeException e) {
      ForkSamples lines = readQuietly(samplesFile, id);
      String reported = lines == null ? null : lines.failure().orElse(null);
      throw new CellFailure(reported != null ? reported : describe(e), e);
    }
    ForkSamples lines = ForkSamples.read(samplesFile, id);
    if (lines.failure().isPresent()) {
      throw new CellFailure(lines.failure().get(), null);
    }
    if (results.size() != 1) {
      throw new CellFailure(
          "JMH ran "
              + results.size()
              + " benchmarks for "
              + plan.benchmark()
              + " with "
              + plan.params()
              + ", expected exactly 1: is the jar's benchmark list current?",
          null);
    }
    List<List<Double>> perFork = new ArrayList<>();
    Map<String, CellOutcome.SecondaryScore> secondary = new TreeMap<>();
    for (BenchmarkResult forkResult : results.iterator().next().getBenchmarkResults()) {
      List<Double> scores = new ArrayList<>();
      for (IterationResult iteration : forkResult.getIterationResults()) {
        scores.add(iteration.getPrimaryResult().getScore());
      }
      perFork.add(scores);
      secondary.putAll(secondaryScores(forkResult));
    }
    List<RawSample> paired;
    try {
      paired = lines.pair(perFork, warmups, samples, id, fork);
    } catch (IllegalStateException e) {
      throw new CellFailure(e.getMessage(), e);
    }
    JsonNode jmhJson =
        Files.exists(resultFile) ? JSON.readTree(resultFile.toFile()) : JSON.createArrayNode();
    return new Outcome(paired, lines.cpuClock(), jmhJson, secondary);
  }

  /**
   * The fork's secondary results with a number for a score; text ones (the stack profiler's, say)
   * have none and stay in jmh.json.
   */
  private static Map<String, CellOutcome.SecondaryScore> secondaryScores(BenchmarkResult fork) {
    Map<String, CellOutcome.SecondaryScore> out = new TreeMap<>();
    for (Map.Entry<String, Result> e : fork.getSecondaryResults().entrySet()) {
      double score = e.getValue().getScore();
      if (Double.isFinite(score)) {
        out.put(e.getKey(), new CellOutcome.SecondaryScore(score, e.getValue().getScoreUnit()));
      }
    }
    return out;
  }

  /**
   * The id the fork records its samples under: the cell's, except for a control, whose fork runs
   * the backend it controls (nio-aa's forks run nio) and knows nothing of the label.
   */
  static String forkCellId(CellPlan plan) {
    CellKey k = plan.key();
    String backend = plan.params().get(Matrix.PARAM_BACKEND);
    return new CellKey(k.family(), k.scenario(), k.variant(), k.mode(), backend, k.concurrency())
        .id();
  }

  private Collection<RunResult> runWaitingForTheLock(ChainedOptionsBuilder options, String id)
      throws RunnerException {
    String note =
        "note: another JMH run holds the JMH lock ("
            + System.getProperty("java.io.tmpdir")
            + "/jmh.lock); "
            + id
            + " waits for it, up to "
            + LOCK_PATIENCE.toMinutes()
            + " minutes";
    return waitingForTheLock(
        () -> new Runner(options.build()).run(),
        LOCK_POLL,
        LOCK_PATIENCE,
        () -> notes.println(note));
  }

  /** One attempt at a JMH run. */
  interface Attempt<T> {
    T run() throws RunnerException;
  }

  /**
   * Runs {@code attempt}, again every {@code poll} while JMH refuses it for its lock, until {@code
   * patience} is spent; {@code onFirstWait} runs once, when the first refusal comes. Any other
   * failure is thrown at once.
   */
  static <T> T waitingForTheLock(
      Attempt<T> attempt, Duration poll, Duration patience, Runnable onFirstWait)
      throws RunnerException {
    long deadline = System.nanoTime() + patience.toNanos();
    boolean told = false;
    while (true) {
      try {
        return attempt.run();
      } catch (RunnerException e) {
        if (!String.valueOf(e.getMessage()).contains(LOCK_REFUSAL)
            || System.nanoTime() - deadline > 0) {
          throw e;
        }
        if (!told) {
          onFirstWait.run();
          told = true;
        }
        try {
          Thread.sleep(poll.toMillis());
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
    }
  }

  /**
   * Removes a finished fork's scratch files: a run of 1,500 forks would otherwise keep 4,500 of
   * them to its end.
   */
  void discard(String name) throws IOException {
    Files.deleteIfExists(scratch.resolve(name + ".samples.jsonl"));
    Files.deleteIfExists(scratch.resolve(name + ".jmh.json"));
    Files.deleteIfExists(log(name));
  }

  /** JMH's human-readable output of the cell run under {@code name}. */
  Path log(String name) {
    return scratch.resolve(name + ".log");
  }

  /** The last lines of a cell's JMH log, for a failure message. */
  String logTail(String name, int maxLines) {
    try {
      List<String> all = Files.readAllLines(log(name), StandardCharsets.UTF_8);
      return String.join("\n", all.subList(Math.max(0, all.size() - maxLines), all.size()));
    } catch (IOException e) {
      return "(no JMH log: " + e.getMessage() + ")";
    }
  }

  private static ForkSamples readQuietly(Path file, String id) {
    try {
      return ForkSamples.read(file, id);
    } catch (IOException e) {
      return null;
    }
  }

  /** The innermost messages of JMH's exception chain, which name what the benchmark threw. */
  private static String describe(Throwable e) {
    StringBuilder out = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      appendMessage(out, t);
      for (Throwable suppressed : t.getSuppressed()) {
        appendMessage(out, suppressed);
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return out.length() == 0 ? e.toString() : out.toString();
  }

  private static void appendMessage(StringBuilder out, Throwable t) {
    String message = t.getMessage();
    if (message != null && !message.isBlank() && out.indexOf(message) < 0) {
      if (out.length() > 0) {
        out.append(" <- ");
      }
      out.append(t.getClass().getSimpleName()).append(": ").append(message);
    }
  }
}
