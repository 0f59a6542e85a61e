package dev.fsbench.jnrposix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Which paths reach jnr-posix as their own bytes, and which names read back from it make a path:
 * the rules {@link Names} applies before every call (the contract kit's non-UTF-8 cases and {@link
 * RouteTruthTest} show the calls that follow).
 */
class NamesTest {

  @Test
  void theEmptyPathIsTheWorkingDirectoryAndATargetStaysAsGiven() {
    assertEquals(".", Names.argument(Path.of("")));
    assertEquals("", Names.verbatim(Path.of("")));
    assertEquals("a/b", Names.argument(Path.of("a/b")));
  }

  @Test
  void aNameThatIsNotUtf8HasNoStringThatNamesIt() {
    assumeUtf8();
    Path latin = Path.of(URI.create("file:///tmp/caf%E9"));
    assertEquals("/tmp/caf\uFFFD", latin.toString(), "prints as its U+FFFD twin");
    assertNull(Names.argument(latin));
    assertNull(Names.verbatim(latin));
  }

  @Test
  void aNameThatReallyHoldsUplusFffdPasses() {
    assumeUtf8();
    Path twin = Path.of("/tmp/caf\uFFFD");
    assertEquals("/tmp/caf\uFFFD", Names.argument(twin));
  }

  @Test
  void namesReadBackAreDecodedOnlyWhenAStringHoldsThem() {
    assumeUtf8();
    byte[] utf8 = "ü/x".getBytes(StandardCharsets.UTF_8);
    assertEquals(Path.of("ü/x"), Names.toPath(FileSystems.getDefault(), utf8, utf8.length));
    byte[] latin = {'c', 'a', 'f', (byte) 0xE9, 'X'};
    assertNull(Names.toPath(FileSystems.getDefault(), latin, 4));
    assertEquals(Path.of("caf"), Names.toPath(FileSystems.getDefault(), latin, 3));
  }

  private static void assumeUtf8() {
    assumeTrue(
        Names.SAME_CHARSET && Names.NIO.equals(StandardCharsets.UTF_8),
        "needs file.encoding and sun.jnu.encoding UTF-8 (the build's LC_ALL=C.UTF-8); here "
            + Names.JNR
            + " and "
            + Names.NIO);
  }
}
