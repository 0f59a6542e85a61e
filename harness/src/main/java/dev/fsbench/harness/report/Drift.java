package dev.fsbench.harness.report;

import dev.fsbench.harness.stats.Distribution;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.stat.StatUtils;

/**
 * The part of two runs' difference that every backend of a case shares: the machine's speed while
 * the case ran. A round of a case's forks runs its backends side by side, so a slower machine in
 * that minute (another tenant, a throttled core) moves all of them alike; its ratios against nio
 * cancel the shift, its absolute figures do not. (Runs from before settings.method.roundSeconds ran
 * all of a case's forks within a minute; spread over a block's rounds, a case's shift averages
 * several minutes.) Two runs of the same commit on the shared project machine showed it: the first
 * families of the second run ran 15-30% slower for every backend, the last ones 20-30% faster.
 *
 * <p>The split is a one-way analysis of variance of {@code log(after / before)} with the case as
 * the group: the pooled within-case variance (each case's sum of squares about its own mean, over
 * its cells less one) is what a cell moves on its own; the rest of the total variance is shared.
 * The cell's own part is shown as the median relative difference a normal distribution of that
 * variance has, {@code exp(0.6745 sd) - 1}: the median of the raw residuals would understate it,
 * since a case of two backends splits every difference between them evenly.
 *
 * <pre>{@code
 * Drift d = RunComparison.of(before, after).drift();
 * d.sharedVariance();            // 0.29: the case's shift explains 29% of the variance
 * d.ownMedianDifference();       // 0.12: what a cell moves on its own, typically
 * }</pre>
 *
 * @param cases cases (family, scenario, variant, mode) with a figure for two or more backends in
 *     both runs
 * @param lowestShift the smallest of their shifts (after / before, the median over the case's
 *     backends)
 * @param highestShift the largest
 * @param sharedVariance the fraction of the variance of {@code log(after / before)} over their
 *     cells that lies between cases (0 when the cells vary only within cases)
 * @param ownMedianDifference the median relative difference of a cell net of its case's shift
 * @param ratios comparisons with a ratio against nio in both runs
 * @param ratioMedianRelativeDifference median over them of |ratio after / ratio before - 1|
 */
public record Drift(
    int cases,
    double lowestShift,
    double highestShift,
    double sharedVariance,
    double ownMedianDifference,
    int ratios,
    double ratioMedianRelativeDifference) {

  /** The median of |Z| for a standard normal Z. */
  private static final double MEDIAN_ABSOLUTE_NORMAL = 0.6744897501960817;

  static Drift of(
      List<RunComparison.Row> rows,
      Map<String, Double> ratiosBefore,
      Map<String, Double> ratiosAfter) {
    Map<String, List<Double>> byCase = new LinkedHashMap<>();
    for (RunComparison.Row r : rows) {
      if (r.beforeNanos() != null && r.afterNanos() != null) {
        String id = r.cell();
        byCase
            .computeIfAbsent(id.substring(0, id.lastIndexOf('/')), k -> new ArrayList<>())
            .add(Math.log(r.afterNanos() / r.beforeNanos()));
      }
    }
    List<Double> shifts = new ArrayList<>();
    List<Double> all = new ArrayList<>();
    double within = 0;
    int withinDf = 0;
    for (List<Double> cells : byCase.values()) {
      if (cells.size() < 2) {
        continue;
      }
      shifts.add(Math.exp(median(cells)));
      double mean = cells.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
      for (double x : cells) {
        within += (x - mean) * (x - mean);
      }
      withinDf += cells.size() - 1;
      all.addAll(cells);
    }
    double total = variance(all);
    double own = withinDf == 0 ? 0 : within / withinDf;
    List<Double> ratioDifferences = new ArrayList<>();
    ratiosBefore.forEach(
        (id, before) -> {
          Double after = ratiosAfter.get(id);
          if (after != null) {
            ratioDifferences.add(Math.abs(after / before - 1));
          }
        });
    return new Drift(
        shifts.size(),
        shifts.stream().mapToDouble(Double::doubleValue).min().orElse(1),
        shifts.stream().mapToDouble(Double::doubleValue).max().orElse(1),
        total > 0 ? Math.max(0, 1 - own / total) : 0,
        Math.exp(MEDIAN_ABSOLUTE_NORMAL * Math.sqrt(own)) - 1,
        ratioDifferences.size(),
        median(ratioDifferences));
  }

  /** The sample variance (n - 1), 0 for fewer than two values. */
  private static double variance(List<Double> values) {
    return values.size() < 2
        ? 0
        : StatUtils.variance(values.stream().mapToDouble(Double::doubleValue).toArray());
  }

  private static double median(List<Double> values) {
    return values.isEmpty()
        ? 0
        : Distribution.of(values.stream().mapToDouble(Double::doubleValue).toArray()).median();
  }
}
