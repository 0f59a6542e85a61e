package dev.fsbench.harness.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Byte sizes on the command line: {@code 1048576}, {@code 500MiB}, {@code 4GiB}, {@code 2G}. */
final class Sizes {
  private static final Pattern SIZE =
      Pattern.compile(
          "(\\d+)\\s*(|b|k|kb|kib|m|mb|mib|g|gb|gib|t|tb|tib)", Pattern.CASE_INSENSITIVE);

  private Sizes() {}

  /**
   * The bytes {@code text} names, powers of 1024 whatever the suffix says; anything else is an
   * error.
   */
  static long parse(String text) {
    Matcher m = SIZE.matcher(text.strip());
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "'" + text + "' is not a size: give bytes, or a number with KiB, MiB, GiB or TiB");
    }
    int shift;
    switch (m.group(2).toLowerCase(Locale.ROOT).replace("i", "").replace("b", "")) {
      case "":
        shift = 0;
        break;
      case "k":
        shift = 10;
        break;
      case "m":
        shift = 20;
        break;
      case "g":
        shift = 30;
        break;
      default:
        shift = 40;
    }
    long value = Long.parseLong(m.group(1));
    if (value > (Long.MAX_VALUE >> shift)) {
      throw new IllegalArgumentException("'" + text + "' is too large a size");
    }
    return value << shift;
  }
}
