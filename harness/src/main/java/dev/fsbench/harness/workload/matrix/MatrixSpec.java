package dev.fsbench.harness.workload.matrix;

import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.model.Suite;
import dev.fsbench.harness.workload.Case;
import dev.fsbench.harness.workload.tree.PreparedTrees;
import dev.fsbench.harness.workload.verify.GlobOracle;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What to run: which backends, which part of the matrix, at which scale. Immutable; empty filters
 * select everything.
 *
 * <pre>{@code
 * MatrixSpec all = new MatrixSpec(backends, Set.of(), Set.of(), Set.of(), false, false);
 * MatrixSpec reads =
 *     new MatrixSpec(backends, Set.of("readFile", "stat"), Set.of("batch-256"), Set.of(Mode.ASYNC), false, false);
 * MatrixSpec sweep =
 *     new MatrixSpec(backends, Set.of(), Set.of(), Set.of(), false, false, Set.of(Suite.SWEEP), 0);
 * }</pre>
 *
 * @param backends the backends, in the order their cells appear within a case
 * @param families family names ({@code readFile}, case ignored); empty selects every family
 * @param cases a case's scenario ({@code batch-256}, every variant) or its label ({@code batch-256
 *     utf8}); empty selects all
 * @param modes empty selects both
 * @param quick the smoke matrix: one representative case per family of the standard suite (see
 *     {@link Matrix}); the other suites keep their cases
 * @param large also the opt-in {@code tree-156k} cases of readdir, glob, scan, cp and rm (each
 *     fixture is about 156,000 files: seconds to build and remove, per sample for cp and rm), in
 *     the standard suite and in the sweep
 * @param suites the matrices to run; empty is the standard one
 * @param userGlobs how many patterns of {@code --glob} glob runs on each prepared tree, as the
 *     variants {@code user-1} ... (at most {@link #MAX_USER_GLOBS})
 * @param measured a run's matrix, which leaves out what it costs more than it tells (a case that
 *     runs in sync only unless {@code --modes} asks: {@link Case#syncOnlyByDefault}; the parallel
 *     concurrencies only where a walk can fan out: {@link Matrix#explicitConcurrencies}); false for
 *     every workload once (the contract check, the tests)
 */
public record MatrixSpec(
    List<BackendSummary> backends,
    Set<String> families,
    Set<String> cases,
    Set<Mode> modes,
    boolean quick,
    boolean large,
    Set<Suite> suites,
    int userGlobs,
    boolean measured) {

  public MatrixSpec {
    backends = List.copyOf(backends);
    families = Set.copyOf(families);
    cases = Set.copyOf(cases);
    modes = Set.copyOf(modes);
    suites = suites.isEmpty() ? Set.of(Suite.STANDARD) : Set.copyOf(EnumSet.copyOf(suites));
    long distinct = backends.stream().map(BackendSummary::id).distinct().count();
    if (distinct != backends.size()) {
      throw new IllegalArgumentException("a backend is listed twice: " + backends);
    }
    if (userGlobs < 0 || userGlobs > PreparedTrees.MAX_USER_GLOBS) {
      throw new IllegalArgumentException(
          "at most " + PreparedTrees.MAX_USER_GLOBS + " --glob patterns, was " + userGlobs);
    }
  }

  /**
   * Every workload of the selected suites once: no case and mode left out ({@code measured} false).
   */
  public MatrixSpec(
      List<BackendSummary> backends,
      Set<String> families,
      Set<String> cases,
      Set<Mode> modes,
      boolean quick,
      boolean large,
      Set<Suite> suites,
      int userGlobs) {
    this(backends, families, cases, modes, quick, large, suites, userGlobs, false);
  }

  /** This matrix as a run measures it ({@code measured}). */
  public MatrixSpec asMeasured() {
    return new MatrixSpec(backends, families, cases, modes, quick, large, suites, userGlobs, true);
  }

  /** The standard suite: every family's cases. */
  public MatrixSpec(
      List<BackendSummary> backends,
      Set<String> families,
      Set<String> cases,
      Set<Mode> modes,
      boolean quick,
      boolean large) {
    this(backends, families, cases, modes, quick, large, Set.of(Suite.STANDARD), 0);
  }

  /** Every family, case and mode of these backends, at the default scale. */
  public static MatrixSpec all(List<BackendSummary> backends) {
    return new MatrixSpec(
        Objects.requireNonNull(backends, "backends"), Set.of(), Set.of(), Set.of(), false, false);
  }

  /** Refuses patterns glob's variants cannot carry: too many, malformed, or spanning lines. */
  public static void checkUserGlobs(List<String> patterns) {
    if (patterns.size() > PreparedTrees.MAX_USER_GLOBS) {
      throw new IllegalArgumentException(
          "at most " + PreparedTrees.MAX_USER_GLOBS + " --glob patterns, got " + patterns.size());
    }
    for (String p : patterns) {
      if (p.indexOf('\n') >= 0 || p.indexOf('\r') >= 0) {
        throw new IllegalArgumentException("--glob pattern spans lines: " + p);
      }
      try {
        GlobOracle.compile(List.of(p), false);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("--glob: " + e.getMessage(), e);
      }
    }
  }
}
