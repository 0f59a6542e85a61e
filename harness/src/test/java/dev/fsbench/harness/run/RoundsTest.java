package dev.fsbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.model.Mode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** How a run's forks are spread: blocks of cases by the cost of a round, and a round's order. */
class RoundsTest {
  private static final long SPAN = TimeUnit.SECONDS.toNanos(150);

  /** A case of one cell per backend; its family names it, its one-round cost in seconds. */
  private static List<CellPlan> caseOf(String family, int roundSeconds, String... backends) {
    List<CellPlan> plans = new ArrayList<>();
    for (String backend : backends) {
      plans.add(
          new CellPlan(
              new CellKey(family, "single", "-", Mode.SYNC, backend, 0),
              1,
              roundSeconds,
              "x.run",
              Map.of()));
    }
    return plans;
  }

  /** The cost model stand-in: a case's one round costs what its first plan's bytes field says. */
  private static long roundNanos(List<CellPlan> casePlans) {
    return TimeUnit.SECONDS.toNanos(casePlans.get(0).logicalBytes());
  }

  @Test
  void aBlockClosesWhenOneRoundOfItsCasesReachesTheSpan() {
    List<List<CellPlan>> byCase =
        List.of(
            caseOf("a", 60, "nio"),
            caseOf("b", 60, "nio"),
            caseOf("c", 60, "nio"),
            caseOf("d", 149, "nio"),
            caseOf("e", 1, "nio"),
            caseOf("f", 10, "nio"));
    assertEquals(
        List.of(List.of(0, 1, 2), List.of(3, 4), List.of(5)),
        Rounds.blocks(byCase, RoundsTest::roundNanos, SPAN));
  }

  @Test
  void withOneForkEveryCaseIsABlockOfItsOwn() {
    List<List<CellPlan>> byCase =
        List.of(caseOf("a", 1, "nio"), caseOf("b", 1, "nio"), caseOf("c", 1, "nio"));
    assertEquals(
        List.of(List.of(0), List.of(1), List.of(2)),
        Rounds.blocks(byCase, RoundsTest::roundNanos, Rounds.spanNanos(1)));
    assertEquals(
        List.of(List.of(0, 1, 2)),
        Rounds.blocks(byCase, RoundsTest::roundNanos, Rounds.spanNanos(3)));
    assertEquals(null, Rounds.recordedSeconds(1), "one fork: no span to record");
    assertEquals(150, Rounds.recordedSeconds(3));
  }

  @Test
  void everyCaseRunsInOneBlockInMatrixOrderAndRoundsOfAFullBlockAreASpanApart() {
    Random random = new Random(7);
    List<List<CellPlan>> byCase = new ArrayList<>();
    for (int c = 0; c < 200; c++) {
      byCase.add(caseOf("f" + c, 1 + random.nextInt(40), "nio", "native"));
    }
    List<List<Integer>> blocks = Rounds.blocks(byCase, RoundsTest::roundNanos, SPAN);
    assertEquals(
        IntStream.range(0, 200).boxed().toList(), blocks.stream().flatMap(List::stream).toList());
    for (int b = 0; b < blocks.size(); b++) {
      long round = blocks.get(b).stream().mapToLong(c -> roundNanos(byCase.get(c))).sum();
      long withoutLast =
          round - roundNanos(byCase.get(blocks.get(b).get(blocks.get(b).size() - 1)));
      if (b < blocks.size() - 1) {
        assertTrue(round >= SPAN, "block " + b + ": a round of " + round + " ns");
      }
      assertTrue(withoutLast < SPAN, "block " + b + " should have closed a case earlier");
    }
    assertTrue(blocks.size() > 10, blocks.size() + " blocks");
  }

  @Test
  void aRoundsOrderIsTheSameInEveryRunAndShuffledBetweenRounds() {
    List<CellPlan> plans = caseOf("stat", 1, "nio", "commons-io", "native", "nio-aa");
    Set<List<CellPlan>> orders = new HashSet<>();
    for (int round = 0; round < 5; round++) {
      List<CellPlan> order = Rounds.order(plans, round);
      assertEquals(order, Rounds.order(List.copyOf(plans), round), "seeded by case and round");
      assertEquals(new HashSet<>(plans), new HashSet<>(order));
      assertEquals(plans.size(), order.size());
      orders.add(order);
    }
    assertTrue(orders.size() > 1, "five rounds in one order: " + orders);
  }
}
