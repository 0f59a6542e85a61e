package dev.fsbench.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;

/**
 * Names whose bytes are not valid UTF-8, one case per family: the data-safety cases of the kit.
 * Each family's case is its contract's ({@link FamilyContract#nonUtf8Name}); this class holds what
 * they share (the pair of names, the outcomes the contract allows) and runs them.
 *
 * <p>A file named by the bytes {@code caf\xe9} prints, on Linux with a UTF-8 {@code
 * sun.jnu.encoding}, as {@code "caf\uFFFD"}, and so does the file {@code caf\xef\xbf\xbd} (the
 * UTF-8 of U+FFFD), its <em>twin</em>. NIO's {@code Path} of the first holds its bytes and
 * addresses it; a backend that goes through the string addresses the twin. Each case makes both,
 * with different contents (or kinds), passes NIO's own path of the first, and accepts one of two
 * outcomes: the call acted on that file (checked by content, inode, mode, time or existence), or it
 * refused with a {@link FileSystemException} naming the path whose reason says the name is not
 * valid UTF-8. In both the twin must be untouched. Where acting on the twin would pass unnoticed (a
 * call that only reads), the first is left missing so that the twin's presence gives the wrong
 * answer away.
 *
 * <p>Only the default filesystem has such names (another filesystem's paths are strings): elsewhere
 * the container holds one aborted test saying so. The names are made with {@code Files} through a
 * {@code file:} URI, which is how NIO builds a path from bytes ({@code %E9}); a kit self-check
 * asserts the two paths print alike and differ.
 *
 * <p>{@link Sandbox#manifest} keys entries by their printed names, under which the two collide, so
 * these cases read each file through its own path instead.
 */
final class NonUtf8Names {
  private NonUtf8Names() {}

  static final byte[] LATIN = "named caf\\xe9\n".getBytes(StandardCharsets.UTF_8);
  static final byte[] TWIN =
      "named caf\\xef\\xbf\\xbd, its twin\n".getBytes(StandardCharsets.UTF_8);
  static final byte[] OTHER = "a third content\n".getBytes(StandardCharsets.UTF_8);

  /** One family's case. */
  record NameCase(Op op, Case c) {
    String label() {
      return op.family() + ": " + c.name();
    }
  }

  static DynamicNode container(BackendContract contract) {
    Env env = contract.env();
    if (!env.isDefaultFileSystem()) {
      return DynamicContainer.dynamicContainer(
          "non-UTF-8 names",
          List.of(
              DynamicTest.dynamicTest(
                  "not run: only the default filesystem has names that are bytes",
                  () ->
                      Assumptions.abort(
                          "paths of "
                              + env.fileSystem().provider().getScheme()
                              + " are strings"))));
    }
    List<DynamicNode> tests = new ArrayList<>();
    for (NameCase nc : all()) {
      for (Calls.Mode mode : Calls.Mode.values()) {
        String label = nc.label() + (mode == Calls.Mode.ASYNC ? " [async]" : "");
        tests.add(DynamicTest.dynamicTest(label, () -> run(contract, nc, mode)));
      }
    }
    return DynamicContainer.dynamicContainer("non-UTF-8 names", tests);
  }

  private static void run(BackendContract contract, NameCase nc, Calls.Mode mode) throws Exception {
    Env env = contract.env();
    Set<Capability> lacking =
        nc.c().needs().stream().filter(n -> !env.has(n)).collect(Collectors.toSet());
    Assumptions.assumeTrue(lacking.isEmpty(), () -> "not applicable: the backend lacks " + lacking);
    try (Sandbox sandbox = Sandbox.create(env, new Calls(contract.backend(), mode))) {
      nc.c().body().run(sandbox);
    } catch (AssertionError e) {
      AssertionError named =
          new AssertionError("[" + nc.label() + ", " + mode + "] " + e.getMessage(), e.getCause());
      named.setStackTrace(e.getStackTrace());
      throw named;
    }
  }

  // ------------------------------------------------------------------------------------------------ fixtures

  /**
   * The path of the name {@code caf\xe9} (bytes) in {@code dir}, built from bytes as NIO builds it.
   */
  static Path latin(Path dir) {
    return latin(dir, "");
  }

  /** The path of {@code caf\xe9} followed by the ASCII {@code suffix} in {@code dir}. */
  static Path latin(Path dir, String suffix) {
    String base = dir.toAbsolutePath().toUri().toString();
    return Path.of(URI.create((base.endsWith("/") ? base : base + "/") + "caf%E9" + suffix));
  }

  /** The path of {@code caf\xef\xbf\xbd} in {@code dir}, which prints as {@link #latin} does. */
  static Path twin(Path dir) {
    Path twin;
    try {
      twin = dir.resolve("caf\uFFFD");
    } catch (InvalidPathException e) {
      Assumptions.abort(
          "sun.jnu.encoding " + System.getProperty("sun.jnu.encoding") + " cannot name U+FFFD");
      throw e;
    }
    Path latin = latin(dir);
    assertEquals(twin.toString(), latin.toString(), "kit self-check: the two names print alike");
    assertFalse(twin.equals(latin), "kit self-check: the two paths differ (by their bytes)");
    return twin;
  }

  /**
   * A directory holding the file {@code caf\xe9} (LATIN) and its twin (TWIN), or without the first.
   */
  record Pair(Path dir, Path latin, Path twin) {
    static Pair files(Sandbox s, boolean withLatin) throws IOException {
      return files(s, "names", withLatin);
    }

