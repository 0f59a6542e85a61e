package dev.fsbench.harness.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Reference values from SciPy 1.10: {@code stats.ttest_ind(log(a), log(b), equal_var=True)} for the
 * test without a prior, and for the moderated one the same statistic with {@code s2 = (d0*s0 +
 * d*s2) / (d0 + d)} and {@code 2 * stats.t.sf(|t|, d0 + d)}, computed there from the same inputs.
 */
class ModeratedTTest {
  private static final double[] A = {Math.log(100), Math.log(110), Math.log(105)};
  private static final double[] B = {Math.log(130), Math.log(128), Math.log(140)};

  @Test
  void withoutAPriorItIsTheStudentTest() {
    // t = -5.995, df = 4, p = 0.0038942049486916284
    assertEquals(0.0038942049486916284, ModeratedT.pValue(A, B, ModeratedT.Prior.NONE), 1e-9);
  }

  @Test
  void aPriorAddsItsDegreesOfFreedomAndPullsTheVarianceTowardsItself() {
    // s2 = 0.0022826, prior 0.001 with 4 df: t = -7.06996, df = 8, p = 0.00010506894640449159
    assertEquals(
        0.00010506894640449159, ModeratedT.pValue(A, B, new ModeratedT.Prior(0.001, 4)), 1e-10);
    assertEquals(0.0022826110558823286, ModeratedT.pooledVariance(A, B), 1e-12);
  }

  @Test
  void twoForksThatAgreeTightlyAreStrongEvidenceOnceTheRunSaysForksUsuallyDo() {
    double[] slow = {Math.log(13.447), Math.log(13.422)};
    double[] fast = {Math.log(5.506), Math.log(5.05)};
    assertTrue(
        ModeratedT.pValue(slow, fast, ModeratedT.Prior.NONE) > 0.001,
        "two forks a side alone: Student with 2 df");
    assertTrue(
        ModeratedT.pValue(slow, fast, new ModeratedT.Prior(0.004, 4)) < 1e-4,
        "with a run's typical 6% fork spread");
  }

  @Test
  void theForksOfACellThatDisagreeKeepMostOfTheirOwnVariance() {
    double[] bimodal = {Math.log(490), Math.log(800), Math.log(490)};
    double[] other = {Math.log(600), Math.log(610), Math.log(590)};
    assertTrue(ModeratedT.pValue(bimodal, other, new ModeratedT.Prior(0.0004, 4)) > 0.05);
  }

  @Test
  void thePriorIsTheMedianOfTheRunsScaledVariancesAndNoneWithoutAny() {
    // scipy.stats.chi2.median(4) / 4 = 0.8391735...: each variance with 4 df is divided by it.
    ModeratedT.Prior p = ModeratedT.prior(List.of(0.001, 0.002, 0.5), List.of(4, 4, 4));
    assertEquals(0.002 / 0.83917349, p.variance(), 1e-9);
    assertEquals(ModeratedT.PRIOR_DF, p.df());
    assertEquals(ModeratedT.Prior.NONE, ModeratedT.prior(List.of(), List.of()));
  }

  @Test
  void oneForkASideWithoutAPriorGivesNoEvidenceSoTheBootstrapDecides() {
    assertEquals(0, ModeratedT.pValue(new double[] {1}, new double[] {2}, ModeratedT.Prior.NONE));
    assertNull(
        ModeratedT.interval(1.5, new double[] {1}, new double[] {2}, ModeratedT.Prior.NONE, 0.95));
  }

  /**
   * SciPy (to 1e-9, the accuracy of commons-math3's inverse t): {@code r * exp(-+
   * stats.t.ppf(0.975, df) * se)} with {@code se = sqrt(s2 * (1/3 + 1/3))}, around the ratio 105 /
   * 130 of the two sides' median forks.
   */
  @Test
  void theIntervalIsStudentsAroundTheRatioWithTheForksAndThePriorsDegreesOfFreedom() {
    double ratio = 105.0 / 130.0;
    ModeratedT.Interval plain = ModeratedT.interval(ratio, A, B, ModeratedT.Prior.NONE, 0.95);
    assertEquals(0.7247838388596083, plain.low(), 1e-9);
    assertEquals(0.9000847272364333, plain.high(), 1e-9);
    assertEquals(4, plain.df());
    ModeratedT.Interval moderated =
        ModeratedT.interval(ratio, A, B, new ModeratedT.Prior(0.001, 4), 0.95);
    assertEquals(0.7483729462509504, moderated.low(), 1e-9);
    assertEquals(0.8717135850158974, moderated.high(), 1e-9);
    assertEquals(8, moderated.df());
  }

  /**
   * One fork a side and the run's prior (variance 0.02, 4 df): {@code se = sqrt(0.02 * 2)}, t with
   * 4 df; SciPy: {@code 2 * stats.t.sf(log(2) / se, 4)} = 0.0257.
   */
  @Test
  void oneForkASideIsJudgedByThePriorAlone() {
    double[] one = {Math.log(2)};
    double[] other = {0};
    ModeratedT.Prior prior = new ModeratedT.Prior(0.02, 4);
    ModeratedT.Interval i = ModeratedT.interval(2, one, other, prior, 0.95);
    assertEquals(1.1478127324188976, i.low(), 1e-9);
    assertEquals(3.484889030260546, i.high(), 1e-9);
    assertEquals(0.02568315098556817, ModeratedT.pValue(one, other, prior), 1e-12);
  }
}
