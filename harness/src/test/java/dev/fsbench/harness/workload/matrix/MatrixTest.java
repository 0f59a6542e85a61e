package dev.fsbench.harness.workload.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.model.Suite;
import dev.fsbench.harness.workload.Case;
import dev.fsbench.harness.workload.Families;
import dev.fsbench.harness.workload.Workloads;
import dev.fsbench.harness.workload.tree.PreparedTrees;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class MatrixTest {
  private static final Set<Capability> ALL_BUT_CONCURRENCY =
      EnumSet.complementOf(EnumSet.of(Capability.TREE_CONCURRENCY));
  private static final BackendSummary PLAIN = new BackendSummary("plain", ALL_BUT_CONCURRENCY);
  private static final BackendSummary PARALLEL =
      new BackendSummary("parallel", EnumSet.allOf(Capability.class));

  private static final Set<String> TREE_FAMILIES = Set.of("readdir", "glob", "scan", "cp", "rm");

  /** DESIGN.md's workload table, row by row: the case labels of each family. */
  private static final Map<String, List<String>> TABLE = table();

  private static Map<String, List<String>> table() {
    List<String> singleBatch = List.of("single", "batch-256");
    List<String> payload =
        List.of(
            "single buffer",
            "single utf8",
            "batch-256 buffer",
            "batch-256 utf8",
            "8MiB buffer",
            "8MiB utf8");
    List<String> stat =
        List.of("single default", "single symlink", "batch-256 default", "batch-256 symlink");
    List<String> tree = List.of("tree-4", "tree-1000");
    Map<String, List<String>> t = new LinkedHashMap<>();
    t.put("access", singleBatch);
    t.put("appendFile", payload);
    t.put("chmod", singleBatch);
    t.put("chown", singleBatch);
    t.put("copyFile", List.of("single", "batch-256", "8MiB", "preserve-8MiB"));
    t.put("cp", tree);
    t.put("exists", List.of("single", "batch-256", "missing-256"));
    t.put("glob", tree);
    t.put("lines", List.of("single", "batch-256", "16MiB head", "16MiB middle"));
    t.put("link", singleBatch);
    t.put("lstat", stat);
    t.put("mkdir", singleBatch);
    t.put("mkdtemp", singleBatch);
    t.put("readFile", payload);
    t.put("readdir", tree);
    t.put("readlink", singleBatch);
    t.put("realpath", singleBatch);
    t.put("rename", singleBatch);
    t.put("rm", tree);
    t.put("rmdir", singleBatch);
    t.put("scan", tree);
    t.put("stat", stat);
    t.put("symlink", singleBatch);
    t.put("truncate", singleBatch);
    t.put("unlink", singleBatch);
    t.put("utimes", singleBatch);
    t.put("writeFile", payload);
    return t;
  }

  private static MatrixSpec spec(List<BackendSummary> backends, boolean quick, boolean large) {
    return new MatrixSpec(backends, Set.of(), Set.of(), Set.of(), quick, large);
  }

  private static Map<String, List<String>> casesByFamily(List<CellPlan> plans) {
    Map<String, List<String>> cases = new LinkedHashMap<>();
    for (CellPlan plan : plans) {
      List<String> labels = cases.computeIfAbsent(plan.key().family(), f -> new ArrayList<>());
      if (!labels.contains(plan.key().caseLabel())) {
        labels.add(plan.key().caseLabel());
      }
    }
    return cases;
  }

  @Test
  void everyFamilyHasTheCasesOfTheTableInItsOrder() {
    assertEquals(
        Arrays.stream(Op.values()).map(Op::family).collect(Collectors.toList()), Matrix.families());
    assertEquals(TABLE, casesByFamily(Matrix.plans(spec(List.of(PLAIN), false, false))));
  }

  @Test
  void everyCaseRunsInBothModesForEveryBackend() {
    List<CellPlan> plans = Matrix.plans(spec(List.of(PLAIN), false, false));
    assertEquals(75 * 2, plans.size());
    assertEquals(75, plans.stream().filter(p -> p.key().mode() == Mode.SYNC).count());
    assertTrue(
        plans.stream().allMatch(p -> p.key().concurrency() == 0),
        "no concurrency variants without the capability");
  }

  @Test
  void concurrencyVariantsOnlyForTreeFamiliesOfBackendsThatHonourIt() {
    List<CellPlan> plans = Matrix.plans(spec(List.of(PLAIN, PARALLEL), false, false));
    assertEquals(2 * 75 * 2 + 5 * 2 * 2 * 3, plans.size());
    for (CellPlan plan : plans) {
      CellKey key = plan.key();
      if (key.concurrency() != 0) {
        assertEquals("parallel", key.backend(), key.id());
        assertTrue(TREE_FAMILIES.contains(key.family()), key.id());
        assertTrue(List.of(1, 2, 4).contains(key.concurrency()), key.id());
        assertEquals(
            Integer.toString(key.concurrency()), plan.params().get(Matrix.PARAM_CONCURRENCY));
      }
    }
    Set<String> parallelTreeCells =
        plans.stream()
            .filter(
                p ->
                    p.key().backend().equals("parallel")
                        && TREE_FAMILIES.contains(p.key().family()))
            .map(p -> p.key().backendLabel())
            .collect(Collectors.toSet());
    assertEquals(
        Set.of("parallel", "parallel-c1", "parallel-c2", "parallel-c4"), parallelTreeCells);
  }

  @Test
  void largeAddsTree156kToTheFiveTreeFamiliesOnly() {
    Set<String> normal = ids(Matrix.plans(spec(List.of(PLAIN), false, false)));
    List<CellPlan> large = Matrix.plans(spec(List.of(PLAIN), false, true));
    Set<String> added = new HashSet<>(ids(large));
    added.removeAll(normal);
    assertEquals(10, added.size(), "five families, two modes: " + added);
    for (CellPlan plan : large) {
      if (added.contains(plan.key().id())) {
        assertEquals("tree-156k", plan.key().scenario());
        assertTrue(TREE_FAMILIES.contains(plan.key().family()));
      }
    }
    IllegalArgumentException optIn =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Matrix.plans(
                    new MatrixSpec(
                        List.of(PLAIN), Set.of(), Set.of("tree-156k"), Set.of(), false, false)));
    assertTrue(optIn.getMessage().contains("opt-in"), optIn.getMessage());
  }

  @Test
  void quickTouchesEveryFamilyOnceInBothModes() {
    List<CellPlan> plans = Matrix.plans(spec(List.of(PLAIN, PARALLEL), true, false));
    assertEquals(2 * 27 * 2 + 5 * 2 * 3, plans.size());
    Map<String, List<String>> cases = casesByFamily(plans);
    assertEquals(Matrix.families(), new ArrayList<>(cases.keySet()));
    for (Map.Entry<String, List<String>> family : cases.entrySet()) {
      List<String> expected =
          TREE_FAMILIES.contains(family.getKey())
              ? List.of("tree-1000")
              : List.of("batch-256", "batch-256 buffer", "batch-256 default");
      assertEquals(1, family.getValue().size(), family.getKey());
      assertTrue(expected.contains(family.getValue().get(0)), family.toString());
    }
  }

  @Test
  void aBackendWithoutACapabilityGetsNoCellOfItAndTheOmissionIsListed() {
    Set<Capability> noOwnership = EnumSet.copyOf(ALL_BUT_CONCURRENCY);
    noOwnership.remove(Capability.OWNERSHIP);
    noOwnership.remove(Capability.SYMBOLIC_LINKS);
    MatrixSpec spec = spec(List.of(new BackendSummary("limited", noOwnership)), false, false);
    List<CellPlan> plans = Matrix.plans(spec);
    List<OmittedCell> omitted = Matrix.omitted(spec);
    assertTrue(plans.stream().noneMatch(p -> p.key().family().equals("chown")));
    assertTrue(plans.stream().noneMatch(p -> p.key().variant().equals("symlink")));
    // chown 2, symlink 2, readlink 2, stat and lstat symlink variants 2 each: 10 cases in two
    // modes.
    assertEquals(20, omitted.size());
    assertEquals(150, plans.size() + omitted.size());
    OmittedCell chown =
        omitted.stream().filter(o -> o.key().family().equals("chown")).findFirst().orElseThrow();
    assertTrue(
        chown.reason().contains("OWNERSHIP") && chown.reason().contains("limited"), chown.reason());
  }

  @Test
  void aFamilyABackendServesThroughNioIsNotMeasuredAgainButListedWithItsRoute() {
    BackendSummary peer =
        new BackendSummary("peer", ALL_BUT_CONCURRENCY, Map.of(Op.STAT, "Files.readAttributes"));
    MatrixSpec spec =
        spec(List.of(new BackendSummary("nio", ALL_BUT_CONCURRENCY), peer), false, false);
    List<CellPlan> plans = Matrix.plans(spec);
    assertTrue(
        plans.stream()
            .noneMatch(p -> p.key().family().equals("stat") && p.key().backend().equals("peer")));
    assertTrue(
        plans.stream()
            .anyMatch(p -> p.key().family().equals("stat") && p.key().backend().equals("nio")),
        "nio itself is measured");
    assertTrue(
        plans.stream()
            .anyMatch(p -> p.key().family().equals("lstat") && p.key().backend().equals("peer")));
    List<OmittedCell> omitted = Matrix.omitted(spec);
    // stat's four cases, both modes
    assertEquals(8, omitted.size(), omitted.toString());
    for (OmittedCell o : omitted) {
      assertEquals("stat", o.key().family());
      assertEquals(
          "nio fallback: peer serves this family through nio (Files.readAttributes)", o.reason());
    }
    MatrixSpec contract = spec(List.of(peer.everyFamily()), false, false);
    assertTrue(
        Matrix.plans(contract).stream().anyMatch(p -> p.key().family().equals("stat")),
        "the contract check runs every family");
  }

  @Test
  void operationsAndLogicalBytesPerCase() {
    Map<String, CellPlan> byId = new LinkedHashMap<>();
    Matrix.plans(spec(List.of(PLAIN), false, false)).forEach(p -> byId.put(p.key().id(), p));
    assertWork(byId, "readFile/batch-256/buffer/sync/plain", 256, 256L * 4096);
    assertWork(byId, "readFile/single/utf8/async/plain", 1, 4096);
    assertWork(byId, "writeFile/8MiB/utf8/sync/plain", 1, 8L << 20);
    assertWork(byId, "copyFile/preserve-8MiB/-/sync/plain", 1, 8L << 20);
    assertWork(byId, "appendFile/batch-256/utf8/async/plain", 256, 256L * 4096);
    assertWork(byId, "cp/tree-1000/-/sync/plain", 1, 1000L * 4096);
    assertWork(byId, "cp/tree-4/-/sync/plain", 1, 4L * 4096);
    assertWork(byId, "rm/tree-1000/-/sync/plain", 1, 0);
    assertWork(byId, "stat/batch-256/symlink/sync/plain", 256, 0);
    assertWork(byId, "exists/missing-256/-/async/plain", 256, 0);
  }

  private static void assertWork(
      Map<String, CellPlan> byId, String id, long operations, long bytes) {
    CellPlan plan = byId.get(id);
    assertTrue(plan != null, "no cell " + id);
    assertEquals(operations, plan.operations(), id);
    assertEquals(bytes, plan.logicalBytes(), id);
  }

  @Test
  void paramsAndBenchmarkNameTheCell() {
    for (CellPlan plan : Matrix.plans(spec(List.of(PLAIN, PARALLEL), false, true))) {
      CellKey key = plan.key();
      assertEquals(key.backend(), plan.params().get(Matrix.PARAM_BACKEND));
      assertEquals(key.mode().label(), plan.params().get(Matrix.PARAM_MODE));
      String workload = plan.params().get(Matrix.PARAM_WORKLOAD);
      assertEquals(key.caseLabel().replace(' ', '/'), workload);
      assertEquals(
          TREE_FAMILIES.contains(key.family()),
          plan.params().containsKey(Matrix.PARAM_CONCURRENCY),
          key.id());
      String family = key.family();
      assertEquals("dev.fsbench.harness.bench.FamilyBenchmark.run", plan.benchmark());
      assertEquals(family, plan.params().get(Matrix.PARAM_FAMILY));
      assertEquals(
          key,
          Workloads.cell(family, workload, key.mode().label(), key.backend(), key.concurrency()));
    }
  }

  @Test
  void idsAreUniqueAndTheOrderIsStable() {
    MatrixSpec spec = spec(List.of(PARALLEL, PLAIN), false, true);
    List<CellPlan> plans = Matrix.plans(spec);
    assertEquals(plans.size(), ids(plans).size());
    assertEquals(plans, Matrix.plans(spec));
    List<String> cp =
        Matrix.plans(
                new MatrixSpec(
                    List.of(PARALLEL, PLAIN),
                    Set.of("cp"),
                    Set.of("tree-4"),
                    Set.of(),
                    false,
                    false))
            .stream()
            .map(p -> p.key().id())
            .collect(Collectors.toList());
    assertEquals(
        List.of(
            "cp/tree-4/-/sync/parallel",
            "cp/tree-4/-/sync/parallel-c1",
            "cp/tree-4/-/sync/parallel-c2",
            "cp/tree-4/-/sync/parallel-c4",
            "cp/tree-4/-/sync/plain",
            "cp/tree-4/-/async/parallel",
            "cp/tree-4/-/async/parallel-c1",
            "cp/tree-4/-/async/parallel-c2",
            "cp/tree-4/-/async/parallel-c4",
            "cp/tree-4/-/async/plain"),
        cp);
  }

  @Test
  void filtersSelectFamiliesCasesAndModes() {
    List<CellPlan> plans =
        Matrix.plans(
            new MatrixSpec(
                List.of(PLAIN),
                Set.of("READFILE", "stat"),
                Set.of("batch-256"),
                Set.of(Mode.ASYNC),
                false,
                false));
    assertEquals(
        List.of(
            "readFile/batch-256/buffer/async/plain",
            "readFile/batch-256/utf8/async/plain",
            "stat/batch-256/default/async/plain",
            "stat/batch-256/symlink/async/plain"),
        plans.stream().map(p -> p.key().id()).collect(Collectors.toList()));
    List<CellPlan> oneVariant =
        Matrix.plans(
            new MatrixSpec(
                List.of(PLAIN),
                Set.of(),
                Set.of("batch-256 utf8"),
                Set.of(Mode.SYNC),
                false,
                false));
    assertEquals(
        List.of("appendFile", "readFile", "writeFile"),
        oneVariant.stream().map(p -> p.key().family()).collect(Collectors.toList()));
  }

  @Test
  void unknownNamesAreErrorsThatListTheKnownOnes() {
    IllegalArgumentException family =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Matrix.plans(
                    new MatrixSpec(
                        List.of(PLAIN), Set.of("readfiles"), Set.of(), Set.of(), false, false)));
    assertTrue(
        family.getMessage().contains("readfiles") && family.getMessage().contains("readFile"));
    IllegalArgumentException scenario =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Matrix.plans(
                    new MatrixSpec(
                        List.of(PLAIN), Set.of(), Set.of("batch-512"), Set.of(), false, false)));
    assertTrue(
        scenario.getMessage().contains("batch-512") && scenario.getMessage().contains("batch-256"));
    assertThrows(
        IllegalArgumentException.class,
        () -> new MatrixSpec(List.of(PLAIN, PLAIN), Set.of(), Set.of(), Set.of(), false, false));
    IllegalArgumentException workload =
        assertThrows(
            IllegalArgumentException.class,
            () -> Workloads.cell("readFile", "batch-256", "sync", "nio", 0));
    assertTrue(workload.getMessage().contains("batch-256/utf8"), workload.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> Workloads.cell("readFile", "single/buffer", "sync", "nio", 4));
    assertThrows(
        IllegalArgumentException.class,
        () -> Workloads.cell("readFile", "single/buffer", "later", "nio", 0));
  }

  private static MatrixSpec suite(Suite suite, boolean quick, boolean large, int globs) {
    return new MatrixSpec(
        List.of(PLAIN, PARALLEL), Set.of(), Set.of(), Set.of(), quick, large, Set.of(suite), globs);
  }

  private static final List<String> SWEEP =
      List.of("tree-4", "tree-16", "tree-64", "tree-256", "tree-1000", "tree-4000", "tree-16000");

  @Test
  void theSweepRunsTheTreeFamiliesAtSevenSizesAtTheDefaultConcurrency() {
    List<CellPlan> plans = Matrix.plans(suite(Suite.SWEEP, false, false, 0));
    assertEquals(5 * 7 * 2 * 2, plans.size(), "5 families, 7 sizes, 2 modes, 2 backends");
    assertTrue(plans.stream().allMatch(p -> p.key().concurrency() == 0), "no c1 or c4");
    assertEquals(
        TREE_FAMILIES, plans.stream().map(p -> p.key().family()).collect(Collectors.toSet()));
    List<String> sizes =
        plans.stream().map(p -> p.key().scenario()).distinct().collect(Collectors.toList());
    assertEquals(SWEEP, sizes);
    List<CellPlan> large = Matrix.plans(suite(Suite.SWEEP, false, true, 0));
    assertEquals(plans.size() + 5 * 2 * 2, large.size(), "tree-156k only with large");
    assertEquals(
        plans.size(),
        Matrix.plans(suite(Suite.SWEEP, true, false, 0)).size(),
        "quick keeps the sizes");
    assertTrue(Matrix.isSyntheticTree("tree-16000") && !Matrix.isPreparedTree("tree-16000"));
  }

  @Test
  void realTreesRunEachFamilyOncePerTreeAndGlobItsPatternsAndTheUsers() {
    List<CellPlan> plans = Matrix.plans(suite(Suite.REAL_TREES, false, false, 2));
    Map<String, List<String>> cases = casesByFamily(plans);
    assertEquals(
        List.of(
            "jdk-src all",
            "jdk-src top",
            "jdk-src ext",
            "jdk-src user-1",
            "jdk-src user-2",
            "links-dots all",
            "links-dots top",
            "links-dots ext",
            "links-dots user-1",
            "links-dots user-2",
            "wide-100k all",
            "wide-100k top",
            "wide-100k ext",
            "wide-100k user-1",
            "wide-100k user-2"),
        cases.get("glob"));
    assertEquals(List.of("jdk-src", "links-dots", "wide-100k"), cases.get("rm"));
    assertEquals(Set.of("readdir", "glob", "scan", "cp", "rm"), cases.keySet());
    assertTrue(plans.stream().allMatch(p -> p.key().concurrency() == 0));
    assertTrue(Matrix.needsLargeHeap("wide-100k") && !Matrix.needsLargeHeap("links-dots"));
    List<CellPlan> user = Matrix.plans(suite(Suite.USER_TREE, false, false, 0));
    assertEquals(
        List.of("all", "top", "ext"),
        casesByFamily(user).get("glob").stream()
            .map(c -> c.substring("user-tree ".length()))
            .collect(Collectors.toList()));
    assertEquals(7 * 2 * 2, user.size());
  }

  @Test
  void aCaseOfASuiteTheRunDoesNotSelectIsRefusedNamingTheSuite() {
    IllegalArgumentException sweep =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Matrix.plans(
                    new MatrixSpec(
                        List.of(PLAIN), Set.of(), Set.of("tree-64"), Set.of(), false, false)));
    assertTrue(sweep.getMessage().contains("sweep"), sweep.getMessage());
    IllegalArgumentException pattern =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Matrix.plans(
                    new MatrixSpec(
                        List.of(PLAIN),
                        Set.of(),
                        Set.of("jdk-src user-3"),
                        Set.of(),
                        false,
                        false,
                        Set.of(Suite.REAL_TREES),
                        2)));
    assertTrue(pattern.getMessage().contains("--glob"), pattern.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> suite(Suite.USER_TREE, false, false, PreparedTrees.MAX_USER_GLOBS + 1));
  }

  @Test
  void onAPreparedTreeEachFamilysPlainCaseHasTheControl() {
    assertTrue(Matrix.isRepresentative(CellKey.parse("readdir/jdk-src/-/sync/nio")));
    assertTrue(Matrix.isRepresentative(CellKey.parse("glob/user-tree/all/async/nio")));
    assertFalse(Matrix.isRepresentative(CellKey.parse("glob/user-tree/top/async/nio")));
    assertFalse(Matrix.isRepresentative(CellKey.parse("readdir/tree-64/-/sync/nio")));
    assertTrue(Matrix.isRepresentative(CellKey.parse("readdir/tree-1000/-/sync/nio")));
  }

  @Test
  void theStandardSuiteIsWhatItWas() {
    assertEquals(
        Matrix.plans(spec(List.of(PLAIN, PARALLEL), false, false)),
        Matrix.plans(suite(Suite.STANDARD, false, false, 0)));
    assertEquals(List.of("tree-4", "tree-1000"), params(Families.of("cp").cases(false)));
    assertEquals(
        List.of("tree-4", "tree-1000", "tree-156k"), params(Families.of("rm").cases(true)));
  }

  private static List<String> params(List<Case> cases) {
    return cases.stream().map(Case::param).toList();
  }

  private static Set<String> ids(List<CellPlan> plans) {
    return plans.stream().map(p -> p.key().id()).collect(Collectors.toSet());
  }
}
