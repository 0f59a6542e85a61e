package dev.fsbench.harness.run;

import dev.fsbench.harness.bench.PageCache;
import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.model.Suite;
import dev.fsbench.harness.results.Cases;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.workload.matrix.BackendSummary;
import dev.fsbench.harness.workload.matrix.Matrix;
import dev.fsbench.harness.workload.matrix.MatrixSpec;
import dev.fsbench.harness.workload.tree.PreparedTrees;
import dev.fsbench.spi.Op;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What a request selects, planned without running anything: the cells in matrix order (a case's
 * cells together, its control last), and what was selected but cannot run.
 *
 * @param catalog every backend on the class path, probed
 * @param backends the backends to run, in column order
 * @param cells the cells, in run order
 * @param omitted the selected cells a backend cannot run, with the reason
 * @param floors the floors with cells among {@code cells}, in column order
 * @param javaHome the forks' JDK (the source of jdk-src)
 */
public record RunPlan(
    BackendCatalog catalog,
    List<BackendCatalog.Probe> backends,
    List<CellPlan> cells,
    List<RunRecord.Omitted> omitted,
    List<BackendCatalog.FloorProbe> floors,
    Path javaHome) {

  /**
   * Plans the cells and checks that every filter selects something, naming what exists when one
   * does not. Creates nothing; bad input is an {@link IllegalArgumentException}.
   */
  public static RunPlan of(RunRequest request) {
    if (request.cold()) {
      PageCache.refusal()
          .ifPresent(
              why -> {
                throw new IllegalArgumentException(
                    "--cold cannot drop the page cache here: " + why + "; nothing was run");
              });
    }
    TreeOptions treeOptions = request.trees();
    if (treeOptions.dir() != null) {
      RunTrees.checkUserTree(request);
    }
    MatrixSpec.checkUserGlobs(treeOptions.globs());
    Set<Suite> suites = treeOptions.suites();
    int userGlobs = treeOptions.globs().size();
    BackendCatalog catalog = BackendCatalog.load();
    List<BackendCatalog.Probe> backends = catalog.select(request.backends());
    Set<String> families = new HashSet<>();
    for (String f : request.families()) {
      families.add(
          Op.ofFamily(f)
              .family()); // unknown family: IllegalArgumentException naming the known ones
    }
    // The backend under study is measured in every family, its NIO fallbacks too (routed's, say,
    // which are its dispatch to nio): its report's columns need them. Every other backend only on
    // its own routes.
    List<BackendSummary> summaries =
        backends.stream()
            .map(p -> p.id().equals(request.target()) ? p.summary().everyFamily() : p.summary())
            .toList();
    List<CellPlan> unfilteredCases =
        Matrix.plans(
            new MatrixSpec(
                summaries,
                families,
                Set.of(),
                request.modes(),
                request.quick(),
                request.large(),
                suites,
                userGlobs));
    Set<String> knownCases = new TreeSet<>();
    Set<String> familiesWithCells = new HashSet<>();
    for (CellPlan p : unfilteredCases) {
      knownCases.add(p.key().scenario());
      knownCases.add(p.key().caseLabel());
      familiesWithCells.add(p.key().family());
    }
    for (String f : families) {
      if (!familiesWithCells.contains(f)) {
        throw new IllegalArgumentException(
            "family "
                + f
                + " has no cell for backends "
                + summaries.stream().map(BackendSummary::id).toList()
                + (request.quick() ? " in the quick matrix" : "")
                + (suites.contains(Suite.STANDARD)
                    ? ""
                    : " in the "
                        + suites.stream().map(Suite::label).collect(Collectors.joining(" and "))
                        + " matrix, which holds the tree families readdir, glob, scan, cp and rm only")
                + " (a backend without the capability the family needs gets no cell, nor one that"
                + " serves the family through nio: that would measure nio again)");
      }
    }
    for (String c : request.cases()) {
      Set<Suite> holding = Matrix.suitesHolding(c);
      if (!knownCases.contains(c) && !holding.isEmpty() && Collections.disjoint(holding, suites)) {
        throw new IllegalArgumentException(
            "case '"
                + c
                + "' belongs to the "
                + holding.stream().map(Suite::label).collect(Collectors.joining(" or "))
                + " matrix, which this run does not select"
                + (holding.contains(Suite.SWEEP) ? " (--sweep)" : "")
                + (holding.contains(Suite.REAL_TREES) ? " (--real-trees)" : "")
                + (holding.contains(Suite.USER_TREE) ? " (--tree DIR)" : ""));
      }
      if (!knownCases.contains(c)) {
        throw new IllegalArgumentException(
            "no case '"
                + c
                + "' in the selected matrix; cases there: "
                + String.join(", ", knownCases));
      }
    }
    MatrixSpec spec =
        new MatrixSpec(
                summaries,
                families,
                request.cases(),
                request.modes(),
                request.quick(),
                request.large(),
                suites,
                userGlobs)
            .asMeasured();
    List<CellPlan> matrix = Matrix.plans(spec);
    if (matrix.isEmpty()) {
      throw new IllegalArgumentException("the filters select no cell");
    }
    FloorCases.Planned withFloors =
        request.floors().addTo(matrix, catalog.availableFloors(), suites);
    List<CellPlan> selected = request.controls().addTo(withFloors.plans());
    List<RunRecord.Omitted> omitted = new ArrayList<>();
    Matrix.omitted(spec).stream()
        .map(o -> new RunRecord.Omitted(o.key().id(), o.reason()))
        .forEach(omitted::add);
    omitted.addAll(withFloors.omitted());
    Path javaHome = RunTrees.forksJavaHome(request);
    List<CellPlan> plans = new ArrayList<>();
    for (CellPlan p : selected) {
      Optional<String> why = PreparedTrees.unavailable(p.key().scenario(), javaHome);
      if (why.isPresent()) {
        omitted.add(new RunRecord.Omitted(p.key().id(), why.get()));
      } else {
        plans.add(p);
      }
    }
    if (plans.isEmpty()) {
      throw new IllegalArgumentException(
          "the filters select no cell that can run here: "
              + omitted.get(omitted.size() - 1).reason());
    }
    checkTarget(request.target(), backends);
    Profilers.check(request.profilers());
    return new RunPlan(
        catalog,
        backends,
        List.copyOf(plans),
        List.copyOf(omitted),
        floorsOf(catalog.availableFloors(), plans),
        javaHome);
  }

  /** The floors of {@code floors} that have a cell among {@code plans}, in their order. */
  static List<BackendCatalog.FloorProbe> floorsOf(
      List<BackendCatalog.FloorProbe> floors, List<CellPlan> plans) {
    Set<String> planned = plans.stream().map(p -> p.key().backend()).collect(Collectors.toSet());
    return floors.stream().filter(f -> planned.contains(f.id())).toList();
  }

  /** An explicit {@code --target} must be measured, and must not be the baseline. */
  private static void checkTarget(String target, List<BackendCatalog.Probe> backends) {
    if (target == null) {
      return;
    }
    if (target.equals(Cases.BASELINE)) {
      throw new IllegalArgumentException(
          "--target nio: nio is the baseline every backend is compared with; name another backend");
    }
    List<String> ids = backends.stream().map(BackendCatalog.Probe::id).toList();
    if (!ids.contains(target)) {
      throw new IllegalArgumentException(
          "--target " + target + " is not among the backends run: " + String.join(", ", ids));
    }
  }
}
