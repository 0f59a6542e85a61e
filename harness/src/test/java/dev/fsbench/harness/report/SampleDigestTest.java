package dev.fsbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.MathContext;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SampleDigestTest {
  @Test
  void theBoxIsMinimumNearestRankPercentilesAndMaximum() {
    double[] hundred = IntStream.rangeClosed(1, 100).mapToDouble(i -> 101 - i).toArray();
    assertArrayEquals(new double[] {1, 10, 25, 50, 75, 90, 100}, SampleDigest.box(hundred));
    assertArrayEquals(new double[] {7, 7, 7, 7, 7, 7, 7}, SampleDigest.box(new double[] {7}));
  }

  @Test
  void aSeriesIsThinnedToAtMostMaxPointsOfBucketMedians() {
    assertEquals(1, SampleDigest.step(SampleDigest.MAX_POINTS));
    assertEquals(2, SampleDigest.step(150));
    assertEquals(2, SampleDigest.step(2 * SampleDigest.MAX_POINTS));
    assertEquals(3, SampleDigest.step(2 * SampleDigest.MAX_POINTS + 1));
    assertArrayEquals(
        new double[] {1.5, 3.5, 5}, SampleDigest.thin(new double[] {1, 2, 3, 4, 5}, 2), 0);
    assertArrayEquals(
        new double[] {2, 5}, SampleDigest.thin(new double[] {9, 2, 1, 5, 5, 4}, 3), 0);
    double[] long_ = IntStream.range(0, 10_001).mapToDouble(i -> i).toArray();
    int step = SampleDigest.step(long_.length);
    assertEquals(SampleDigest.MAX_POINTS, SampleDigest.thin(long_, step).length);
    double[] same = {4, 8, 15};
    assertArrayEquals(same, SampleDigest.thin(same, 1), 0);
  }

  @Test
  void numbersKeepTheirSignificantDigitsAndNothingJsonCannotHold() {
    assertEquals("0.001235", HtmlData.number(0.00123456, new MathContext(4)).toString());
    assertEquals("1.23E+3", HtmlData.number(1234.5, new MathContext(3)).toString());
    assertEquals("2", HtmlData.number(2.0, new MathContext(4)).toString());
    assertEquals("null", HtmlData.number(Double.NaN, new MathContext(4)).toString());
  }
}
