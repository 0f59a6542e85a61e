package dev.fsbench.harness.workload;

import dev.fsbench.codegen.FamilyRegistry;
import dev.fsbench.spi.Op;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Every family, one per {@link Op}, in {@link Op} order: the order of the matrix and of every
 * report.
 *
 * <p>A benchmark fork needs one family; the runner needs all of them. {@link #of} therefore loads
 * only the named family's workload class, and the list of all is built on the first call of {@link
 * #all()}. Loading every family in every fork cost its start-up about 20 ms: in forks of exists
 * batch-256 logged with {@code -Xlog:class+load}, the family's class loaded 44-48 ms after the
 * benchmark's with every family built, 17-25 ms after with one (80 workload classes loaded, 28); a
 * default run has 1,600 to 1,800 forks.
 */
@FamilyRegistry(generate = "WorkloadRegistry", of = "dev.fsbench.harness.workload.Family")
public final class Families {
  private Families() {}

  /** Every family, in {@link Op} order; built on first use. */
  public static List<Family> all() {
    return All.FAMILIES;
  }

  private static final class All {
    static final List<Family> FAMILIES =
        Arrays.stream(Op.values()).map(Families::of).collect(Collectors.toUnmodifiableList());
  }

  /**
   * The family named {@code name} (case ignored); an unknown name is an error listing the known
   * ones.
   */
  public static Family of(String name) {
    return of(Op.ofFamily(name));
  }

  /**
   * The family of {@code op}: its workload's {@code FamilyEntry}, through the registry the build
   * writes from them (a new op without one fails the build there).
   */
  static Family of(Op op) {
    Family family = WorkloadRegistry.of(op);
    if (family.op() != op) {
      throw new AssertionError("the family of " + op + " is " + family.op() + "'s");
    }
    return family;
  }
}
