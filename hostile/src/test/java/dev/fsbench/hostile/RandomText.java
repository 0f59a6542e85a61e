package dev.fsbench.hostile;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The content of a text file made from a seed, the same every time for the same seed, for lines'
 * differential test: ASCII words, multibyte characters (2, 3 and 4 bytes, a byte order mark, NEL,
 * U+2028, which no reader here ends a line at), the three terminators mixed ({@code \n}, {@code
 * \r\n}, a lone {@code \r}, and {@code \r\r\n}), empty lines, bytes that are not UTF-8 ({@link
 * #INVALID}), long lines (up to 100 KB), and at the 8 KiB boundary (the JDK reader's buffer) and
 * the 64 KiB ones (the native library's block) a CR LF, a character or an invalid sequence split
 * across it. The last line has a terminator or not.
 *
 * <p>An encoded surrogate ({@link #SURROGATES}) is written only between {@link #OPEN} and {@link
 * #CLOSE}, which nothing else writes: where the test declares that the JDK's decoder replaces it
 * otherwise than Python, it finds each one there.
 */
final class RandomText {
  private RandomText() {}

  /**
   * Sequences that are not UTF-8, each with the U+FFFD count of Unicode's "maximal subpart"
   * practice (one per maximal subpart of an ill-formed sequence, The Unicode Standard, 3.9): a lone
   * continuation byte, overlong forms, a code point past U+10FFFF, bytes that never occur, and
   * sequences cut short before an ASCII byte. Python and the JDK agree on each.
   */
  static final List<Invalid> INVALID =
      List.of(
          new Invalid("80", 1),
          new Invalid("bf", 1),
          new Invalid("c080", 2),
          new Invalid("c1bf", 2),
          new Invalid("e08080", 3),
          new Invalid("e09f80", 3),
          new Invalid("f0808080", 4),
          new Invalid("f08f", 2),
          new Invalid("f4908080", 4),
          new Invalid("f5", 1),
          new Invalid("fe", 1),
          new Invalid("ff", 1),
          new Invalid("c3", 1),
          new Invalid("e282", 1),
          new Invalid("f09f99", 1),
          new Invalid("e180e280", 2));

  /**
   * Surrogates encoded as UTF-8 ({@code ED A0..BF}, with or without a continuation byte after):
   * three and two U+FFFD under the maximal-subpart practice ({@code ED} is never followed by {@code
   * A0..BF}, so {@code ED} alone is the maximal subpart) and from Python; one from the JDK's
   * decoder, which takes them as one malformed sequence.
   */
  static final List<Invalid> SURROGATES =
      List.of(new Invalid("eda080", 3), new Invalid("edbfbf", 3), new Invalid("eda0", 2));

  /** What brackets each surrogate: ASCII that no other part of the text writes. */
  static final String OPEN = "<s>";

  static final String CLOSE = "</s>";

  /** A byte sequence that is not UTF-8, and how many U+FFFD it decodes to. */
  record Invalid(String hex, int replacements) {
    byte[] bytes() {
      return HexFormat.of().parseHex(hex);
    }
  }

  private static final String[] VALID = {"é", "ß", "文", "内容", "🙂", "\u0085", "\u2028", "\u000b"};
  private static final String[] TERMINATORS = {"\n", "\n", "\n", "\r\n", "\r\n", "\r", "\r\r\n"};
  private static final int[] BOUNDARIES = {8 * 1024, 64 * 1024, 128 * 1024};

  /** The content made from {@code seed}: a few bytes to about 300 KB. */
  static byte[] make(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int size =
        switch (random.nextInt(4)) {
          case 0 -> random.nextInt(200);
          case 1 -> random.nextInt(8 * 1024 + 200);
          default -> 64 * 1024 + random.nextInt(240 * 1024);
        };
    ByteArrayOutputStream out = new ByteArrayOutputStream(size + 1024);
    if (random.nextInt(6) == 0) {
      write(out, "\uFEFF");
    }
    int boundary = 0;
    while (out.size() < size) {
      if (boundary < BOUNDARIES.length && out.size() + 110 >= BOUNDARIES[boundary]) {
        across(out, BOUNDARIES[boundary++], random);
        continue;
      }
      int what = random.nextInt(100);
      if (what < 50) {
        write(out, word(random));
      } else if (what < 62) {
        write(out, " ");
      } else if (what < 70) {
        write(out, VALID[random.nextInt(VALID.length)]);
      } else if (what < 88) {
        write(out, TERMINATORS[random.nextInt(TERMINATORS.length)]);
      } else if (what < 93) {
        out.writeBytes(INVALID.get(random.nextInt(INVALID.size())).bytes());
      } else if (what < 95) {
        surrogate(out, random);
      } else if (what < 99) {
        write(out, "\n".repeat(1 + random.nextInt(3)));
      } else {
        // a long line, ending before the next boundary so that its event stays there
        int room = boundary < BOUNDARIES.length ? BOUNDARIES[boundary] - 200 - out.size() : 100_000;
        write(out, "L".repeat(Math.max(0, Math.min(room, random.nextInt(100_000)))));
      }
    }
    switch (random.nextInt(4)) {
      case 0 -> write(out, "\n");
      case 1 -> write(out, "\r\n");
      case 2 -> out.writeBytes(INVALID.get(random.nextInt(INVALID.size())).bytes());
      default -> write(out, word(random)); // a last line without a terminator
    }
    return out.toByteArray();
  }

  /**
   * Fills to just before {@code boundary} and writes something split across it: a CR LF, a lone CR,
   * a 4-byte character, a cut sequence, a surrogate, or a terminator ending just before it.
   */
  private static void across(ByteArrayOutputStream out, int boundary, SplittableRandom random) {
    int what = random.nextInt(6);
    byte[] split =
        switch (what) {
          case 0 -> "\r\n".getBytes(StandardCharsets.US_ASCII);
          case 1 -> "\rx".getBytes(StandardCharsets.US_ASCII);
          case 2 -> "🙂".getBytes(StandardCharsets.UTF_8);
          case 3 -> HexFormat.of().parseHex("f09f99" + "41");
          case 4 -> HexFormat.of().parseHex("eda080");
          default -> "\r\nx".getBytes(StandardCharsets.US_ASCII);
        };
    int before = what == 5 ? split.length - 1 : Math.max(1, split.length / 2);
    if (what == 4) {
      before = 1; // OPEN before it, CLOSE after: ED | A0 80
    }
    int fill = boundary - before - (what == 4 ? OPEN.length() : 0) - out.size();
    write(out, "f".repeat(Math.max(0, fill)));
    if (what == 4) {
      write(out, OPEN);
      out.writeBytes(split);
      write(out, CLOSE);
    } else {
      out.writeBytes(split);
    }
  }

  private static void surrogate(ByteArrayOutputStream out, SplittableRandom random) {
    write(out, OPEN);
    out.writeBytes(SURROGATES.get(random.nextInt(SURROGATES.size())).bytes());
    write(out, CLOSE);
  }

  private static String word(SplittableRandom random) {
    StringBuilder w = new StringBuilder();
    int length = 1 + random.nextInt(12);
    for (int i = 0; i < length; i++) {
      w.append((char) ('a' + random.nextInt(26)));
    }
    return w.toString();
  }

  private static void write(ByteArrayOutputStream out, String text) {
    out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
  }
}
