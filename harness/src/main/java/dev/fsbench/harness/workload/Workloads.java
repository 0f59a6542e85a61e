package dev.fsbench.harness.workload;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.workload.tree.PreparedTrees;
import dev.fsbench.harness.workload.verify.VerificationFailure;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FloorRunner;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.support.TreeRemoval;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Objects;

/**
 * Runs a cell's workload: once, outside JMH ({@link #runOnce}, for checks and tests), or step by
 * step under a JMH benchmark ({@link #open}).
 *
 * <pre>{@code
 * try (FsBackend nio = Backends.create("nio", BackendConfig.DEFAULT)) {
 *   for (CellPlan plan : Matrix.plans(spec)) {
 *     Workloads.runOnce(plan, nio, sandbox); // throws VerificationFailure naming the cell and what differs
 *   }
 * }
 * }</pre>
 */
public final class Workloads {
  private Workloads() {}

  /**
   * Runs one cell once: prepares its fixture (untimed), runs it, verifies it and removes everything
   * it made, all under {@code sandbox}. Throws {@link VerificationFailure} when the result is wrong
   * or a call failed.
   */
  public static void runOnce(CellPlan plan, FsBackend backend, Path sandbox) throws Exception {
    runOnce(plan, backend, sandbox, PreparedTrees.none());
  }

  /** As {@link #runOnce(CellPlan, FsBackend, Path)}, on the trees {@code trees} holds. */
  public static void runOnce(CellPlan plan, FsBackend backend, Path sandbox, PreparedTrees trees)
      throws Exception {
    try (CellWorkload workload = open(plan.key(), backend, sandbox, trees)) {
      runOnce(workload);
    }
  }

  /**
   * As {@link #runOnce(CellPlan, FsBackend, Path)}, the calls run by a floor ({@link #openFloor}).
   */
  public static void runOnce(CellPlan plan, FloorRunner floor, Path sandbox) throws Exception {
    runOnce(plan, floor, sandbox, PreparedTrees.none());
  }

  /** As {@link #runOnce(CellPlan, FloorRunner, Path)}, on the trees {@code trees} holds. */
  public static void runOnce(CellPlan plan, FloorRunner floor, Path sandbox, PreparedTrees trees)
      throws Exception {
    try (CellWorkload workload = openFloor(plan.key(), floor, sandbox, trees)) {
      runOnce(workload);
    }
  }

  private static void runOnce(CellWorkload workload) throws Exception {
    workload.prepareIteration();
    try {
      workload.run();
    } catch (Exception e) {
      throw workload.failed(e);
    }
    workload.verifyIteration();
  }

  /**
   * Opens a cell's workload whose calls a floor runs: the same fixtures and verification as a
   * backend's cell of the case, the calls recorded through {@code floor.recorder()} and run by
   * {@code floor} (see {@link CellWorkload}). The cell's backend is the floor's id; it must be a
   * sync cell at the default concurrency.
   */
  public static CellWorkload openFloor(CellKey key, FloorRunner floor, Path sandbox)
      throws IOException {
    return openFloor(key, floor, sandbox, PreparedTrees.none());
  }

  /** As {@link #openFloor(CellKey, FloorRunner, Path)}, with the trees the run prepared. */
  public static CellWorkload openFloor(
      CellKey key, FloorRunner floor, Path sandbox, PreparedTrees trees) throws IOException {
    Objects.requireNonNull(floor, "floor");
    if (key.concurrency() != 0) {
      throw new IllegalArgumentException(
          "cell " + key + ": a floor runs at the library's own concurrency, not an explicit one");
    }
    return open(key, floor.recorder(), sandbox, trees, floor);
  }

  /**
   * Opens a cell's workload for a trial in a new directory under {@code sandbox}, and builds the
   * fixtures its samples share. The caller drives it (see {@link CellWorkload}) and closes it,
   * which removes that directory.
   *
   * @throws IllegalArgumentException if the cell is not in the matrix, {@code backend} is not the
   *     cell's backend or lacks a capability the case needs, or {@code sandbox} is not a directory
   */
  public static CellWorkload open(CellKey key, FsBackend backend, Path sandbox) throws IOException {
    return open(key, backend, sandbox, PreparedTrees.none());
  }

  /**
   * As {@link #open(CellKey, FsBackend, Path)}, with the trees the run prepared (a fork's are
   * {@link PreparedTrees#fromSystemProperty()}).
   */
  public static CellWorkload open(CellKey key, FsBackend backend, Path sandbox, PreparedTrees trees)
      throws IOException {
    return open(key, backend, sandbox, trees, null);
  }

  private static CellWorkload open(
      CellKey key, FsBackend backend, Path sandbox, PreparedTrees trees, FloorRunner floor)
      throws IOException {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(backend, "backend");
    if (!backend.id().equals(key.backend())) {
      throw new IllegalArgumentException(
          "cell " + key + " is for backend " + key.backend() + ", not " + backend.id());
    }
    if (!Files.isDirectory(sandbox)) {
      throw new IllegalArgumentException(
          "the sandbox " + sandbox + " is not an existing directory");
    }
    Family family = Families.of(key.family());
    Case spec = findCase(family, key);
    EnumSet<Capability> missing = EnumSet.allOf(Capability.class);
    missing.retainAll(spec.requires());
    missing.removeAll(backend.capabilities());
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException(
          "cell "
              + key
              + " needs "
              + missing
              + ", which backend "
              + backend.id()
              + " does not declare");
    }
    CellWorkload workload = family.create(new Cell(key, spec, backend, trees));
    if (floor != null) {
      workload.runOn(floor);
    }
    Path trialDir = Files.createTempDirectory(sandbox, key.id().replace('/', '_') + "-");
    try {
      workload.open(trialDir);
    } catch (IOException | RuntimeException e) {
      try {
        TreeRemoval.cleanUp(trialDir);
      } catch (IOException cleanup) {
        e.addSuppressed(cleanup);
      }
      throw e;
    }
    return workload;
  }

  /**
   * The cell that JMH parameters name, checked against the matrix: {@code cell("readFile",
   * "batch-256/utf8", "async", "nio", 0)}. Throws {@link IllegalArgumentException} naming the valid
   * values when they name no cell.
   */
  public static CellKey cell(
      String family, String workload, String mode, String backend, int concurrency) {
    Family f = Families.of(family);
    Case spec =
        f.find(workload)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "family "
                            + f.name()
                            + " has no case '"
                            + workload
                            + "'; valid: "
                            + f.allCases().stream().map(Case::param).toList()));
    Mode m;
    try {
      m = Mode.ofLabel(mode);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("unknown mode '" + mode + "'; valid: sync, async", e);
    }
    CellKey key =
        new CellKey(f.name(), spec.scenario().label(), spec.variant(), m, backend, concurrency);
    findCase(f, key);
    return key;
  }

  private static Case findCase(Family family, CellKey key) {
    String param =
        CellKey.NO_VARIANT.equals(key.variant())
            ? key.scenario()
            : key.scenario() + "/" + key.variant();
    Case spec =
        family
            .find(param)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "cell " + key + " is no case of " + family.name()));
    if (key.concurrency() != 0 && !family.op().isTree()) {
      throw new IllegalArgumentException(
          "cell "
              + key
              + ": an explicit concurrency applies to tree families only (readdir, glob, scan, cp, rm)");
    }
    return spec;
  }
}
