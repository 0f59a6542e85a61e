package dev.fsbench.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.fsbench.harness.model.TreeShape;
import dev.fsbench.harness.stats.FalseDiscovery;
import dev.fsbench.harness.stats.HierarchicalBootstrap;
import dev.fsbench.harness.stats.Regime;
import dev.fsbench.harness.stats.Verdict;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The whole of one run, as {@code run.json} stores it (see {@code results/SCHEMA.md}). Immutable;
 * the runner builds a new one after every cell, so that whatever happens next, the last one written
 * describes what was measured.
 *
 * @param schemaVersion {@link #SCHEMA_VERSION} when written by this code
 * @param status how the run ended; anything but {@link Status#COMPLETE} means the cases are partial
 * @param complete {@code status == COMPLETE}, spelled out for readers that only want to know
 *     whether to trust coverage
 * @param failure what stopped a {@link Status#FAILED} run, {@code null} otherwise
 * @param startedAt ISO-8601 instant
 * @param finishedAt ISO-8601 instant, {@code null} while running
 * @param environment the machine, the JVM, the sandbox, the backends and the library versions
 * @param settings what was asked for
 * @param cases one record per case (family, case, variant, mode), in matrix order
 * @param verdicts how many comparisons of each regime came out faster, slower or tie, and how many
 *     A/A controls were not tie (the run's own false-verdict count)
 * @param omitted cells the filters selected but a backend cannot run (it lacks a capability), each
 *     with the reason
 * @param trees the shape of every tree scenario the run measured, by scenario ({@code tree-1000},
 *     {@code jdk-src}, {@code user-tree}): counts and sizes, never a name (added to version 2; an
 *     older document reads as empty)
 */
public record RunRecord(
    int schemaVersion,
    Status status,
    boolean complete,
    Failure failure,
    String startedAt,
    String finishedAt,
    Environment environment,
    Settings settings,
    List<CaseRecord> cases,
    VerdictSummary verdicts,
    List<Omitted> omitted,
    Map<String, TreeShape> trees) {

  /**
   * Version 3: version 2 (two regimes per result, forks with their steady state, intervals and
   * verdicts, the A/A control) with the raw samples in a file of their own ({@link SampleFile}).
   * Bump it on any change a reader could trip over (a renamed or removed field, a changed unit or
   * meaning); an added optional field does not need it. Readers refuse versions they do not know;
   * {@link RunJson} reads 2 and 3.
   */
  public static final int SCHEMA_VERSION = 3;

  public RunRecord {
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(startedAt, "startedAt");
    Objects.requireNonNull(environment, "environment");
    Objects.requireNonNull(settings, "settings");
    cases = List.copyOf(cases);
    Objects.requireNonNull(verdicts, "verdicts");
    omitted = List.copyOf(omitted);
    trees = Collections.unmodifiableMap(new LinkedHashMap<>(trees));
    if (complete != (status == Status.COMPLETE)) {
      throw new IllegalArgumentException(
          "complete must be true exactly when status is complete, was "
              + complete
              + " with "
              + status);
    }
    if ((failure != null) != (status == Status.FAILED)) {
      throw new IllegalArgumentException(
          "a failure is recorded exactly when status is failed (status " + status + ")");
    }
  }

  /** A run without tree shapes (one that measured no tree, or was written before they were). */
  public RunRecord(
      int schemaVersion,
      Status status,
      boolean complete,
      Failure failure,
      String startedAt,
      String finishedAt,
      Environment environment,
      Settings settings,
      List<CaseRecord> cases,
      VerdictSummary verdicts,
      List<Omitted> omitted) {
    this(
        schemaVersion,
        status,
        complete,
        failure,
        startedAt,
        finishedAt,
        environment,
        settings,
        cases,
        verdicts,
        omitted,
        Map.of());
  }

  /** This run with {@code newCases} (recomputed, say) and their verdict counts. */
  public RunRecord withCases(List<CaseRecord> newCases) {
    return new RunRecord(
        schemaVersion,
        status,
        complete,
        failure,
        startedAt,
        finishedAt,
        environment,
        settings,
        newCases,
        VerdictSummary.of(newCases),
        omitted,
        trees);
  }

  /**
   * This run with {@code newCases} computed anew from its raw samples, their verdict counts, and
   * the method constants they were computed with (a run written under other constants, such as an
   * earlier false-discovery rate, must not name those).
   */
  public RunRecord recomputed(List<CaseRecord> newCases) {
    Method m = settings.method();
    return new RunRecord(
        schemaVersion,
        status,
        complete,
        failure,
        startedAt,
        finishedAt,
        environment,
        settings.withMethod(Method.current(m.controlCases(), m.floorCases(), m.roundSeconds())),
        newCases,
        VerdictSummary.of(newCases),
        omitted,
        trees);
  }

  /**
   * Whether {@code other} records the same run, whatever schema version each was read from: every
   * component but {@code schemaVersion} equal, the raw samples included.
   */
  public boolean sameRunAs(RunRecord other) {
    return status == other.status
        && complete == other.complete
        && Objects.equals(failure, other.failure)
        && startedAt.equals(other.startedAt)
        && Objects.equals(finishedAt, other.finishedAt)
        && environment.equals(other.environment)
        && settings.equals(other.settings)
        && cases.equals(other.cases)
        && verdicts.equals(other.verdicts)
        && omitted.equals(other.omitted)
        && trees.equals(other.trees);
  }

  /** How a run ended. */
  public enum Status {
    /** Every planned cell was measured and verified. */
    @JsonProperty("complete")
    COMPLETE,
    /** A cell failed (verification or an error); the cases before it are kept. */
    @JsonProperty("failed")
    FAILED,
    /** Stopped from outside (Ctrl-C); the cases finished before are kept. */
    @JsonProperty("interrupted")
    INTERRUPTED,
    /** Still running, or killed without a chance to say so (kill -9, power loss). */
    @JsonProperty("running")
    RUNNING
  }

  /**
   * A cell that was not run because its backend cannot: a missing figure is never silent.
   *
   * @param cell the cell id
   * @param reason e.g. "chown batch-256 needs [OWNERSHIP], which backend x does not declare"
   */
  public record Omitted(String cell, String reason) {
    public Omitted {
      Objects.requireNonNull(cell, "cell");
      Objects.requireNonNull(reason, "reason");
    }
  }

  /**
   * What stopped a failed run.
   *
   * @param cell the cell id, e.g. {@code writeFile/batch-256/buffer/sync/broken}
   * @param backend backend id
   * @param family family name
   * @param caseLabel the case as a report names it, e.g. {@code batch-256 buffer}
   * @param mode sync or async
   * @param message what differs or what was thrown, as the fork or JMH reported it
   */
  public record Failure(
      String cell, String backend, String family, String caseLabel, String mode, String message) {
    public Failure {
      Objects.requireNonNull(cell, "cell");
      Objects.requireNonNull(message, "message");
    }
  }

  /**
   * What the run was asked to do.
   *
   * @param warmups warmup iterations per fork
   * @param samples an explicit {@code --samples} (measured iterations per fork for every case), or
   *     {@code null} when {@code samplesPerFork} holds the defaults per scenario
   * @param samplesPerFork measured iterations per fork actually used, per scenario
   * @param forks JMH forks per cell
   * @param families family filter, empty = all
   * @param backends the backends run (after resolving the default "every available one")
   * @param cases case filter, empty = all
   * @param modes mode filter, empty = both
   * @param quick the quick matrix
   * @param large the opt-in large trees
   * @param root the directory the sandbox was created in
   * @param label the run's label, or {@code null}
   * @param forkJvmArgs the extra JVM arguments of every fork (besides JMH's own)
   * @param method the statistical method's constants
   * @param jvm the java executable the forks ran, or {@code null} for the runner's own
   * @param target the backend the report studies against its peers ({@code --target}); {@code null}
   *     in runs written before it was recorded, which mean {@code native}
   * @param profilers the JMH profilers every fork ran ({@code --prof}, as given: {@code gc}, {@code
   *     stack:lines=5}); empty for none
   * @param floors the floors run beside the backends ({@code floor}, {@code floor-find}), or {@code
   *     null} (absent from run.json) when none ran
   * @param suites the matrices run: {@code standard}, {@code sweep}, {@code real-trees}, {@code
   *     user-tree}
   * @param globs the {@code --glob} patterns, glob's variants {@code user-1} ... on prepared trees
   * @param treeLimits the most entries and bytes {@code --tree} accepted, {@code null} without it
   * @param cold whether every warmup and sample ran after the page cache was dropped ({@code
   *     --cold}); a fork that cannot drop it fails its cell, so a complete cold run dropped it
   *     before every one
   * @param routes the absolute path of the routes file the routed backend ran with ({@code
   *     --routes}), every fork's {@code -Dfsbench.routes}; {@code null} (absent from run.json) when
   *     none was given
   */
  public record Settings(
      int warmups,
      Integer samples,
      Map<String, Integer> samplesPerFork,
      int forks,
      List<String> families,
      List<String> backends,
      List<String> cases,
      List<String> modes,
      boolean quick,
      boolean large,
      String root,
      String label,
      List<String> forkJvmArgs,
      Method method,
      String jvm,
      String target,
      List<String> profilers,
      @JsonInclude(JsonInclude.Include.NON_NULL) List<String> floors,
      List<String> suites,
      List<String> globs,
      TreeLimits treeLimits,
      boolean cold,
      @JsonInclude(JsonInclude.Include.NON_NULL) String routes) {
    public Settings {
      samplesPerFork = Collections.unmodifiableMap(new LinkedHashMap<>(samplesPerFork));
      families = List.copyOf(families);
      backends = List.copyOf(backends);
      cases = List.copyOf(cases);
      modes = List.copyOf(modes);
      forkJvmArgs = List.copyOf(forkJvmArgs);
      profilers = List.copyOf(profilers);
      Objects.requireNonNull(root, "root");
      Objects.requireNonNull(method, "method");
      floors = floors == null || floors.isEmpty() ? null : List.copyOf(floors);
      suites = List.copyOf(suites);
      globs = List.copyOf(globs);
    }

    /** The settings of a run without routes: every field but {@code routes}. */
    public Settings(
        int warmups,
        Integer samples,
        Map<String, Integer> samplesPerFork,
        int forks,
        List<String> families,
        List<String> backends,
        List<String> cases,
        List<String> modes,
        boolean quick,
        boolean large,
        String root,
        String label,
        List<String> forkJvmArgs,
        Method method,
        String jvm,
        String target,
        List<String> profilers,
        List<String> floors,
        List<String> suites,
        List<String> globs,
        TreeLimits treeLimits,
        boolean cold) {
      this(
          warmups,
          samples,
          samplesPerFork,
          forks,
          families,
          backends,
          cases,
          modes,
          quick,
          large,
          root,
          label,
          forkJvmArgs,
          method,
          jvm,
          target,
          profilers,
          floors,
          suites,
          globs,
          treeLimits,
          cold,
          null);
    }

    /** The settings of a run of the standard suite, warm: every field but the trees'. */
    public Settings(
        int warmups,
        Integer samples,
        Map<String, Integer> samplesPerFork,
        int forks,
        List<String> families,
        List<String> backends,
        List<String> cases,
        List<String> modes,
        boolean quick,
        boolean large,
        String root,
        String label,
        List<String> forkJvmArgs,
        Method method,
        String jvm,
        String target,
        List<String> profilers,
        List<String> floors) {
      this(
          warmups,
          samples,
          samplesPerFork,
          forks,
          families,
          backends,
          cases,
          modes,
          quick,
          large,
          root,
          label,
          forkJvmArgs,
          method,
          jvm,
          target,
          profilers,
          floors,
          List.of(STANDARD_SUITE),
          List.of(),
          null,
          false);
    }

    /** The suite of a run that names none. */
    public static final String STANDARD_SUITE = "standard";

    /** These settings with another {@code method}. */
    public Settings withMethod(Method other) {
      return new Settings(
          warmups,
          samples,
          samplesPerFork,
          forks,
          families,
          backends,
          cases,
          modes,
          quick,
          large,
          root,
          label,
          forkJvmArgs,
          other,
          jvm,
          target,
          profilers,
          floors,
          suites,
          globs,
          treeLimits,
          cold,
          routes);
    }
  }

  /**
   * How large a tree {@code --tree} accepted.
   *
   * @param maxEntries files, directories and links
   * @param maxBytes the sizes of the regular files, summed
   */
  public record TreeLimits(long maxEntries, long maxBytes) {}

  /**
   * The constants of the statistics, recorded so that a reader knows what a verdict meant.
   *
   * @param firstUseSamples measured samples per fork in the first-use regime
   * @param bootstrapResamples resamples per interval
   * @param confidence of every interval
   * @param minimumEffect the smallest relative difference given a verdict
   * @param falseDiscoveryRate the Benjamini-Hochberg level over each regime's comparisons
   * @param controlCases which cases have an A/A control: {@code representative} (each family's
   *     overview case, both modes), {@code all}, or {@code none}
   * @param floorCases which cases have the floors: {@code representative} (each family's overview
   *     case and the large trees, sync mode), {@code all} (every sync case), {@code none}; {@code
   *     null} (absent from run.json) in runs from before the floor
   * @param roundSeconds how far apart, in the cost model's time, a block of cases started its
   *     rounds of forks; {@code null} (absent from run.json) in runs from before the blocks, whose
   *     case ran all its forks at once
   * @param steadyVerdictForks the settled forks a side a steady verdict needs in a cell of several
   *     forks ({@link Cases#STEADY_VERDICT_FORKS}); {@code null} (absent from run.json) in runs
   *     from before the rule, which gave one
   */
  public record Method(
      int firstUseSamples,
      int bootstrapResamples,
      double confidence,
      double minimumEffect,
      double falseDiscoveryRate,
      String controlCases,
      @JsonInclude(JsonInclude.Include.NON_NULL) String floorCases,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer roundSeconds,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer steadyVerdictForks) {
    /**
     * The constants of the statistics as they are now, with the run's control and floor cases and
     * the span its rounds of forks were scheduled at.
     */
    public static Method current(String controlCases, String floorCases, Integer roundSeconds) {
      return new Method(
          Regime.FIRST_USE_SAMPLES,
          HierarchicalBootstrap.RESAMPLES,
          HierarchicalBootstrap.CONFIDENCE,
          Verdict.MINIMUM_EFFECT,
          FalseDiscovery.RATE,
          controlCases,
          floorCases,
          roundSeconds,
          Cases.STEADY_VERDICT_FORKS);
    }
  }

  /**
   * Verdict counts per regime.
   *
   * @param firstUse over the first-use comparisons
   * @param steady over the steady ones
   */
  public record VerdictSummary(@JsonProperty("first-use") Counts firstUse, Counts steady) {
    /** Counts the verdicts of {@code cases}. */
    public static VerdictSummary of(List<CaseRecord> cases) {
      return new VerdictSummary(
          Counts.of(cases, Regime.FIRST_USE), Counts.of(cases, Regime.STEADY));
    }

    public Counts of(Regime regime) {
      return regime == Regime.FIRST_USE ? firstUse : steady;
    }
  }

  /**
   * @param comparisons backends (not controls) compared with nio
   * @param faster those faster than nio
   * @param slower those slower
   * @param tie those not told apart
   * @param controls A/A controls compared with nio
   * @param controlsNotTie controls given a verdict other than tie: each one a false verdict
   */
  public record Counts(
      int comparisons, int faster, int slower, int tie, int controls, int controlsNotTie) {
    static Counts of(List<CaseRecord> cases, Regime regime) {
      int comparisons = 0;
      int faster = 0;
      int slower = 0;
      int controls = 0;
      int controlsNotTie = 0;
      for (CaseRecord c : cases) {
        for (CaseRecord.BackendResult r : c.results().values()) {
          CaseRecord.Versus v = r.regime(regime).vsNio();
          if (v == null) {
            continue;
          }
          if (r.control()) {
            controls++;
            controlsNotTie += v.verdict() == Verdict.TIE ? 0 : 1;
          } else {
            comparisons++;
            faster += v.verdict() == Verdict.FASTER ? 1 : 0;
            slower += v.verdict() == Verdict.SLOWER ? 1 : 0;
          }
        }
      }
      return new Counts(
          comparisons, faster, slower, comparisons - faster - slower, controls, controlsNotTie);
    }
  }
}
