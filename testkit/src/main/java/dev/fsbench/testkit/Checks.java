package dev.fsbench.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** Assertions the families share. */
final class Checks {
  private Checks() {}

  /** {@code actual} holds exactly {@code expected}, each once. */
  static void assertExactSet(Set<String> expected, List<String> actual) {
    assertEquals(new TreeSet<>(expected), new TreeSet<>(actual), "the set of paths");
    assertEquals(new HashSet<>(actual).size(), actual.size(), () -> "duplicates in " + actual);
  }

  static void assertContent(byte[] expected, Path path) throws IOException {
    assertArrayEquals(expected, Files.readAllBytes(path), () -> "content of " + path);
  }

  static void assertGone(Path path) {
    assertTrue(!Files.exists(path, LinkOption.NOFOLLOW_LINKS), () -> path + " should be gone");
  }

  static void assertPresent(Path path) {
    assertTrue(Files.exists(path, LinkOption.NOFOLLOW_LINKS), () -> path + " should exist");
  }

  /**
   * Times a copy preserved: DESIGN.md's tolerance of 1 ms, since NIO copies them at microsecond
   * precision.
   */
  static void assertWithinOneMilli(long expectedNanos, long actualNanos, String what) {
    assertTrue(
        Math.abs(expectedNanos - actualNanos) < 1_000_000L,
        () -> what + ": expected " + expectedNanos + " ns, was " + actualNanos + " ns");
  }

  static void assertPermissions(int expected, Path path, LinkOption... options) throws IOException {
    assertEquals(
        Integer.toOctalString(expected),
        Integer.toOctalString(Oracle.permissions(path, options)),
        () -> "permission bits of " + path);
  }
}
