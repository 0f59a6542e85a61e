package dev.fsbench.harness.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
