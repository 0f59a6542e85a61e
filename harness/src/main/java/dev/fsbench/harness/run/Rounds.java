package dev.fsbench.harness.run;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.model.CellPlan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.ToLongFunction;

/**
 * The order in which a run's forks start: the matrix's cases in blocks, each block running its
 * first round of forks for every case (one fork of each of the case's backends), then its second
 * round, and so on; a case's statistics are ready when its block's last round ends.
 *
 * <p>Why blocks. The machine's speed drifts: a case's backends share a shift between two runs that
 * lasts a minute or two and then decorrelates (DESIGN.md, "Verdicts that survive a second run",
 * Time). A case whose forks all ran within its own few seconds drew one state of the machine and
 * passed it whole to its figure; spread so that consecutive rounds are {@link #ROUND_SPAN} apart,
 * its forks draw as many states as they are rounds, and the median over them averages the drift. A
 * round's backends still run side by side, so whatever a round shares stays shared by the case's
 * ratios. The price is latency of results: a case is written to run.json when its block ends, so an
 * interrupted run loses at most the block it was in (a round span times the forks).
 *
 * <pre>
 * blocks([[a], [b], [c]], plan -> 60 s, 150 s), 2 forks:
 *   block 1: a1 b1 c1 | a2 b2 c2   (one round of a, b and c is 180 s: at least the span)
 * </pre>
 *
 * <p>Within a round, a case's backends run in {@link #order}: a seeded shuffle.
 */
final class Rounds {

  /**
   * How far apart, in the cost model's time, a block's rounds start: past the 100-200 s after which
   * the drift of the committed runs of 2026-12-01 no longer correlated.
   */
  static final Duration ROUND_SPAN = Duration.ofSeconds(150);

  private Rounds() {}

  /**
   * The span a run of {@code forks} forks a cell spreads its rounds over: with one fork there is
   * one round and nothing to spread, so every case is a block of its own and is written to run.json
   * as soon as it ends (a {@code --quick} run checkpoints per case).
   */
  static long spanNanos(int forks) {
    return forks > 1 ? ROUND_SPAN.toNanos() : 0;
  }

  /** The span as run.json records it ({@code settings.method.roundSeconds}): none with one fork. */
  static Integer recordedSeconds(int forks) {
    long span = spanNanos(forks);
    return span > 0 ? (int) Duration.ofNanos(span).toSeconds() : null;
  }

  /**
   * The plans of each case together, cases in matrix order (a control follows its case's other
   * cells).
   */
  static List<List<CellPlan>> groupByCase(List<CellPlan> plans) {
    List<List<CellPlan>> out = new ArrayList<>();
    for (CellPlan plan : plans) {
      if (out.isEmpty() || !Controls.sameCase(out.get(out.size() - 1).get(0).key(), plan.key())) {
        out.add(new ArrayList<>());
      }
      out.get(out.size() - 1).add(plan);
    }
    return out;
  }

  /**
   * Consecutive cases, a block each, closed when one round of its cases reaches {@code spanNanos}
   * by {@code roundNanos} (the cost of one fork of each of a case's cells); the last block takes
   * what is left.
   *
   * @return each block's cases, as indexes into {@code byCase}, in matrix order
   */
  static List<List<Integer>> blocks(
      List<List<CellPlan>> byCase, ToLongFunction<List<CellPlan>> roundNanos, long spanNanos) {
    List<List<Integer>> blocks = new ArrayList<>();
    List<Integer> current = new ArrayList<>();
    long nanos = 0;
    for (int c = 0; c < byCase.size(); c++) {
      current.add(c);
      nanos += roundNanos.applyAsLong(byCase.get(c));
      if (nanos >= spanNanos) {
        blocks.add(current);
        current = new ArrayList<>();
        nanos = 0;
      }
    }
    if (!current.isEmpty()) {
      blocks.add(current);
    }
    return blocks;
  }

  /**
   * The order of a case's backends in one round of forks: a seeded shuffle, the same for the same
   * case and round in every run. A fixed order (nio always first, the control always last) turns
   * whatever a fork inherits from the one before it (the page cache, the CPU's state, a background
   * JIT thread of the previous JVM winding down) into a bias of one backend against another;
   * shuffled, it is noise that the fork-level statistics see and pay for.
   */
  static List<CellPlan> order(List<CellPlan> casePlans, int round) {
    List<CellPlan> order = new ArrayList<>(casePlans);
    CellKey k = casePlans.get(0).key();
    String id =
        k.family() + "/" + k.scenario() + "/" + k.variant() + "/" + k.mode().label() + "#" + round;
    Collections.shuffle(order, new Random(id.hashCode()));
    return order;
  }
}
