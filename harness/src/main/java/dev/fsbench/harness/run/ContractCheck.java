package dev.fsbench.harness.run;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.results.EnvironmentProbe;
import dev.fsbench.harness.workload.Workloads;
import dev.fsbench.harness.workload.matrix.BackendSummary;
import dev.fsbench.harness.workload.matrix.Matrix;
import dev.fsbench.harness.workload.matrix.MatrixSpec;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import dev.fsbench.support.TreeRemoval;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code fsbench contract}: every workload of the matrix once per backend, outside JMH, with its
 * verification. It is the peer contract on the real filesystem (the unit contract kit runs on Jimfs
 * and temp dirs): the same fixtures, the same checks the benchmarks run, without timing. Every cell
 * runs even after a failure, so one run lists them all.
 */
public final class ContractCheck {

  /** The counts, and each failure as "cell: message". */
  public record Result(int passed, List<String> failures) {
    public boolean ok() {
      return failures.isEmpty();
    }
  }

  private ContractCheck() {}

  /**
   * @param backends ids; empty = every available backend
   * @param families empty = all
   * @param cases empty = all
   * @param modes empty = both
   */
  public static Result execute(
      List<String> backends,
      Set<String> families,
      Set<String> cases,
      Set<Mode> modes,
      boolean large,
      Path root,
      PrintStream out)
      throws IOException {
    BackendCatalog catalog = BackendCatalog.load();
    List<BackendCatalog.Probe> selected = catalog.select(backends);
    if (backends.isEmpty()) {
      for (BackendCatalog.Probe p : catalog.unavailable()) {
        out.println(
            "note: backend " + p.id() + " is unavailable here and is not checked: " + p.reason());
      }
    }
    Set<String> canonical = new HashSet<>();
    for (String f : families) {
      canonical.add(Op.ofFamily(f).family());
    }
    // Every workload once, the families a backend hands to NIO included: the contract is the
    // backend's whole answer, whoever computes it.
    List<BackendSummary> summaries = selected.stream().map(p -> p.summary().everyFamily()).toList();
    List<CellPlan> plans =
        Matrix.plans(new MatrixSpec(summaries, canonical, cases, modes, false, large));
    if (plans.isEmpty()) {
      throw new IllegalArgumentException("the filters select no cell");
    }
    Map<String, FsBackend> open = new LinkedHashMap<>();
    List<String> failures = new ArrayList<>();
    int passed = 0;
    try (Sandbox sandbox = Sandbox.create(root)) {
      out.println(
          "fsbench contract: "
              + plans.size()
              + " cells in "
              + sandbox.dir()
              + " ("
              + EnvironmentProbe.fileSystemType(sandbox.dir())
              + ")");
      int n = 0;
      for (CellPlan plan : plans) {
        CellKey key = plan.key();
        Path dir = sandbox.work().resolve("cell-" + n++);
        Files.createDirectory(dir);
        try {
          FsBackend backend =
              open.computeIfAbsent(
                  key.backendLabel(), label -> Backends.create(key.backend(), config(key)));
          Workloads.runOnce(plan, backend, dir);
          passed++;
          out.println("ok    " + key.id());
        } catch (Exception | AssertionError e) {
          String message = e.getMessage() == null ? e.toString() : e.getMessage();
          failures.add(key.id() + ": " + message);
          out.println("FAIL  " + key.id() + ": " + message);
        } finally {
          TreeRemoval.cleanUp(dir);
        }
      }
    } finally {
      open.values().forEach(FsBackend::close);
    }
    out.println(passed + " passed, " + failures.size() + " failed");
    return new Result(passed, List.copyOf(failures));
  }

  private static BackendConfig config(CellKey key) {
    return key.concurrency() == 0
        ? BackendConfig.DEFAULT
        : BackendConfig.DEFAULT.toBuilder().concurrency(key.concurrency()).build();
  }
}