    static Pair files(Sandbox s, String at, boolean withLatin) throws IOException {
      Path dir = Fixtures.emptyDir(s.path(at));
      Path twin = Files.write(NonUtf8Names.twin(dir), TWIN);
      Path latin = NonUtf8Names.latin(dir);
      if (withLatin) {
        Files.write(latin, LATIN);
      }
      return new Pair(dir, latin, twin);
    }

    /**
     * Both as directories, each with one file: {@code a} (LATIN) in the first, {@code b} (TWIN) in
     * the twin.
     */
    static Pair directories(Sandbox s, boolean withLatin) throws IOException {
      return directories(s, "names", withLatin);
    }

    static Pair directories(Sandbox s, String at, boolean withLatin) throws IOException {
      Path dir = Fixtures.emptyDir(s.path(at));
      Path twin = Files.createDirectory(NonUtf8Names.twin(dir));
      Files.write(twin.resolve("b"), TWIN);
      Path latin = NonUtf8Names.latin(dir);
      if (withLatin) {
        Files.createDirectory(latin);
        Files.write(latin.resolve("a"), LATIN);
      }
      return new Pair(dir, latin, twin);
    }

    void twinFileUntouched() throws IOException {
      assertTrue(
          Files.isRegularFile(twin, LinkOption.NOFOLLOW_LINKS),
          "the twin caf\\xef\\xbf\\xbd is still a file");
      assertArrayEquals(TWIN, Files.readAllBytes(twin), "the twin caf\\xef\\xbf\\xbd is untouched");
    }

    void twinDirectoryUntouched() throws IOException {
      try (Stream<Path> entries = Files.list(twin)) {
        assertEquals(
            List.of(twin.resolve("b")),
            entries.collect(Collectors.toList()),
            "the twin directory's entries");
      }
      assertArrayEquals(TWIN, Files.readAllBytes(twin.resolve("b")), "the twin directory's file");
    }

    void latinFile(byte[] expected) throws IOException {
      assertArrayEquals(expected, Files.readAllBytes(latin), "the content of caf\\xe9");
    }
  }

  /** A call that reads a file's metadata: stat or lstat. */
  interface StatCall {
    FileStat on(Calls fs, Path path) throws Exception;
  }

  /**
   * stat's and lstat's case: the call on caf\xe9 reports that file's size and inode (or refuses as
   * {@link #acted} allows), and its twin is left alone.
   */
  static Case reportsTheLatinFile(StatCall call) {
    return Case.result(
        "reports caf\\xe9, not its twin",
        s -> {
          Pair p = Pair.files(s, true);
          FileStat[] stat = new FileStat[1];
          if (acted(p.latin(), () -> stat[0] = call.on(s.fs(), p.latin()))) {
            assertEquals(LATIN.length, stat[0].size(), "size");
            if (s.env().hasUnixView()) {
              assertEquals(ino(p.latin()), stat[0].ino(), "ino");
            }
          }
          p.twinFileUntouched();
        });
  }

  // ------------------------------------------------------------------------------------------------ outcomes

  /**
   * Runs {@code call}: true if it returned, false if it refused as the contract allows (a {@link
   * FileSystemException} of exactly that class naming {@code named}, its reason saying "not valid
   * UTF-8"). Any other failure fails the case.
   */
  static boolean acted(Path named, Failure.Action call) {
    try {
      call.run();
      return true;
    } catch (AssertionError e) {
      throw e;
    } catch (Throwable t) {
      assertRefusal(named, t);
      return false;
    }
  }

  /** As {@link #acted} for a call whose right answer is {@code expected} naming {@code named}. */
  static void failsOrRefuses(
      Class<? extends FileSystemException> expected, Path named, Failure.Action call) {
    Throwable thrown;
    try {
      call.run();
      throw new AssertionError(
          "expected "
              + expected.getSimpleName()
              + " for the missing caf\\xe9, or a refusal, but "
              + "the call succeeded: it acted on its twin caf\\xef\\xbf\\xbd");
    } catch (AssertionError e) {
      throw e;
    } catch (Throwable t) {
      thrown = t;
    }
    if (thrown.getClass() == expected) {
      assertEquals(
          named.toString(),
          ((FileSystemException) thrown).getFile(),
          "getFile() of " + Failure.describe(thrown));
      return;
    }
    assertRefusal(named, thrown);
  }

  private static void assertRefusal(Path named, Throwable t) {
    boolean refusal =
        t.getClass() == FileSystemException.class
            && named.toString().equals(((FileSystemException) t).getFile())
            && String.valueOf(((FileSystemException) t).getReason()).contains("not valid UTF-8");
    if (!refusal) {
      AssertionError e =
          new AssertionError(
              "expected the call to act on caf\\xe9 or to refuse it (FileSystemException"
                  + " naming it, reason \"... not valid UTF-8 ...\"), but it threw "
                  + Failure.describe(t));
      e.addSuppressed(t);
      throw e;
    }
  }

  static long ino(Path path) throws IOException {
    return Oracle.unix(path, "ino", Oracle.NOFOLLOW);
  }

  // ------------------------------------------------------------------------------------------------ the cases

  /** Every family's case, as its contract gives it ({@link FamilyContract#nonUtf8Name}). */
  static List<NameCase> all() {
    return Families.ALL.stream()
        .map(family -> new NameCase(family.op(), family.nonUtf8Name()))
        .collect(Collectors.toList());
  }
}
