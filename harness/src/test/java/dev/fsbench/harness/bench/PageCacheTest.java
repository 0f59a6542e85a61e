package dev.fsbench.harness.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** When {@code --cold} is refused, and why. */
class PageCacheTest {
  @TempDir Path dir;

  @Test
  void aProcessThatIsNotRootIsRefused() {
    Optional<String> why = PageCache.refusal(PageCache.DROP_CACHES, 1000);
    assertTrue(why.isPresent());
    assertTrue(why.get().contains("needs root") && why.get().contains("uid 1000"), why.get());
    assertTrue(PageCache.refusal(PageCache.DROP_CACHES, -1).get().contains("unknown user"));
  }

  @Test
  void aMissingControlFileIsRefusedNamingIt() {
    Path missing = dir.resolve("drop_caches");
    assertEquals(Optional.of(missing + " does not exist"), PageCache.refusal(missing, 0));
  }

  @Test
  void theEffectiveUidIsReadFromProc() {
    assertEquals("root".equals(System.getProperty("user.name")), PageCache.effectiveUid() == 0);
  }
}
