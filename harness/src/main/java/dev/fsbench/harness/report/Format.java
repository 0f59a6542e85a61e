package dev.fsbench.harness.report;

import java.util.Locale;

/**
 * Number formatting for reports: about three significant digits, never scientific notation, always
 * a dot.
 */
final class Format {
  private Format() {}

  /** Nanoseconds as milliseconds: {@code 12345678 -> "12.3"}, {@code 4321 -> "0.00432"}. */
  static String millis(double nanos) {
    return significant(nanos / 1e6);
  }

  /** A ratio as the seed reports print it: {@code 1.234 -> "1.23x"}. */
  static String ratio(double ratio) {
    return (ratio >= 100
            ? String.format(Locale.ROOT, "%.0f", ratio)
            : String.format(Locale.ROOT, "%.2f", ratio))
        + "x";
  }

  /**
   * A comparison with nio as a report cell: {@code "1.84x [1.62, 2.05]"}, or {@code "—"} without
   * one.
   */
  static String versus(dev.fsbench.harness.results.CaseRecord.Versus v) {
    if (v == null) {
      return "—";
    }
    return withInterval(v.ratio(), v.low(), v.high());
  }

  /**
   * A distance to a floor as a report cell: {@code "1.30x [1.21, 1.42]"}, or {@code "—"} without
   * one.
   */
  static String distance(dev.fsbench.harness.results.CaseRecord.Distance d) {
    if (d == null) {
      return "—";
    }
    return withInterval(d.ratio(), d.low(), d.high());
  }

  /** {@code "1.84x [1.62, 2.05]"}: a ratio and its interval. */
  private static String withInterval(double ratio, double low, double high) {
    return ratio(ratio)
        + " ["
        + String.format(Locale.ROOT, "%.2f", low)
        + ", "
        + String.format(Locale.ROOT, "%.2f", high)
        + "]";
  }

  /** A verdict as a report cell: bold when it is one. */
  static String verdict(dev.fsbench.harness.results.CaseRecord.Versus v) {
    if (v == null) {
      return "—";
    }
    switch (v.verdict()) {
      case FASTER:
        return "**faster**";
      case SLOWER:
        return "**slower**";
      default:
        return "tie";
    }
  }

  /** A rate with a k/M suffix: {@code 123456 -> "123k"}. */
  static String rate(double perSecond) {
    if (perSecond >= 1e6) {
      return significant(perSecond / 1e6) + "M";
    }
    if (perSecond >= 1e3) {
      return significant(perSecond / 1e3) + "k";
    }
    return significant(perSecond);
  }

  static String pValue(double p) {
    return p < 0.001 ? "<0.001" : String.format(Locale.ROOT, "%.3f", p);
  }

  static String bytes(long bytes) {
    double gib = bytes / (1024.0 * 1024 * 1024);
    return significant(gib) + " GiB";
  }

  /** Three significant digits for values below 1000, whole numbers above. */
  static String significant(double v) {
    double a = Math.abs(v);
    if (a >= 100 || a == 0) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    if (a >= 10) {
      return String.format(Locale.ROOT, "%.1f", v);
    }
    if (a >= 1) {
      return String.format(Locale.ROOT, "%.2f", v);
    }
    int decimals = 2 - (int) Math.floor(Math.log10(a));
    return String.format(Locale.ROOT, "%." + Math.min(decimals, 9) + "f", v);
  }

  /**
   * The A/A counts of a run as the reports state them: {@code "51 comparisons steady, 0 not tie; 52
   * first-use, 0 not tie."}
   */
  static String controlCounts(
      dev.fsbench.harness.results.RunRecord.Counts steady,
      dev.fsbench.harness.results.RunRecord.Counts firstUse) {
    return steady.controls()
        + " comparisons steady, "
        + steady.controlsNotTie()
        + " not tie; "
        + firstUse.controls()
        + " first-use, "
        + firstUse.controlsNotTie()
        + " not tie.";
  }

  /** Escapes what would break a Markdown table cell. */
  static String cell(String text) {
    return text == null ? "" : text.replace("|", "\\|").replace("\n", " ");
  }
}
