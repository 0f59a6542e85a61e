package dev.fsbench.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code lost} is the kit's NonUtf8Names cases' to check, on every backend that uses it. */
class StringNamesTest {

  @Test
  void aLoneSurrogateIsFoundWhereItIs() {
    assertEquals(1, StringNames.loneSurrogate("*\ud800"));
    assertEquals(0, StringNames.loneSurrogate("\udc00*"));
    assertEquals(2, StringNames.loneSurrogate("ab\ud800\ud800"), "two highs are no pair");
    assertEquals(0, StringNames.loneSurrogate("\udc00\ud800b"), "a low before a high is no pair");
  }

  @Test
  void pairsAndOtherTextHaveNone() {
    for (String s :
        new String[] {"", "**/*.js", "ü*", "*\ud834\udd1e?", "\ud834\udd1e\ud834\udd1e"}) {
      assertEquals(-1, StringNames.loneSurrogate(s), s);
      // what has no lone surrogate round-trips through UTF-8, which is why it can be a name
      assertEquals(s, new String(s.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8));
    }
  }
}
