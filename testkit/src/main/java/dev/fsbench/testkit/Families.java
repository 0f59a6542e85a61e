package dev.fsbench.testkit;

import dev.fsbench.codegen.FamilyRegistry;
import dev.fsbench.spi.Op;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The registered family contracts, one per {@link Op}, in {@code Op}'s order. Each contract class
 * files itself ({@code @FamilyEntry}), and the build writes the switch over {@code Op} that {@link
 * #create} asks ({@code ContractRegistry}), so a new {@code Op} without its contract is a compile
 * error; the coverage guard checks that each contract answers for the op it is filed under.
 */
@FamilyRegistry(generate = "ContractRegistry", of = "dev.fsbench.testkit.FamilyContract")
final class Families {
  private Families() {}

  private static final Map<Op, FamilyContract> BY_OP = byOp();

  static final List<FamilyContract> ALL = List.copyOf(BY_OP.values());

  static FamilyContract of(Op op) {
    return BY_OP.get(op);
  }

  private static Map<Op, FamilyContract> byOp() {
    Map<Op, FamilyContract> byOp = new EnumMap<>(Op.class);
    for (Op op : Op.values()) {
      byOp.put(op, create(op));
    }
    return byOp;
  }

  /** A new instance of {@code op}'s contract. */
  static FamilyContract create(Op op) {
    return ContractRegistry.of(op);
  }
}
