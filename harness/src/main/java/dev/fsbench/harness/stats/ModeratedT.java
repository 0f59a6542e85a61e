package dev.fsbench.harness.stats;

import java.util.List;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * The fork-level test and interval behind every verdict: a two-sample t-test over the log fork
 * medians of two cells whose variance borrows strength from the run's other comparisons, as Smyth's
 * moderated t-statistic does for microarrays (limma, 2004).
 *
 * <pre>{@code
 * ModeratedT.Prior prior = ModeratedT.prior(pooledVariancesOfTheMode, theirDegreesOfFreedom);
 * double p = ModeratedT.pValue(nioLogMedians, nativeLogMedians, prior);
 * ModeratedT.Interval i = ModeratedT.interval(ratio, nioLogMedians, nativeLogMedians, prior, 0.95);
 * }</pre>
 *
 * <h2>Why</h2>
 *
 * Forks are the independent units of a benchmark (samples within one JVM share its JIT decisions,
 * heap layout and the machine's mood), and a cell has three of them, or two when a fork found no
 * steady state. A plain t-test over two or three values a side estimates their spread from two or
 * four degrees of freedom, so even a 2.5x difference between forks that agree to 1% came out at p =
 * 0.03 (Welch, two forks a side: a Cauchy's tails), and no verdict survived the run-wide
 * correction. A nonparametric test is worse: with 3 forks a side the smallest possible p-value is
 * 0.1. But a run has hundreds of comparisons, and their fork-to-fork variances are alike: the run's
 * typical variance is a prior worth {@value #PRIOR_DF} degrees of freedom, combined with each
 * comparison's own pooled variance, so that {@code s~^2 = (d0 s0^2 + d s^2) / (d0 + d)} and t has
 * {@code d0 + d} degrees of freedom. A cell whose forks disagree (one fork at 800 us, two at 490)
 * keeps most of its own large variance and gets no verdict from noise.
 *
 * <p>The interval comes from the same t: the hierarchical bootstrap resamples the fork level from
 * three values, and measured on two runs of one commit one run's ratio fell inside the other run's
 * bootstrap interval 72% of the time where honest intervals give 83%; inside this one, 85%.
 *
 * <p>The prior variance is the median of the pooled variances of one regime and mode, each scaled
 * by the median of its chi-square distribution, a robust stand-in for limma's moment estimate; its
 * degrees of freedom are fixed rather than fitted, at a value inside the range limma's fits usually
 * land in, so that the prior never outweighs more than a few forks of evidence. Hand-written:
 * commons-math3 gives the t distribution; the moderation is these few lines.
 */
public final class ModeratedT {
  /** The prior's weight, in degrees of freedom. */
  public static final double PRIOR_DF = 4;

  private static final double FLOOR = 1e-8;

  private ModeratedT() {}

  /**
   * The run's typical fork variance.
   *
   * @param variance prior variance of a log fork median
   * @param df its weight
   */
  public record Prior(double variance, double df) {
    /** No prior: an ordinary pooled two-sample t-test. */
    public static final Prior NONE = new Prior(0, 0);
  }

  /**
   * The prior from the pooled variances of a run's comparisons, each with its degrees of freedom
   * (those with at least one): the median of {@code s^2 / m_d}, where {@code m_d} is the median of
   * chi-square(d) / d, so that the estimate is the variance itself, not the median of its noisy
   * estimates (which is 16% lower with 4 degrees of freedom).
   */
  public static Prior prior(List<Double> pooledVariances, List<Integer> degreesOfFreedom) {
    if (pooledVariances.isEmpty()) {
      return Prior.NONE;
    }
    double[] v = new double[pooledVariances.size()];
    for (int i = 0; i < v.length; i++) {
      int d = degreesOfFreedom.get(i);
      v[i] =
          pooledVariances.get(i)
              / (new ChiSquaredDistribution(d).inverseCumulativeProbability(0.5) / d);
    }
    return new Prior(Math.max(FLOOR, Distribution.of(v).median()), PRIOR_DF);
  }

  /** The pooled variance of two sets of values, or NaN when neither has two values. */
  public static double pooledVariance(double[] a, double[] b) {
    int df = a.length + b.length - 2;
    return df <= 0 ? Double.NaN : (squares(a) + squares(b)) / df;
  }

  /**
   * The two-sided p-value of "same mean" for {@code a} and {@code b} (log fork medians). 0 when the
   * forks give no degrees of freedom at all (one fork a side and no prior: no evidence either way
   * from forks, the bootstrap decides alone).
   */
  public static double pValue(double[] a, double[] b, Prior prior) {
    Fit fit = fit(a, b, prior);
    if (fit == null) {
      return 0;
    }
    double difference = mean(a) - mean(b);
    if (fit.se() <= 0) {
      return difference == 0 ? 1 : 0;
    }
    TDistribution dist = new TDistribution(fit.df());
    return Math.min(1, 2 * (1 - dist.cumulativeProbability(Math.abs(difference / fit.se()))));
  }

  /**
   * The interval of a ratio of two cells at the fork level.
   *
   * @param low its lower bound
   * @param high its upper bound
   * @param df the degrees of freedom of its t quantile: the forks' own and the prior's
   */
  public record Interval(double low, double high, double df) {}

  /**
   * The {@code confidence} interval of {@code ratio}, the ratio of {@code a}'s estimate over {@code
   * b}'s, from their log fork medians: {@code ratio * exp(+-t * se)}, with {@code se} the standard
   * error of the difference of the mean log fork medians under the moderated variance and {@code t}
   * the quantile of Student's t with the forks' and the prior's degrees of freedom. Small-sample
   * honest where a bootstrap over three forks is not (it draws from three values). The interval is
   * centred on the ratio of the cells' estimates (medians of fork medians, robust to a bad fork);
   * its width is the fork-level test's. {@code null} when the forks give no degrees of freedom.
   *
   * <pre>{@code
   * ModeratedT.interval(1.8, nioLogMedians, nativeLogMedians, prior, 0.95); // [1.55, 2.09], 8 df
   * }</pre>
   */
  public static Interval interval(
      double ratio, double[] a, double[] b, Prior prior, double confidence) {
    Fit fit = fit(a, b, prior);
    if (fit == null) {
      return null;
    }
    double t = new TDistribution(fit.df()).inverseCumulativeProbability(1 - (1 - confidence) / 2);
    double half = t * fit.se();
    return new Interval(ratio * Math.exp(-half), ratio * Math.exp(half), fit.df());
  }

  /** The standard error of the difference of means and its degrees of freedom. */
  private record Fit(double se, double df) {}

  private static Fit fit(double[] a, double[] b, Prior prior) {
    if (a.length == 0 || b.length == 0) {
      throw new IllegalArgumentException("each side needs a fork");
    }
    int d = a.length + b.length - 2;
    double df = prior.df() + d;
    if (df <= 0) {
      return null;
    }
    double own = d == 0 ? 0 : pooledVariance(a, b);
    double moderated = (prior.df() * prior.variance() + d * own) / df;
    return new Fit(Math.sqrt(moderated * (1.0 / a.length + 1.0 / b.length)), df);
  }

  /** The natural logs of each fork's median, the values the test compares. */
  public static double[] logMedians(List<Double> forkMedians) {
    return forkMedians.stream().mapToDouble(m -> Math.log(Math.max(1, m))).toArray();
  }

  private static double mean(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s / v.length;
  }

  private static double squares(double[] v) {
    double m = mean(v);
    double s = 0;
    for (double x : v) {
      s += (x - m) * (x - m);
    }
    return s;
  }
}
