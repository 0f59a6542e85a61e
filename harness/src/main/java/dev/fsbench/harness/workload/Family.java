package dev.fsbench.harness.workload;

import dev.fsbench.harness.model.Suite;
import dev.fsbench.harness.workload.tree.Payload;
import dev.fsbench.harness.workload.tree.Scenario;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One operation family ({@link Op}) as the harness measures it: its cases, its representative case
 * for the quick matrix, what an iteration of its cells costs in the cost model ({@link Cost}), and
 * how to build a cell's workload.
 */
public final class Family {

  /**
   * What an iteration of a family's cells costs beyond the scenario, for the run's cost model: a
   * batch family's batch of 256, or a tree family's part per entry. Every family's descriptor takes
   * one, so a family without its cost does not compile, and a cost of the other kind than its
   * family's is refused when the family is built: there is no default cost.
   *
   * @param batchNanos per iteration of a batch of 256: the 2026-12-05 baseline's cost of its
   *     batch-256 cells (runNanos less 0.55 s a fork, over their iterations, both modes). A batch
   *     that reads reuses its fixture and costs about a millisecond; one that creates, renames or
   *     removes gets 256 fresh files every iteration and costs 8 to 22. Zero for a tree family.
   * @param entryNanos per entry of a tree iteration (above the cost model's fixed part of a tree
   *     iteration, {@code run.Sampling.TREE_FIXED_NANOS}), from the baseline run's cost of its
   *     tree-1000 cells (runNanos less the forks' start-ups, over their iterations): cp copies,
   *     checks every byte and removes its copy, rm builds its tree, the others only verify a
   *     listing. Zero for a batch family.
   */
  public record Cost(long batchNanos, long entryNanos) {

    public Cost {
      if (batchNanos < 0 || entryNanos < 0 || (batchNanos > 0) == (entryNanos > 0)) {
        throw new IllegalArgumentException(
            "a cost is per batch or per entry, and positive: " + batchNanos + ", " + entryNanos);
      }
    }

    /** The cost of an iteration of a batch of 256. */
    public static Cost batch(long nanos) {
      return new Cost(nanos, 0);
    }

    /** The cost per entry of a tree iteration. */
    public static Cost tree(long nanosPerEntry) {
      return new Cost(0, nanosPerEntry);
    }

    /** Whether this is a tree family's cost, per entry. */
    public boolean isTree() {
      return entryNanos > 0;
    }
  }

  /** Builds the workload of one cell; called once per trial. */
  @FunctionalInterface
  interface Factory {
    CellWorkload create(Cell cell);
  }

  private final Op op;
  private final List<Case> cases;
  private final Case quick;
  private final Cost cost;
  private final Factory factory;

  Family(Op op, List<Case> cases, Case quick, Cost cost, Factory factory) {
    this.op = Objects.requireNonNull(op, "op");
    this.cases = List.copyOf(cases);
    this.quick = Objects.requireNonNull(quick, "quick");
    this.cost = Objects.requireNonNull(cost, "cost");
    this.factory = Objects.requireNonNull(factory, "factory");
    if (cost.isTree() != op.isTree()) {
      throw new IllegalArgumentException(
          op
              + (op.isTree()
                  ? ": a tree family's cost is per entry"
                  : ": a batch family's cost is per batch of 256"));
    }
    if (!this.cases.contains(quick)) {
      throw new IllegalArgumentException(
          op + ": the quick case " + quick.label() + " is not one of its cases");
    }
    if (cases.stream().map(Case::param).distinct().count() != cases.size()) {
      throw new IllegalArgumentException(op + ": a case is listed twice");
    }
    if (cases.stream().anyMatch(c -> c.scenario().isTree() != op.isTree())) {
      throw new IllegalArgumentException(op + ": tree scenarios belong to tree families only");
    }
  }

