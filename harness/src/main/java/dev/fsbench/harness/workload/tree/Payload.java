package dev.fsbench.harness.workload.tree;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The contents the workloads write and expect: 4096 bytes, as bytes ({@code buffer}) or as
 * non-ASCII text ({@code utf8}), and 8 MiB of the same.
 *
 * <h2>The UTF-8 padding rule</h2>
 *
 * {@value #UTF8_UNIT} is 16 UTF-8 bytes (four 3-byte CJK characters and a 4-byte emoji). The text
 * of {@code n} bytes repeats the unit as often as it fits whole, then fills the rest with ASCII
 * {@code '.'}, so it is always exactly {@code n} bytes, always valid UTF-8, and never ends in a cut
 * character. For 4096 bytes the unit fits 256 times and no padding is needed; 8 MiB is 2048 such
 * blocks.
 */
public final class Payload {
  private Payload() {}

  /** The payload of one file: 4 KiB. */
  public static final int SIZE = 4096;

  /** The payload of the 8MiB scenarios. */
  public static final int LARGE_SIZE = 8 * 1024 * 1024;

  /** The repeated unit of the {@code utf8} payload. */
  static final String UTF8_UNIT = "文件内容🙂";

  /** {@code 'a'} repeated {@code size} times. */
  public static byte[] buffer(int size) {
    byte[] bytes = new byte[size];
    Arrays.fill(bytes, (byte) 'a');
    return bytes;
  }

  /** {@link #UTF8_UNIT} repeated, padded with {@code '.'} to exactly {@code size} UTF-8 bytes. */
  static String utf8(int size) {
    int unitBytes = UTF8_UNIT.getBytes(StandardCharsets.UTF_8).length;
    int whole = size / unitBytes;
    StringBuilder text = new StringBuilder(whole * UTF8_UNIT.length() + unitBytes);
    for (int i = 0; i < whole; i++) {
      text.append(UTF8_UNIT);
    }
    for (int i = whole * unitBytes; i < size; i++) {
      text.append('.');
    }
    return text.toString();
  }

  /**
   * A payload of {@code size} bytes: as bytes only, or, for a {@code text} variant ({@code utf8}),
   * as text and its encoding. Built once per trial, never in the timed region.
   */
  public static Content of(boolean text, int size) {
    if (text) {
      String utf8 = utf8(size);
      return new Content(utf8.getBytes(StandardCharsets.UTF_8), utf8);
    }
    return new Content(buffer(size), null);
  }

  /**
   * A payload: the bytes a file holds, and for the {@code utf8} variant the text a backend is
   * handed (its text forms, {@code writeFile(Path, String)}, {@code readFileText}, are what that
   * variant measures).
   */
  public record Content(byte[] bytes, String text) {
    public boolean isText() {
      return text != null;
    }
  }
}
