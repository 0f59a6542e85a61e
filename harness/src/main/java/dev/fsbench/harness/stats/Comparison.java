package dev.fsbench.harness.stats;

/**
 * How a candidate's timings compare with a baseline's: the ratio of medians and whether the ranking is robust.
 *
 * <pre>{@code
 * Comparison c = Comparison.of(nioWallNanos, nativeWallNanos);
 * c.ratio();  // 1.8: nio's median is 1.8 times native's, so native is faster
 * c.robust(); // true when the rank-sum test separates the two sets at the 5% level
 * }</pre>
 *
 * <p>The rule: a ranking is <em>robust</em> when the two-sided {@link RankSum} test rejects "same distribution" at
 * {@link #ALPHA}. A ratio of 1.3 over heavily overlapping samples is therefore "not robust" however large it looks,
 * while a ratio of 1.02 over cleanly separated samples can be robust (it is then a real, small difference). The same
 * rule flags changes between two runs in {@code fsbench compare}.
 *
 * @param ratio baseline median / candidate median: above 1 the candidate is faster, below 1 slower
 * @param pValue the rank-sum test's two-sided p-value
 * @param robust {@code pValue < ALPHA}
 */
public record Comparison(double ratio, double pValue, boolean robust) {

  /** The significance level of the robustness rule. */
  public static final double ALPHA = 0.05;

  public static Comparison of(double[] baseline, double[] candidate) {
    double baselineMedian = Distribution.of(baseline).median();
    double candidateMedian = Distribution.of(candidate).median();
    // No timer resolves less than a nanosecond; the floor keeps the ratio finite (JSON has no Infinity).
    double ratio = Math.max(baselineMedian, 1) / Math.max(candidateMedian, 1);
    double p = RankSum.pValue(baseline, candidate);
    return new Comparison(ratio, p, p < ALPHA);
  }
}
