package dev.fsbench.harness.run;

import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.model.TreeShape;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.workload.matrix.Matrix;
import dev.fsbench.harness.workload.tree.PreparedTrees;
import dev.fsbench.harness.workload.verify.NameProbe;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.Floor;
import dev.fsbench.spi.FloorRunner;
import dev.fsbench.spi.FsBackend;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A run's trees: the checks of {@code --tree} before anything is created, then, in the sandbox and
 * before the first fork, every prepared tree built or copied once ({@link PreparedTrees}), the
 * shapes run.json records, and the cells no backend or only some can run on a tree whose names a
 * String cannot hold.
 *
 * @param cells the cells to run, cp's on a prepared tree moving its bytes
 * @param omitted the plan's omitted cells and those the trees rule out, with the reasons
 * @param shapes every tree scenario's shape, in matrix order
 * @param sizes the prepared trees' sizes, for the cost model
 * @param forkArgs the forks' flags that name the store, if there is one
 */
record RunTrees(
    List<CellPlan> cells,
    List<RunRecord.Omitted> omitted,
    Map<String, TreeShape> shapes,
    Map<String, Sampling.TreeSize> sizes,
    List<String> forkArgs) {

  static final String USER_TREE = "user-tree";
  private static final Set<String> STRING_RESULTS = Set.of("readdir", "glob", "scan");

  /**
   * Refuses a {@code --tree} that is missing or not a directory, or that holds the sandbox root or
   * the results folder: the run must never write into it.
   */
  static void checkUserTree(RunRequest request) {
    Path dir = request.trees().dir();
    if (!Files.exists(dir)) {
      throw new IllegalArgumentException("--tree " + dir + " does not exist");
    }
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException("--tree " + dir + " is not a directory");
    }
    Path tree = real(dir);
    if (real(request.root()).startsWith(tree)) {
      throw new IllegalArgumentException(
          "--root "
              + request.root()
              + " lies inside --tree "
              + dir
              + ": the sandbox would be made in the tree, which fsbench only reads; give --root"
              + " elsewhere");
    }
    Path results = request.out() != null ? request.out() : request.resultsParent();
    if (real(results).startsWith(tree)) {
      throw new IllegalArgumentException(
          "the results folder "
              + results
              + " would be inside --tree "
              + dir
              + ", which fsbench only reads; give --out outside it");
    }
  }

  /** {@code path} with its nearest existing ancestor's links resolved, absolute. */
  private static Path real(Path path) {
    Path absolute = path.toAbsolutePath().normalize();
    Path existing = absolute;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return absolute;
    }
    try {
      return existing.toRealPath().resolve(existing.relativize(absolute));
    } catch (IOException e) {
      return absolute;
    }
  }

  /** The JDK the forks run: {@code --jvm}'s ({@code <home>/bin/java}), else the runner's. */
  static Path forksJavaHome(RunRequest request) {
    if (request.jvm() == null) {
      return Path.of(System.getProperty("java.home"));
    }
    Path java = Path.of(request.jvm());
    try {
      java = java.toRealPath();
    } catch (IOException e) {
      // the executable was checked by the caller; use the path as given
    }
    Path bin = java.getParent();
    return bin == null || bin.getParent() == null ? java : bin.getParent();
  }

  /**
   * Prepares the trees of {@code plan}'s cells in {@code sandbox} and returns what the run needs of
   * them. An unusable {@code --tree} is an {@link IllegalArgumentException} saying why.
   */
  static RunTrees prepare(
      RunRequest request, RunPlan plan, Sandbox sandbox, PrintStream out, PrintStream err)
      throws IOException {
    Set<String> scenarios = new LinkedHashSet<>();
    plan.cells().forEach(c -> scenarios.add(c.key().scenario()));
    Map<String, TreeShape> shapes = new LinkedHashMap<>();
    PreparedTrees store = null;
    for (String scenario : scenarios) {
      Optional<TreeShape> synthetic = PreparedTrees.syntheticShape(scenario);
      if (synthetic.isPresent()) {
        shapes.put(scenario, synthetic.get());
      } else if (Matrix.isPreparedTree(scenario)) {
        if (store == null) {
          store = PreparedTrees.at(sandbox.dir().resolve("trees"));
        }
        long start = System.nanoTime();
        TreeShape shape =
            scenario.equals(USER_TREE)
                ? store.snapshot(request.trees().dir(), request.trees().limits())
                : store.prepare(scenario, plan.javaHome());
        shapes.put(scenario, shape);
        out.println(
            "fsbench: "
                + scenario
                + " ("
                + shape.source()
                + "): "
                + shape.summary()
                + notes(shape)
                + String.format("; ready in %.1f s", (System.nanoTime() - start) / 1e9));
      }
    }
    if (store != null && !request.trees().globs().isEmpty()) {
      store.writeUserGlobs(request.trees().globs());
    }
    List<CellPlan> cells = new ArrayList<>();
    List<RunRecord.Omitted> omitted = new ArrayList<>(plan.omitted());
    Map<String, Optional<String>> probes = new HashMap<>();
    for (CellPlan cell : plan.cells()) {
      TreeShape shape = shapes.get(cell.key().scenario());
      Optional<String> why =
          shape == null || shape.namesNotUtf8() == 0
              ? Optional.empty()
              : cannotName(cell, shape, probes, sandbox, err);
      if (why.isPresent()) {
        omitted.add(new RunRecord.Omitted(cell.key().id(), why.get()));
      } else {
        cells.add(withBytes(cell, shape));
      }
    }
    if (cells.isEmpty()) {
      throw new IllegalArgumentException(
          "no selected cell can run on these trees: " + omitted.get(omitted.size() - 1).reason());
    }
    Map<String, Sampling.TreeSize> sizes = new LinkedHashMap<>();
    shapes.forEach((k, v) -> sizes.put(k, Sampling.TreeSize.of(v)));
    List<String> forkArgs =
        store == null ? List.of() : List.of("-D" + PreparedTrees.PROPERTY + "=" + store.dir());
    return new RunTrees(cells, omitted, shapes, sizes, forkArgs);
  }

  private static String notes(TreeShape shape) {
    StringBuilder notes = new StringBuilder();
    if (shape.skipped() > 0) {
      notes.append(
          String.format("; %,d special files (FIFOs, sockets, devices) skipped", shape.skipped()));
    }
    if (shape.modesAdjusted() > 0) {
      notes.append(
          String.format(
              "; %,d entries' permission bits adjusted (owner access added)",
              shape.modesAdjusted()));
    }
    if (shape.namesNotUtf8() > 0) {
      notes.append(
          String.format("; names not valid in the file name encoding: %,d", shape.namesNotUtf8()));
    }
    return notes.toString();
  }

  /**
   * Why {@code cell} cannot run on a tree with names a String cannot hold: always for the families
   * that return names, after a probe for cp and rm.
   */
  private static Optional<String> cannotName(
      CellPlan cell,
      TreeShape shape,
      Map<String, Optional<String>> probes,
      Sandbox sandbox,
      PrintStream err)
      throws IOException {
    String family = cell.key().family();
    if (STRING_RESULTS.contains(family)) {
      return Optional.of(
          String.format(
              "%s has %,d names that are not valid in the file name encoding (%s); %s returns"
                  + " names as Strings, which cannot hold them, whatever the backend",
              cell.key().scenario(),
              shape.namesNotUtf8(),
              System.getProperty("sun.jnu.encoding"),
              family));
    }
    String backend = cell.params().get(Matrix.PARAM_BACKEND);
    String key = backend + "/" + family;
    if (!probes.containsKey(key)) {
      Optional<Floor> floor = Backends.floor(backend);
      if (floor.isPresent()) {
        try (FloorRunner runner = floor.get().open()) {
          probes.put(key, NameProbe.cpAndRm(runner, sandbox.dir(), family));
        }
      } else {
        try (FsBackend fs = Backends.create(backend, BackendConfig.DEFAULT)) {
          probes.put(key, NameProbe.cpAndRm(fs, sandbox.dir(), family));
        }
      }
      probes.get(key).ifPresent(why -> err.println("note: " + why + "; its cells are not run"));
    }
    return probes.get(key);
  }

  /** cp's plan on a prepared tree moves the tree's bytes; every other plan is as it was. */
  private static CellPlan withBytes(CellPlan cell, TreeShape shape) {
    if (shape == null
        || !cell.key().family().equals("cp")
        || !Matrix.isPreparedTree(cell.key().scenario())) {
      return cell;
    }
    return new CellPlan(
        cell.key(), cell.operations(), shape.bytes(), cell.benchmark(), cell.params());
  }
}
