package dev.fsbench.harness.report;

import dev.fsbench.harness.model.TreeShape;
import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.stats.Regime;
import dev.fsbench.harness.stats.Verdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where the report's target (native unless {@code --target} names another) starts to win: for each
 * tree family and mode of a size sweep, the smallest size of the synthetic tree from which the
 * target's steady verdict against nio is {@code faster} there and at every larger size that has
 * one. Sizes without a steady comparison (a side without a steady state) are passed over, and the
 * row names them; a family whose largest decided size is not faster has no crossover in the sweep.
 *
 * <pre>{@code
 * for (Crossover.Row row : Crossover.of(run, "native")) {
 *   row.from().map(Crossover.Point::scenario);   // tree-64: native faster from 64 files on
 * }
 * }</pre>
 *
 * {@code notebooks/fsbench_charts.py} computes the same table by the same rule.
 */
final class Crossover {
  /** A family needs this many sizes measured before it counts as swept. */
  static final int MIN_SIZES = 3;

  private static final Pattern SYNTHETIC = Pattern.compile("tree-(\\d+)(k?)");

  private Crossover() {}

  /**
   * One size of the sweep.
   *
   * @param scenario {@code tree-64}
   * @param entries its entries (files and directories)
   * @param versus the target against nio, steady, or {@code null} without a comparison
   * @param vsFloor the target's steady distance to the {@code floor} at this size, or {@code null}
   *     where the size had no floor (or no steady figure on either side)
   */
  record Point(
      String scenario, long entries, CaseRecord.Versus versus, CaseRecord.Distance vsFloor) {
    String verdict() {
      return versus == null ? "no steady comparison" : versus.verdict().label();
    }
  }

  /**
   * One family and mode.
   *
   * @param points every size measured, smallest first
   * @param from the crossover, empty when the target is not faster at the largest decided size
   */
  record Row(String family, String mode, List<Point> points, Optional<Point> from) {
    /** Whether any size of the row has a distance to the floor. */
    boolean hasFloor() {
      return points.stream().anyMatch(p -> p.vsFloor() != null);
    }
  }

  /** The rows of {@code run} for {@code target}, in matrix order; empty when it holds no sweep. */
  static List<Row> of(RunRecord run, String target) {
    Map<String, List<CaseRecord>> byRow = new LinkedHashMap<>();
    for (CaseRecord c : run.cases()) {
      if (filesOf(c.scenario()).isPresent()
          && c.results().containsKey("nio")
          && c.results().containsKey(target)) {
        byRow.computeIfAbsent(c.family() + "\t" + c.mode(), k -> new ArrayList<>()).add(c);
      }
    }
    List<Row> rows = new ArrayList<>();
    for (List<CaseRecord> cases : byRow.values()) {
      if (cases.size() < MIN_SIZES) {
        continue;
      }
      List<Point> points = new ArrayList<>();
      for (CaseRecord c : cases) {
        CaseRecord.RegimeRecord steady = c.results().get(target).regime(Regime.STEADY);
        Map<String, CaseRecord.Distance> floors = steady.vsFloor();
        points.add(
            new Point(
                c.scenario(),
                entries(run, c.scenario()),
                steady.vsNio(),
                floors == null ? null : floors.get(MarkdownReport.FLOOR)));
      }
      points.sort(Comparator.comparingLong(Point::entries));
      rows.add(new Row(cases.get(0).family(), cases.get(0).mode(), points, from(points)));
    }
    return rows;
  }

  /** The smallest point from which every decided point is faster. */
  static Optional<Point> from(List<Point> points) {
    Point from = null;
    for (int i = points.size() - 1; i >= 0; i--) {
      Point p = points.get(i);
      if (p.versus() == null) {
        continue;
      }
      if (p.versus().verdict() != Verdict.FASTER) {
        break;
      }
      from = p;
    }
    return Optional.ofNullable(from);
  }

  /** The files of a synthetic tree scenario ({@code tree-4000}: 4000; {@code tree-156k}). */
  static Optional<Long> filesOf(String scenario) {
    Matcher m = SYNTHETIC.matcher(scenario);
    if (!m.matches()) {
      return Optional.empty();
    }
    long n = Long.parseLong(m.group(1));
    return Optional.of(m.group(2).isEmpty() ? n : n * 1000);
  }

  /** A scenario's entries: run.json's shape, else its files (a run from before the shapes). */
  static long entries(RunRecord run, String scenario) {
    TreeShape shape = run.trees().get(scenario);
    return shape != null ? shape.entries() : filesOf(scenario).orElse(0L);
  }
}
