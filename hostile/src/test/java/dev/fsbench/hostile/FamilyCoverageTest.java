package dev.fsbench.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fsbench.spi.Op;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The suite's coverage guard: every {@link Op} is given the hostile inputs through at least one
 * {@link Family} (a family with several roles, cp's source and target, has several), or is listed
 * here with the reason it is not. A new family of the SPI fails this test until one or the other is
 * written; nothing is left out silently.
 */
class FamilyCoverageTest {

  /** The families the suite does not call, each with why. */
  static final Map<Op, String> NOT_CALLED = Map.of();

  @Test
  void everyOpIsCalledOrListedWithItsReason() {
    Set<Op> called = Family.all().stream().map(Family::op).collect(Collectors.toSet());
    Set<Op> expected = EnumSet.allOf(Op.class);
    expected.removeAll(NOT_CALLED.keySet());
    assertEquals(expected, called, "families the hostile suite neither calls nor lists");
  }
}
