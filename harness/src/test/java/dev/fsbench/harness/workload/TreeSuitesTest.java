package dev.fsbench.harness.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.model.Suite;
import dev.fsbench.harness.model.TreeShape;
import dev.fsbench.harness.workload.matrix.BackendSummary;
import dev.fsbench.harness.workload.matrix.Matrix;
import dev.fsbench.harness.workload.matrix.MatrixSpec;
import dev.fsbench.harness.workload.tree.PreparedTrees;
import dev.fsbench.harness.workload.verify.VerificationFailure;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Floor;
import dev.fsbench.spi.FloorRunner;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tree suites' cells, run once (no JMH) by every backend available here and verified: the size
 * sweep's small sizes and links-dots (from a store, and built by the fork itself) by every backend,
 * wide-100k's listings and jdk-src (where a JDK with sources is at hand) by nio and native, the
 * backend under study; the floors on the sweep's small sizes and links-dots. A backend broken in a
 * tree family fails every such cell.
 */
class TreeSuitesTest {
  private static final Map<String, FsBackend> BACKENDS = new TreeMap<>();

  @TempDir(factory = Tmpfs.class)
  static Path shared;

  @TempDir(factory = Tmpfs.class)
  Path sandbox;

  /** Stores of a test's own, beside the sandbox (which each cell must leave empty). */
  @TempDir(factory = Tmpfs.class)
  Path stores;

  private static PreparedTrees store;

  @BeforeAll
  static void openBackendsAndStore() throws IOException {
    for (Backends.Entry e : Backends.list()) {
      if (e.availability().isAvailable() && !e.id().startsWith("test-")) {
        BACKENDS.put(e.id(), Backends.create(e.id(), BackendConfig.DEFAULT));
      }
    }
    store = PreparedTrees.at(shared.resolve("trees"));
    store.prepare("links-dots", Path.of(System.getProperty("java.home")));
  }

  @AfterAll
  static void closeBackends() {
    BACKENDS.values().forEach(FsBackend::close);
  }

  private static List<CellPlan> plans(Suite suite, Set<String> cases, Set<Mode> modes) {
    List<BackendSummary> summaries = new ArrayList<>();
    BACKENDS.forEach((id, fs) -> summaries.add(new BackendSummary(id, fs.capabilities())));
    return Matrix.plans(
        new MatrixSpec(summaries, Set.of(), cases, modes, false, false, Set.of(suite), 0));
  }

  private Stream<DynamicTest> runEach(List<CellPlan> plans, PreparedTrees trees) {
    assertTrue(BACKENDS.containsKey("nio"), "nio is always there");
    return plans.stream()
        .map(
            plan ->
                DynamicTest.dynamicTest(
                    plan.key().id(),
                    () -> {
                      Workloads.runOnce(plan, BACKENDS.get(plan.key().backend()), sandbox, trees);
                      assertTrue(
                          NioWorkloadsTest.isEmpty(sandbox),
                          "left behind: " + NioWorkloadsTest.list(sandbox));
                    }));
  }

  @TestFactory
  Stream<DynamicTest> theSweepsSmallSizesVerifyWithEveryBackend() {
    List<CellPlan> plans = plans(Suite.SWEEP, Set.of("tree-16", "tree-64", "tree-256"), Set.of());
    assertEquals(5 * 3 * 2 * BACKENDS.size(), plans.size(), "5 families, 3 sizes, 2 modes");
    return runEach(plans, PreparedTrees.none());
  }

  @TestFactory
  Stream<DynamicTest> linksAndDotsFromTheStoreVerifyWithEveryBackend() {
    List<CellPlan> plans = plans(Suite.REAL_TREES, Set.of("links-dots"), Set.of());
    long listingDangling =
        BACKENDS.keySet().stream()
            .filter(id -> BACKENDS.get(id).capabilities().contains(Capability.GLOB_DANGLING_LINKS))
            .count();
    assertEquals(
        (4 * BACKENDS.size() + GlobWorkload.PREPARED_PATTERNS.size() * listingDangling) * 2,
        plans.size(),
        "readdir, scan, cp, rm, and glob's three patterns where glob lists links to nothing, in two"
            + " modes");
    return runEach(plans, store);
  }

  @TestFactory
  Stream<DynamicTest> linksAndDotsBuiltByTheForkItselfVerify() {
    return runEach(
        plans(Suite.REAL_TREES, Set.of("links-dots"), Set.of(Mode.SYNC)).stream()
            .filter(p -> p.key().backend().equals("nio"))
            .toList(),
        PreparedTrees.none());
  }

  @TestFactory
  Stream<DynamicTest> aBackendBrokenInATreeFamilyFailsOnLinksAndDots() {
    FsBackend nio = BACKENDS.get("nio");
    return Stream.of(Op.READDIR, Op.GLOB, Op.SCAN, Op.CP, Op.RM)
        .flatMap(
            op -> {
              BrokenBackend broken = new BrokenBackend(nio, op);
              List<CellPlan> plans =
                  Matrix.plans(
                      new MatrixSpec(
                          List.of(new BackendSummary(broken.id(), nio.capabilities())),
                          Set.of(op.family()),
                          Set.of("links-dots"),
                          Set.of(Mode.SYNC),
                          false,
                          false,
                          Set.of(Suite.REAL_TREES),
                          0));
              return plans.stream()
                  .map(
                      plan ->
                          DynamicTest.dynamicTest(
                              plan.key().id(),
                              () ->
                                  assertThrows(
                                      VerificationFailure.class,
                                      () -> Workloads.runOnce(plan, broken, sandbox, store))));
            });
  }

