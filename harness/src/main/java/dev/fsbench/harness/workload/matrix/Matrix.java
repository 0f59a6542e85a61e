package dev.fsbench.harness.workload.matrix;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.model.Suite;
import dev.fsbench.harness.workload.Case;
import dev.fsbench.harness.workload.Families;
import dev.fsbench.harness.workload.Family;
import dev.fsbench.harness.workload.GlobWorkload;
import dev.fsbench.harness.workload.tree.PreparedTrees;
import dev.fsbench.harness.workload.tree.Scenario;
import dev.fsbench.spi.Capability;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The cells to run: every selected case of every selected family, in sync and async, for every
 * backend, and for backends with {@link Capability#TREE_CONCURRENCY} the tree cases again at
 * concurrency 1 and 4.
 *
 * <pre>{@code
 * List<CellPlan> plans = Matrix.plans(MatrixSpec.all(backends));
 * plans.get(0).key().id();        // access/single/-/sync/nio
 * plans.get(0).benchmark();       // dev.fsbench.harness.bench.FamilyBenchmark.run
 * plans.get(0).params();          // {family=access, backend=nio, workload=single, mode=sync}
 * }</pre>
 *
 * <h2>The default matrix</h2>
 *
 * Every family's cases of the standard suite (DESIGN.md's table; each family's workload class lists
 * its own: single and batch-256 for most, more where a payload, a variant or a size matters), each
 * in both modes, for each backend; 4 more cells per tree case for a backend with explicit
 * concurrency.
 *
 * <h2>The quick matrix</h2>
 *
 * One representative case per family, the seed's overview row: batch-256 ({@code buffer} or {@code
 * default} variant) or tree-1000, still in both modes, for every backend, with the concurrency
 * variants. Two cells per family and backend (one per mode), 4 more per tree family for a backend
 * with explicit concurrency; the runner takes 1 warmup and 3 samples of each. With {@code large} as
 * well, the quick matrix keeps the tree-156k cases beside them.
 *
 * <h2>The other suites</h2>
 *
 * {@link MatrixSpec#suites()} selects matrices of the tree families alone ({@link Suite}): the size
 * sweep (tree-4 to tree-16000, and tree-156k with {@code large}), the real-shaped trees (jdk-src,
 * links-dots, wide-100k) and the user's tree. Their cells run every backend at its default
 * concurrency only (the explicit c1, c2 and c4 variants belong to the standard suite), and glob
 * runs on each prepared tree the patterns {@link GlobWorkload#PREPARED_PATTERNS} names, plus the
 * user's. The quick matrix keeps every case of these suites, with its fewer samples.
 *
 * <h2>Omitted cells</h2>
 *
 * A case needing a capability that a backend lacks (chown without {@code OWNERSHIP}) is no plan;
 * {@link #omitted} lists it with the reason, for the report. So is a family a backend serves
 * through NIO ({@link BackendSummary#nioFallbacks}): that cell would measure nio again under
 * another name, which the A/A control already does; the report shows its route instead of a figure,
 * and the budget goes to the backends' own routes.
 */
public final class Matrix {
  private Matrix() {}

  /** The JMH parameter naming the family: {@code readFile}, {@code cp}. */
  public static final String PARAM_FAMILY = "family";

  /** The JMH parameter naming the backend id. */
  public static final String PARAM_BACKEND = "backend";

  /**
   * The JMH parameter naming the case: {@code batch-256}, or {@code batch-256/utf8} where the
   * family has variants.
   */
  public static final String PARAM_WORKLOAD = "workload";

  /** The JMH parameter naming the mode: {@code sync} or {@code async}. */
  public static final String PARAM_MODE = "mode";

  /**
   * The JMH parameter of tree families naming the explicit concurrency, {@code 0} for the backend's
   * default; a cell of another family leaves it at that.
   */
  public static final String PARAM_CONCURRENCY = "concurrency";

  /**
   * The explicit concurrencies of tree cases, beside the default 0, for backends with
   * TREE_CONCURRENCY: serial, two (the smallest parallel walk, and every core of the project's
   * machine) and four (more than it has: what a backend does with participants it has no core for).
   */
  static final List<Integer> EXPLICIT_CONCURRENCY = List.of(1, 2, 4);

  /**
   * The explicit concurrencies a tree case runs at, beside the default: serial everywhere (a
   * default must never be slower than it, and both regimes and modes say whether it is), the
   * parallel ones only where a walk has work to share, the largest standard tree, in sync (an async
   * cell's eight calls in flight already fill the cores). The sweep shows the sizes.
   */
  static List<Integer> explicitConcurrencies(Case c, Mode mode, boolean quick) {
    boolean parallelPays = !quick && mode == Mode.SYNC && c.scenario().label().equals("tree-1000");
    return parallelPays ? EXPLICIT_CONCURRENCY : List.of(EXPLICIT_CONCURRENCY.get(0));
  }

  /**
   * The one JMH benchmark every cell runs, its parameters naming the cell (the class is in {@code
   * bench}, which depends on this package, so it is named here as JMH names it).
   */
  static final String BENCHMARK = "dev.fsbench.harness.bench.FamilyBenchmark.run";

  /**
   * Every cell to run, in a stable order: family, case (and variant), mode, backend, concurrency.
   */
  public static List<CellPlan> plans(MatrixSpec spec) {
    List<CellPlan> plans = new ArrayList<>();
    walk(spec, plans, new ArrayList<>());
    return Collections.unmodifiableList(plans);
  }

  /**
   * The cells {@code spec} selects but no backend can run, each with the reason, in the order of
   * {@link #plans}.
   */
  public static List<OmittedCell> omitted(MatrixSpec spec) {
    List<OmittedCell> omitted = new ArrayList<>();
    walk(spec, new ArrayList<>(), omitted);
    return Collections.unmodifiableList(omitted);
  }

  /**
   * Whether {@code key}'s case is its family's representative one (the quick matrix's and the
   * overview's row: batch-256 with the plain variant, or tree-1000), whatever its mode and backend;
   * on a prepared tree, each family's one case there (glob: its pattern {@code all}), so that a run
   * of real trees has its A/A control too.
   */
  public static boolean isRepresentative(CellKey key) {
    Family family = Families.of(key.family());
    Case quick = family.quick();
    if (quick.scenario().label().equals(key.scenario()) && quick.variant().equals(key.variant())) {
      return true;
    }
    return Scenario.ofLabel(key.scenario())
        .filter(Scenario::isPrepared)
        .map(
            s -> key.variant().equals(CellKey.NO_VARIANT) || key.variant().equals(GlobWorkload.ALL))
        .orElse(false);
  }

  /**
   * The suites holding a case that {@code name} names (a scenario, a case label or a parameter);
   * empty when no case of any family has that name.
   */
  public static Set<Suite> suitesHolding(String name) {
    Set<Suite> out = EnumSet.noneOf(Suite.class);
    for (Family f : Families.all()) {
      for (Case c : f.allCases()) {
        if (matches(c, name)) {
          out.addAll(c.scenario().suites());
        }
      }
    }
    return out;
  }

  /**
   * Whether scenario {@code label} is in one of the tree families' own matrices ({@link
   * Suite#SWEEP}, {@link Suite#REAL_TREES}, {@link Suite#USER_TREE}) that {@code suites} selects:
   * tree-4 is in a run of {@code sweep}, not in one of {@code standard} alone.
   */
  public static boolean inTreeMatrix(String label, Set<Suite> suites) {
    return Scenario.ofLabel(label)
        .map(s -> s.suites().stream().anyMatch(x -> x != Suite.STANDARD && suites.contains(x)))
        .orElse(false);
  }

  /** Whether scenario {@code label} is a tree prepared once per run ({@link PreparedTrees}). */
  public static boolean isPreparedTree(String label) {
    return Scenario.ofLabel(label).map(Scenario::isPrepared).orElse(false);
  }

  /** Whether scenario {@code label} is a tree of the synthetic shape ({@code tree-N}). */
  public static boolean isSyntheticTree(String label) {
    return Scenario.ofLabel(label).map(Scenario::isSynthetic).orElse(false);
  }

  /**
   * Whether the forks of scenario {@code label} need a large heap: a listing or scan of 100,000
   * entries and its oracle.
   */
  public static boolean needsLargeHeap(String label) {
    return Scenario.ofLabel(label).map(Scenario::needsLargeHeap).orElse(false);
  }

  /**
   * Whether {@code key}'s case is an opt-in large one (tree-156k), whatever its mode and backend.
   */
  public static boolean isLarge(CellKey key) {
    return Families.of(key.family()).cases(true).stream()
        .anyMatch(c -> c.matches(key.scenario(), key.variant()) && c.scenario().isLarge());
  }

  /**
   * What a backend must declare to run {@code key}'s case ({@code OWNERSHIP} for chown): a cell
   * added beside the matrix's own (a floor's) checks it as the matrix checks its backends.
   */
  public static Set<Capability> requirements(CellKey key) {
    Family family = Families.of(key.family());
    String param =
        CellKey.NO_VARIANT.equals(key.variant())
            ? key.scenario()
            : key.scenario() + "/" + key.variant();
    return family
        .find(param)
        .orElseThrow(() -> new IllegalArgumentException("cell " + key + " is no case of " + family))
        .requires();
  }

  /** Every family's name, in matrix order. */
  public static List<String> families() {
    return Families.all().stream().map(Family::name).collect(Collectors.toList());
  }

  private static void walk(MatrixSpec spec, List<CellPlan> plans, List<OmittedCell> omitted) {
    List<Family> families = selectFamilies(spec.families());
    checkCaseFilter(spec);
    List<Mode> modes = spec.modes().isEmpty() ? List.of(Mode.values()) : sorted(spec.modes());
    for (Family family : families) {
      for (Case c : casesOf(family, spec)) {
        for (Mode mode : modes) {
          if (spec.measured()
              && mode == Mode.ASYNC
              && c.syncOnlyByDefault()
              && spec.modes().isEmpty()) {
            continue; // unless async is asked for (Case#syncOnlyByDefault says why)
          }
          for (BackendSummary backend : spec.backends()) {
            EnumSet<Capability> missing = EnumSet.allOf(Capability.class);
            missing.retainAll(c.requires());
            missing.removeAll(backend.capabilities());
            List<Integer> concurrencies = new ArrayList<>(List.of(0));
            if (family.op().isTree()
                && backend.capabilities().contains(Capability.TREE_CONCURRENCY)
                && spec.suites().contains(Suite.STANDARD)
                && c.scenario().suites().contains(Suite.STANDARD)) {
              concurrencies.addAll(
                  spec.measured()
                      ? explicitConcurrencies(c, mode, spec.quick())
                      : EXPLICIT_CONCURRENCY);
            }
            for (int concurrency : concurrencies) {
              CellKey key =
                  new CellKey(
                      family.name(),
                      c.scenario().label(),
                      c.variant(),
                      mode,
                      backend.id(),
                      concurrency);
              String fallback = backend.nioFallbacks().get(family.op());
              if (fallback != null) {
                omitted.add(new OmittedCell(key, nioFallbackReason(backend.id(), fallback)));
              } else if (missing.isEmpty()) {
                plans.add(plan(family, c, key));
              } else {
                omitted.add(
                    new OmittedCell(
                        key,
                        family.name()
                            + " "
                            + c.label()
                            + " needs "
                            + missing
                            + ", which backend "
                            + backend.id()
                            + " does not declare"));
              }
            }
          }
        }
      }
    }
  }

  /** Why a family's cell of a backend is not measured: the backend hands it to NIO. */
  public static String nioFallbackReason(String backend, String via) {
    return NIO_FALLBACK_PREFIX + backend + " serves this family through nio (" + via + ")";
  }

  /** How {@link #nioFallbackReason} starts: the report tells such an omission by it. */
  public static final String NIO_FALLBACK_PREFIX = "nio fallback: ";

  static CellPlan plan(Family family, Case c, CellKey key) {
    Map<String, String> params = new LinkedHashMap<>();
    params.put(PARAM_FAMILY, family.name());
    params.put(PARAM_BACKEND, key.backend());
    params.put(PARAM_WORKLOAD, c.param());
    params.put(PARAM_MODE, key.mode().label());
    if (family.op().isTree()) {
      params.put(PARAM_CONCURRENCY, Integer.toString(key.concurrency()));
    }
    return new CellPlan(key, c.operations(), c.logicalBytes(), BENCHMARK, params);
  }

  private static List<Family> selectFamilies(Set<String> names) {
    if (names.isEmpty()) {
      return Families.all();
    }
    Set<Family> wanted = names.stream().map(Families::of).collect(Collectors.toSet());
    return Families.all().stream().filter(wanted::contains).collect(Collectors.toList());
  }

  private static List<Case> casesOf(Family family, MatrixSpec spec) {
    List<Case> cases = new ArrayList<>();
    for (Case c : family.allCases()) {
      if (!selected(c, spec)) {
        continue;
      }
      boolean inScale =
          !spec.quick()
              || c.equals(family.quick())
              || c.scenario().isLarge()
              || c.scenario().suites().stream()
                  .anyMatch(s -> s != Suite.STANDARD && spec.suites().contains(s));
      if (inScale
          && (spec.cases().isEmpty() || spec.cases().stream().anyMatch(name -> matches(c, name)))) {
        cases.add(c);
      }
    }
    return cases;
  }

  /** Whether the spec's suites and scale hold case {@code c}. */
  private static boolean selected(Case c, MatrixSpec spec) {
    Scenario s = c.scenario();
    if (s.suites().stream().noneMatch(spec.suites()::contains)) {
      return false;
    }
    if (s.isLarge() && !spec.large()) {
      return false;
    }
    int user = GlobWorkload.userPatternIndex(c.variant());
    return user == 0 || user <= spec.userGlobs();
  }

  private static boolean matches(Case c, String name) {
    return name.equals(c.scenario().label()) || name.equals(c.label()) || name.equals(c.param());
  }

  /**
   * A case filter naming no case of any family is a typo, said so; naming an opt-in case needs
   * {@code large}.
   */
  private static void checkCaseFilter(MatrixSpec spec) {
    for (String name : spec.cases()) {
      List<Case> named =
          Families.all().stream()
              .flatMap(f -> f.allCases().stream())
              .filter(c -> matches(c, name))
              .collect(Collectors.toList());
      if (named.isEmpty()) {
        Set<String> known =
            Families.all().stream()
                .flatMap(f -> f.allCases().stream())
                .filter(c -> GlobWorkload.userPatternIndex(c.variant()) == 0)
                .flatMap(c -> List.of(c.scenario().label(), c.label()).stream())
                .collect(Collectors.toCollection(TreeSet::new));
        throw new IllegalArgumentException(
            "unknown case '" + name + "'; known: " + String.join(", ", known));
      }
      if (named.stream().noneMatch(c -> selected(c, spec))) {
        Case c = named.get(0);
        if (c.scenario().isLarge() && !spec.large()) {
          throw new IllegalArgumentException(
              "case '"
                  + name
                  + "' is opt-in (about 156,000 files per fixture): select the large scale to run it");
        }
        if (GlobWorkload.userPatternIndex(c.variant()) > 0) {
          throw new IllegalArgumentException(
              "case '" + name + "' is a --glob pattern the run was not given");
        }
        throw new IllegalArgumentException(
            "case '"
                + name
                + "' belongs to the "
                + c.scenario().suites().stream()
                    .map(Suite::label)
                    .sorted()
                    .collect(Collectors.joining(" or "))
                + " matrix, which this run does not select");
      }
    }
  }

  private static List<Mode> sorted(Set<Mode> modes) {
    EnumSet<Mode> ordered = EnumSet.noneOf(Mode.class);
    ordered.addAll(modes);
    return List.copyOf(ordered);
  }
}
