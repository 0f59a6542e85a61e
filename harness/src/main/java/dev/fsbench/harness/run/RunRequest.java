package dev.fsbench.harness.run;

import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.results.Environment;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What {@code fsbench run} was asked to do, after parsing and defaulting.
 *
 * @param backends backend ids in column order; empty = every available backend
 * @param families family names; empty = all
 * @param cases scenario or case label filters; empty = all
 * @param modes empty = both
 * @param warmups warmup iterations per fork (>= 0)
 * @param samples measured iterations per fork of every cell (>= 1), or {@code null} for the
 *     defaults per scenario
 * @param forks JMH forks per cell (>= 1)
 * @param quick the quick matrix
 * @param large include the large trees
 * @param root where the sandbox is created
 * @param out the results folder, or {@code null} for {@code
 *     <resultsParent>/<date>-<os>-<arch>[-label]}
 * @param resultsParent the parent of default results folders
 * @param label appended to the default folder name and recorded, or {@code null}
 * @param home the source tree (for its git commit), usually the repository the launcher lives in
 * @param controls which cases get an A/A control
 * @param jvm the java executable the forks run, or {@code null} for the runner's own
 * @param target the backend the report studies against its peers, or {@code null} for {@code
 *     native}; when given, it must be one of the backends run, and not nio
 * @param profilers JMH profilers for every fork, as {@code NAME[:OPTS]} ({@code gc}, {@code
 *     stack:lines=5})
 * @param outsideJars the jars of {@code --classpath}, to record in run.json
 * @param floors which cases get the floors
 * @param trees the tree families' own matrices, when one replaces the standard one
 * @param cold drop the page cache before every warmup and sample ({@code --cold})
 * @param routes the routes file of the routed backend, passed to every fork ({@link
 *     RoutesSetting}), or {@code null}
 */
public record RunRequest(
    List<String> backends,
    Set<String> families,
    Set<String> cases,
    Set<Mode> modes,
    int warmups,
    Integer samples,
    int forks,
    boolean quick,
    boolean large,
    Path root,
    Path out,
    Path resultsParent,
    String label,
    Path home,
    Controls controls,
    String jvm,
    String target,
    List<String> profilers,
    List<Environment.OutsideJar> outsideJars,
    FloorCases floors,
    TreeOptions trees,
    boolean cold,
    Path routes) {

  public RunRequest {
    backends = List.copyOf(backends);
    profilers = List.copyOf(profilers);
    outsideJars = List.copyOf(outsideJars);
    families = Set.copyOf(families);
    cases = Set.copyOf(cases);
    modes = Set.copyOf(modes);
    Objects.requireNonNull(root, "root");
    Objects.requireNonNull(resultsParent, "resultsParent");
    Objects.requireNonNull(home, "home");
    if (warmups < 0) {
      throw new IllegalArgumentException("--warmups must be 0 or more, was " + warmups);
    }
    Objects.requireNonNull(controls, "controls");
    Objects.requireNonNull(floors, "floors");
    Objects.requireNonNull(trees, "trees");
    if (samples != null && samples < 1) {
      throw new IllegalArgumentException("--samples must be at least 1, was " + samples);
    }
    if (forks < 1) {
      throw new IllegalArgumentException("--forks must be at least 1, was " + forks);
    }
  }

  /** A run without routes: every field but {@code routes}. */
  public RunRequest(
      List<String> backends,
      Set<String> families,
      Set<String> cases,
      Set<Mode> modes,
      int warmups,
      Integer samples,
      int forks,
      boolean quick,
      boolean large,
      Path root,
      Path out,
      Path resultsParent,
      String label,
      Path home,
      Controls controls,
      String jvm,
      String target,
      List<String> profilers,
      List<Environment.OutsideJar> outsideJars,
      FloorCases floors,
      TreeOptions trees,
      boolean cold) {
    this(
        backends,
        families,
        cases,
        modes,
        warmups,
        samples,
        forks,
        quick,
        large,
        root,
        out,
        resultsParent,
        label,
        home,
        controls,
        jvm,
        target,
        profilers,
        outsideJars,
        floors,
        trees,
        cold,
        null);
  }

  /** A warm run of the standard matrix: every field but those of the tree matrices. */
  public RunRequest(
      List<String> backends,
      Set<String> families,
      Set<String> cases,
      Set<Mode> modes,
      int warmups,
      Integer samples,
      int forks,
      boolean quick,
      boolean large,
      Path root,
      Path out,
      Path resultsParent,
      String label,
      Path home,
      Controls controls,
      String jvm,
      String target,
      List<String> profilers,
      List<Environment.OutsideJar> outsideJars,
      FloorCases floors) {
    this(
        backends,
        families,
        cases,
        modes,
        warmups,
        samples,
        forks,
        quick,
        large,
        root,
        out,
        resultsParent,
        label,
        home,
        controls,
        jvm,
        target,
        profilers,
        outsideJars,
        floors,
        TreeOptions.NONE,
        false);
  }
}