  /**
   * The floors on the tree matrices' trees, sync as they run: the library's loop on the sweep's
   * small sizes and on links-dots for every tree family, and {@code find}, {@code cp -r}, {@code rm
   * -rf} on the same trees; each floor's calls verified as a backend's are.
   */
  @TestFactory
  Stream<DynamicTest> theFloorsVerifyOnTheSweepAndOnLinksAndDots() {
    List<DynamicTest> tests = new ArrayList<>();
    for (String id : List.of("floor", "floor-find", "floor-cp", "floor-rm")) {
      Floor floor =
          Backends.floor(id).orElseThrow(() -> new AssertionError("no floor " + id + " offered"));
      Assumptions.assumeTrue(
          floor.availability().isAvailable(),
          () -> "floor " + id + " is unavailable here: " + floor.availability().reason());
      BackendSummary summary = new BackendSummary(floor.id(), floor.capabilities());
      List<CellPlan> plans = new ArrayList<>();
      for (Suite suite : List.of(Suite.SWEEP, Suite.REAL_TREES)) {
        Set<String> cases =
            suite == Suite.SWEEP ? Set.of("tree-16", "tree-64", "tree-256") : Set.of("links-dots");
        Matrix.plans(
                new MatrixSpec(
                    List.of(summary),
                    Set.of(),
                    cases,
                    Set.of(Mode.SYNC),
                    false,
                    false,
                    Set.of(suite),
                    0))
            .stream()
            .filter(p -> floor.families().contains(Op.ofFamily(p.key().family())))
            .forEach(plans::add);
      }
      int perTree = id.equals("floor") ? 4 + GlobWorkload.PREPARED_PATTERNS.size() : 1;
      assertEquals(
          (id.equals("floor") ? 5 * 3 : 3) + perTree,
          plans.size(),
          id + ": its families on three sizes and on links-dots");
      for (CellPlan plan : plans) {
        tests.add(
            DynamicTest.dynamicTest(
                plan.key().id(),
                () -> {
                  try (FloorRunner runner = floor.open()) {
                    Workloads.runOnce(plan, runner, sandbox, store);
                  }
                  assertTrue(
                      NioWorkloadsTest.isEmpty(sandbox),
                      "left behind: " + NioWorkloadsTest.list(sandbox));
                }));
      }
    }
    return tests.stream();
  }

  @TestFactory
  Stream<DynamicTest> wide100kListsWithEveryBackend() throws IOException {
    PreparedTrees wide = PreparedTrees.at(stores.resolve("wide"));
    TreeShape shape = wide.prepare("wide-100k", Path.of(System.getProperty("java.home")));
    long wideEntries = PreparedTrees.plannedEntries("wide-100k").getAsLong();
    assertEquals(wideEntries, shape.entries());
    assertEquals(wideEntries, shape.largestDirectory());
    List<CellPlan> plans = new ArrayList<>();
    // The listings only, by the backend under study and nio: cp and rm run the code links-dots
    // checks, and a tree of 100,000 entries costs seconds per cell.
    for (CellPlan p : plans(Suite.REAL_TREES, Set.of("wide-100k"), Set.of(Mode.SYNC))) {
      String f = p.key().family();
      if (Set.of("nio", "native").contains(p.key().backend())
          && (f.equals("readdir") || f.equals("scan"))) {
        plans.add(p);
      }
    }
    return runEach(plans, wide);
  }

  @TestFactory
  Stream<DynamicTest> jdkSourceVerifiesWithEveryBackendWhereAJdkHasItsSources() throws IOException {
    Optional<Path> home = JdkWithSources.find();
    Assumptions.assumeTrue(
        home.isPresent(),
        "no JDK with lib/src.zip here (the running one: "
            + PreparedTrees.unavailable("jdk-src", Path.of(System.getProperty("java.home")))
                .orElse("has it")
            + ")");
    PreparedTrees jdk = PreparedTrees.at(stores.resolve("jdk"));
    TreeShape shape = jdk.prepare("jdk-src", home.get());
    assertTrue(shape.files() > 10_000, shape.summary());
    assertTrue(shape.depth() >= 8, shape.summary());
    List<CellPlan> plans = new ArrayList<>();
    for (CellPlan p : plans(Suite.REAL_TREES, Set.of("jdk-src"), Set.of(Mode.SYNC))) {
      boolean pattern = !p.key().family().equals("glob") || p.key().variant().equals("ext");
      if (pattern && Set.of("nio", "native").contains(p.key().backend())) {
        plans.add(p);
      }
    }
    return runEach(plans, jdk);
  }

  /** A JDK on this machine whose {@code lib/src.zip} is there: the running one, or a sibling. */
  static final class JdkWithSources {
    static Optional<Path> find() throws IOException {
      Path running = Path.of(System.getProperty("java.home"));
      if (PreparedTrees.unavailable("jdk-src", running).isEmpty()) {
        return Optional.of(running);
      }
      Path jvms = running.getParent();
      if (jvms == null || !Files.isDirectory(jvms)) {
        return Optional.empty();
      }
      try (Stream<Path> homes = Files.list(jvms)) {
        return homes
            .sorted()
            .filter(h -> PreparedTrees.unavailable("jdk-src", h).isEmpty())
            .findFirst();
      }
    }
  }
}