  /**
   * The single and batch-256 cases that most families have, each requiring {@code requires} (may be
   * empty).
   */
  static List<Case> singleAndBatch(Capability... requires) {
    List<Case> cases = new ArrayList<>();
    for (Scenario scenario : List.of(Scenario.SINGLE, Scenario.BATCH)) {
      Case c = Case.of(scenario);
      for (Capability capability : requires) {
        c = c.requiring(capability);
      }
      cases.add(c);
    }
    return cases;
  }

  /**
   * single, batch-256 and 8MiB, each with a byte payload and with UTF-8 text, moving their payload
   * per call.
   */
  static List<Case> payloadCases() {
    List<Case> cases = new ArrayList<>();
    for (Scenario scenario : List.of(Scenario.SINGLE, Scenario.BATCH, Scenario.FILE_8MIB)) {
      for (String variant : List.of(Case.BUFFER, Case.UTF8)) {
        cases.add(Case.of(scenario, variant).bytesPerCall(scenario.payloadSize()));
      }
    }
    return cases;
  }

  /**
   * One case per tree scenario: the synthetic sizes of every suite, then the prepared trees. Where
   * {@code bytesMove}, a synthetic case moves its files' payload; a prepared tree's size is known
   * only once it is prepared, so its cases say 0 here (the runner fills it in).
   */
  static List<Case> treeCases(boolean bytesMove) {
    List<Case> cases = new ArrayList<>();
    for (Scenario scenario : Scenario.values()) {
      if (scenario.isTree()) {
        long bytes = bytesMove ? (long) scenario.treeFiles() * Payload.SIZE : 0;
        cases.add(Case.of(scenario).bytesPerCall(bytes));
      }
    }
    return cases;
  }

  /**
   * glob's cases: one per synthetic size (its one pattern), and on each prepared tree one per
   * pattern of {@code variants}.
   */
  static List<Case> globCases(List<String> variants) {
    List<Case> cases = new ArrayList<>();
    for (Scenario scenario : Scenario.values()) {
      if (scenario.isSynthetic()) {
        cases.add(Case.of(scenario));
      } else if (scenario.isPrepared()) {
        // a prepared tree may hold links to nothing (links-dots does; a user's tree may)
        variants.forEach(
            v -> cases.add(Case.of(scenario, v).requiring(Capability.GLOB_DANGLING_LINKS)));
      }
    }
    return cases;
  }

  /** The case of {@code cases} with this scenario and variant. */
  static Case pick(List<Case> cases, Scenario scenario, String variant) {
    return cases.stream()
        .filter(c -> c.scenario() == scenario && c.variant().equals(variant))
        .findFirst()
        .orElseThrow(
            () -> new IllegalArgumentException("no case " + scenario.label() + "/" + variant));
  }

  public Op op() {
    return op;
  }

  public String name() {
    return op.family();
  }

  /**
   * The cases of the standard matrix ({@link Suite#STANDARD}), the large ones only when asked for:
   * what a plain JMH run of the family's benchmark runs.
   */
  public List<Case> cases(boolean large) {
    return cases.stream()
        .filter(c -> c.scenario().suites().contains(Suite.STANDARD))
        .filter(c -> large || !c.scenario().isLarge())
        .collect(Collectors.toList());
  }

  /** Every case of every suite, in matrix order. */
  public List<Case> allCases() {
    return cases;
  }

  /**
   * The case the quick matrix runs: batch-256 (buffer, default) or tree-1000, as the seed's
   * overview rows.
   */
  public Case quick() {
    return quick;
  }

  /** The case whose {@link Case#param()} is {@code param}, large ones included. */
  public Optional<Case> find(String param) {
    return cases.stream().filter(c -> c.param().equals(param)).findFirst();
  }

  /** What an iteration of this family's cells costs in the run's cost model. */
  public Cost cost() {
    return cost;
  }

  CellWorkload create(Cell cell) {
    return factory.create(cell);
  }

  @Override
  public String toString() {
    return name();
  }
}
