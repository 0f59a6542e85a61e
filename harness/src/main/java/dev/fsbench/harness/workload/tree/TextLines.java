package dev.fsbench.harness.workload.tree;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The text files the lines workload reads: lines of 60 to 100 UTF-8 bytes, as a log or a source
 * file has them, each ended by {@code \n}; mostly ASCII words, and every fifth line with a
 * multibyte word among them (2, 3 and 4 bytes: accented Latin, CJK, an emoji).
 *
 * <p>Line {@code i} is made from its number alone, so that the expected lines of any range are
 * built without the text before them, and a file's line count is summed from {@link #length}
 * without building a line. A text of {@code size} bytes holds the whole lines that fit, then one
 * line of {@code '.'} ended by {@code \n} filling the rest (none when nothing is left): exactly
 * {@code size} bytes, valid UTF-8.
 */
public final class TextLines {

  /** The large text's size: 16 MiB. */
  public static final int LARGE_SIZE = 16 * 1024 * 1024;

  private static final String[] WORDS = {
    "the", "file", "reads", "line", "of", "a", "text", "with", "some", "words", "and", "numbers",
    "order", "value", "path", "data", "record", "entry", "field", "status", "request", "done"
  };

  private static final String[] MULTIBYTE = {
    "café", "naïve", "größe", "déjà", "文件", "内容", "行", "🙂", "Ωmega", "über"
  };

  private final int size;
  private final int whole;
  private final int padding;

  private TextLines(int size) {
    this.size = size;
    int lines = 0;
    long bytes = 0;
    while (bytes + length(lines) + 1 <= size) {
      bytes += length(lines) + 1;
      lines++;
    }
    this.whole = lines;
    this.padding = (int) (size - bytes); // the last line's bytes with its \n; 0 for none
  }

  /** The text of exactly {@code size} bytes. */
  public static TextLines of(int size) {
    return new TextLines(size);
  }

  /** Its lines, the padding line included. */
  public int lineCount() {
    return padding == 0 ? whole : whole + 1;
  }

  /** The text as the file holds it. */
  public byte[] bytes() {
    StringBuilder text = new StringBuilder(size);
    for (int i = 0; i < lineCount(); i++) {
      text.append(lineOrPadding(i)).append('\n');
    }
    byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
    if (bytes.length != size) {
      throw new AssertionError("a text of " + size + " bytes came out as " + bytes.length);
    }
    return bytes;
  }

  /** The lines {@code [from, from + count)} that there are, without their terminators. */
  public List<String> lines(long from, int count) {
    long end = Math.min(lineCount(), from + count);
    List<String> lines = new ArrayList<>();
    for (long i = from; i < end; i++) {
      lines.add(lineOrPadding((int) i));
    }
    return lines;
  }

  /** The UTF-8 bytes of the lines {@code [from, from + count)} that there are, terminators too. */
  public long bytesOf(long from, int count) {
    long end = Math.min(lineCount(), from + count);
    long bytes = 0;
    for (long i = from; i < end; i++) {
      bytes += i < whole ? length(i) + 1 : padding;
    }
    return bytes;
  }

  private String lineOrPadding(int i) {
    return i < whole ? line(i) : ".".repeat(padding - 1);
  }

  /** The UTF-8 bytes of line {@code i}, without its terminator: 60 to 100. */
  static int length(long i) {
    return 60 + (int) Long.remainderUnsigned(mix(i), 41);
  }

  /**
   * Line {@code i}: its number, then words while they fit in {@link #length}, then {@code '.'} to
   * exactly that length.
   */
  static String line(long i) {
    SplittableRandom random = new SplittableRandom(mix(i));
    int target = length(i);
    StringBuilder line = new StringBuilder(target).append(i);
    int bytes = line.length();
    boolean multibyte = i % 5 == 0;
    for (int word = 0; ; word++) {
      String w =
          multibyte && (word == 0 || random.nextInt(4) == 0)
              ? MULTIBYTE[random.nextInt(MULTIBYTE.length)]
              : WORDS[random.nextInt(WORDS.length)];
      int wordBytes = w.getBytes(StandardCharsets.UTF_8).length + 1;
      if (bytes + wordBytes > target) {
        break;
      }
      line.append(' ').append(w);
      bytes += wordBytes;
    }
    while (bytes < target) {
      line.append('.');
      bytes++;
    }
    return line.toString();
  }

  /** A 64-bit mix of the line number (SplitMix64's finalizer): lengths and words look random. */
  private static long mix(long i) {
    long z = (i + 1) * 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
