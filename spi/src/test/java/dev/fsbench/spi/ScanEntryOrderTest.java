package dev.fsbench.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * {@link ScanEntry#ORDER} is the order of UTF-8 bytes, which differs from String order above the
 * BMP.
 */
class ScanEntryOrderTest {

  private static ScanEntry entry(String path) {
    return new ScanEntry(path, path, FileKind.FILE, 0, 0100644, 0, 1);
  }

  @Test
  void ordersByCodePointNotByUtf16Unit() {
    List<ScanEntry> entries = new ArrayList<>();
    for (String p : List.of("🙂", "ｚ", "é", "a", "B", "a/b", "a-b")) {
      entries.add(entry(p));
    }
    entries.sort(ScanEntry.ORDER);
    // '-' (0x2d) < '/' (0x2f), and U+FF5A < U+1F642 although "🙂" starts with the surrogate 0xD83D
    // < 0xFF5A
    assertEquals(
        List.of("B", "a", "a-b", "a/b", "é", "ｚ", "🙂"),
        entries.stream().map(ScanEntry::path).collect(Collectors.toList()));
    assertEquals(
        -1, Integer.signum("🙂".compareTo("ｚ")), "String order differs, which is the point");
  }
}
