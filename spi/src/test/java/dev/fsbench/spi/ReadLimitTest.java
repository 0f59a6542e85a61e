package dev.fsbench.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.FileSystemException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ReadLimitTest {

  @Test
  void aQuarterOfTheHeapAtMostTheLargestArray() {
    assertEquals(
        256L << 20, ReadLimit.of(1L << 30), "a 1 GiB heap, as the hostile suite's children");
    assertEquals(16L << 20, ReadLimit.of(64L << 20));
    assertEquals(ReadLimit.LARGEST_ARRAY, ReadLimit.of(16L << 30), "a 16 GiB heap");
    assertEquals(ReadLimit.LARGEST_ARRAY, ReadLimit.of(Long.MAX_VALUE), "no heap limit at all");
  }

  @Test
  void thisJvmsLimitFollowsItsHeap() {
    assertEquals(ReadLimit.of(Runtime.getRuntime().maxMemory()), ReadLimit.bytes());
  }

  @Test
  void theRefusalNamesThePathAndTheLimit() {
    Path zero = Path.of("/dev/zero");
    FileSystemException e = ReadLimit.exceeded(zero);
    assertEquals(FileSystemException.class, e.getClass());
    assertEquals("/dev/zero", e.getFile());
    assertNull(e.getOtherFile());
    assertTrue(
        e.getReason().startsWith("content larger than " + ReadLimit.bytes() + " bytes"),
        e.getReason());
  }
}
