package dev.fsbench.harness.stats;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * What a comparison concludes: the candidate is faster than the baseline, slower, or the data
 * cannot tell them apart at the size that matters.
 *
 * <p>The rule ({@link #of}): not {@link #TIE} only when three things hold at once. The
 * Benjamini-Hochberg adjusted p-value is below {@link FalseDiscovery#RATE} (the whole run's
 * comparisons share the error budget); the 95% interval of the ratio excludes 1; and the ratio
 * itself is at least {@value #MINIMUM_EFFECT} away from 1 (1.05x or 1/1.05x). The last keeps a real
 * but tiny difference from flipping a verdict between runs: on a shared machine a 2% effect is a
 * fact about the afternoon, not about the backend.
 */
public enum Verdict {
  FASTER,
  SLOWER,
  TIE;

  /** The smallest relative effect a verdict is given for. */
  public static final double MINIMUM_EFFECT = 0.05;

  /**
   * @param ratio baseline estimate over candidate estimate
   * @param low the interval's lower bound
   * @param high the interval's upper bound
   * @param adjustedPValue after the run-wide false-discovery correction
   */
  public static Verdict of(double ratio, double low, double high, double adjustedPValue) {
    return of(ratio, low, high, adjustedPValue, MINIMUM_EFFECT);
  }

  /**
   * As {@link #of(double, double, double, double)} with another minimum effect (compare's {@code
   * --threshold}).
   */
  public static Verdict of(
      double ratio, double low, double high, double adjustedPValue, double minimumEffect) {
    if (adjustedPValue >= FalseDiscovery.RATE) {
      return TIE;
    }
    if (low > 1 && ratio >= 1 + minimumEffect) {
      return FASTER;
    }
    if (high < 1 && ratio <= 1 / (1 + minimumEffect)) {
      return SLOWER;
    }
    return TIE;
  }

  /** {@code faster}, {@code slower}, {@code tie}, as run.json spells it. */
  @JsonValue
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  @JsonCreator
  public static Verdict ofLabel(String label) {
    return valueOf(label.toUpperCase(Locale.ROOT));
  }
}
