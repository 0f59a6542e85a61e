package dev.fsbench.harness.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.workload.tree.Scenario;
import dev.fsbench.spi.Op;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The registry of families: one per op, in op order, found by name whatever its case. */
class FamiliesTest {

  @Test
  void allHasEachOpsFamilyInOpOrder() {
    List<Op> ops = Families.all().stream().map(Family::op).collect(Collectors.toList());
    assertEquals(Arrays.asList(Op.values()), ops);
  }

  @Test
  void aNameFindsTheSameFamilyAsItsOpInAnyCase() {
    for (Op op : Op.values()) {
      assertSame(Families.of(op), Families.of(op.family()));
      assertSame(Families.of(op), Families.of(op.family().toUpperCase(Locale.ROOT)));
    }
  }

  @Test
  void anUnknownNameIsRefusedWithTheKnownOnes() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Families.of("chgrp"));
    assertTrue(
        e.getMessage().startsWith("unknown family 'chgrp'; known: access, appendFile,"),
        e.getMessage());
    assertTrue(e.getMessage().endsWith(", writeFile"), e.getMessage());
  }

  /**
   * A family is built with its cost of the cost model, of its own kind: a tree family's per entry,
   * a batch family's per batch of 256; a cost is one of the two, and positive.
   */
  @Test
  void aFamilysCostIsOfItsKind() {
    List<Case> trees = Family.treeCases(false);
    Case tree1000 = Family.pick(trees, Scenario.TREE_1000, CellKey.NO_VARIANT);
    List<Case> batches = Family.singleAndBatch();
    Family.Factory none = cell -> null;
    assertThrows(
        IllegalArgumentException.class,
        () -> new Family(Op.CP, trees, tree1000, Family.Cost.batch(1_000_000L), none));
    assertThrows(
        IllegalArgumentException.class,
        () -> new Family(Op.STAT, batches, batches.get(1), Family.Cost.tree(10_000L), none));
    assertEquals(
        10_000L,
        new Family(Op.CP, trees, tree1000, Family.Cost.tree(10_000L), none).cost().entryNanos());
    assertThrows(IllegalArgumentException.class, () -> new Family.Cost(1, 1));
    assertThrows(IllegalArgumentException.class, () -> new Family.Cost(0, 0));
    assertThrows(IllegalArgumentException.class, () -> Family.Cost.batch(-1));
  }
}
