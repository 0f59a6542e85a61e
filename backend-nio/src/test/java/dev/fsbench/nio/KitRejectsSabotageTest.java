package dev.fsbench.nio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.Op;
import dev.fsbench.testkit.KitRun;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The kit's negative test: against NIO with writeFile, cp, rm, mkdir, truncate, rename and utimes
 * made no-ops, each of those seven families must fail at least one case, and every other family
 * must pass all of its cases (a kit that failed everything would prove nothing either).
 */
class KitRejectsSabotageTest {

  private static final Set<Op> SABOTAGED =
      EnumSet.of(Op.WRITE_FILE, Op.CP, Op.RM, Op.MKDIR, Op.TRUNCATE, Op.RENAME, Op.UTIMES);

  @Test
  void theKitRejectsEachSabotagedFamilyAndPassesTheOthers() throws Exception {
    Map<Op, List<KitRun.Outcome>> outcomes = KitRun.run(new SabotagedNioContract());
    assertEquals(EnumSet.allOf(Op.class), outcomes.keySet(), "every family ran");
    for (Map.Entry<Op, List<KitRun.Outcome>> family : outcomes.entrySet()) {
      List<KitRun.Outcome> failed =
          family.getValue().stream().filter(o -> o.failure() != null).collect(Collectors.toList());
      if (SABOTAGED.contains(family.getKey())) {
        assertTrue(
            !failed.isEmpty(),
            family.getKey() + " was sabotaged, yet the kit passed all its cases");
        // the async form must be caught too, since it runs the same no-op
        assertTrue(
            failed.stream().anyMatch(o -> o.check().endsWith("[async]")),
            family.getKey() + ": no async case failed");
      } else {
        assertEquals(
            List.of(),
            failed.stream().map(o -> o.check() + ": " + o.failure()).collect(Collectors.toList()),
            family.getKey() + " was not sabotaged but failed");
        assertTrue(
            family.getValue().stream().anyMatch(KitRun.Outcome::passed),
            family.getKey() + " ran no case");
      }
    }
  }
}
