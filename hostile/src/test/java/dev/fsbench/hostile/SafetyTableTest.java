package dev.fsbench.hostile;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The safety table: {@link SwapRaces} against every backend's rm and cp, {@value #DEFAULT_TRIES}
 * tries each (more with {@code -Dfsbench.races=N}), each backend in a child JVM ({@link
 * RaceChild}). Writes {@code target/safety-table.md}.
 *
 * <p>What it asserts: every child ends cleanly and runs every try, no backend throws anything but
 * an {@code IOException}, and the backends that walk by directory handles leave the victim
 * untouched: nio's, native's and native-ffm's rm and cp, routed's (native's in the suite's routes),
 * guava's rm ({@code MoreFiles.deleteRecursively} over {@code SecureDirectoryStream}) and the cp of
 * the peers whose cp is nio's ({@link #MUST_LEAVE_VICTIM}). commons-io's rm and cp run Commons IO's
 * own path walks, which follow the swap (a declared deviation, backend-commonsio/README.md), and
 * java-io's rm walks by path over {@code java.io.File}, which follows it too (declared,
 * backend-java-io/README.md): they are printed with their counts, not asserted.
 */
class SafetyTableTest {
  static final int DEFAULT_TRIES = 200;
  static final int TRIES = Integer.getInteger("fsbench.races", DEFAULT_TRIES);

  /** {@code backend operation} pairs that must never touch the victim. */
  static final Set<String> MUST_LEAVE_VICTIM =
      Set.of(
          "nio rm",
          "nio cp",
          "native rm",
          "native cp",
          "native-ffm rm",
          "native-ffm cp",
          // routed's rm and cp are native's in the suite's routes
          "routed rm",
          "routed cp",
          "guava rm",
          // the peers' cp is nio's
          "guava cp",
          "java-io cp");

  /**
   * The backends whose rm or cp is their own: a backend whose both are NIO fallbacks (jnr-posix)
   * runs nio's walks, whose row is already in the table. An unavailable backend stays, so that its
   * case reports it.
   */
  static List<String> backends() {
    return Sandbox.BACKENDS.stream().filter(SafetyTableTest::walksOnItsOwn).toList();
  }

  private static boolean walksOnItsOwn(String backend) {
    try (FsBackend fs = Backends.create(backend, BackendConfig.DEFAULT)) {
      return !fs.route(Op.RM).isFallback() || !fs.route(Op.CP).isFallback();
    } catch (IllegalStateException unavailable) {
      return true;
    }
  }

  private static Path root;
  private static final Map<String, String[]> rows = new LinkedHashMap<>();

  @BeforeAll
  static void sandbox() throws Exception {
    root = Sandbox.create("fsbench-races-");
  }

  @AfterAll
  static void table() throws Exception {
    try {
      StringBuilder md = new StringBuilder("# Safety table: symlink-swap races\n\n");
      md.append(
          "While rm or cp walks a tree, another thread swaps the tree's directories for symbolic"
              + " links to a victim directory outside it, again and again (`hostile/README.md`)."
              + " Tries per backend and operation: "
              + TRIES
              + ". A failed try (the operation threw) is allowed; touching the victim is not.\n\n");
      md.append(
          "| backend | operation | tries | victim files deleted | victim entries written | tries"
              + " that touched the victim | failed tries (by exception) |\n");
      md.append("|---|---|---:|---:|---:|---:|---|\n");
      for (String[] r : rows.values()) {
        md.append("| ").append(String.join(" | ", r)).append(" |\n");
      }
      Files.writeString(Sandbox.reports().resolve("safety-table.md"), md, StandardCharsets.UTF_8);
      System.out.println(md);
    } finally {
      Tools.removeTree(root);
    }
  }

  @ParameterizedTest(name = "{0}: rm and cp, directories swapped for links to a victim")
  @MethodSource("backends")
  void symlinkSwapRaces(String backend) throws Exception {
    Path dir = Files.createDirectory(root.resolve(backend));
    Path out = Files.createDirectory(root.resolve(backend + ".out"));
    Path results = out.resolve("results.txt");
    ChildJvm.Run run =
        ChildJvm.run(
            RaceChild.class,
            List.of(backend, dir.toString(), Integer.toString(TRIES), results.toString()),
            dir,
            results,
            out,
            600,
            false);
    if (run.lines().stream().anyMatch(l -> l.startsWith("unavailable\t"))) {
      if (Sandbox.mayBeUnavailable(backend)) {
        Assumptions.abort(backend + " is unavailable in this build (-Dnative.skip=true)");
      }
      throw new AssertionError(backend + " is unavailable");
    }
    assertTrue(run.clean(), () -> "the race child " + run.describe() + "\n" + run.stderrTail());
    List<Runnable> checks = new ArrayList<>();
    List<String> ops = new ArrayList<>();
    for (String line : run.lines()) {
      if (!line.startsWith("race\t")) {
        continue;
      }
      String[] f = line.split("\t", -1);
      String op = f[2];
      int tries = Integer.parseInt(f[3]);
      int deleted = Integer.parseInt(f[4]);
      int written = Integer.parseInt(f[5]);
      String unexpected = Outcome.dec(f[9]);
      ops.add(op);
      rows.put(
          backend + " " + op,
          new String[] {
            backend,
            op,
            f[3],
            f[4],
            f[5],
            f[6],
            f[7]
                + " "
                + Outcome.dec(f[8])
                + (unexpected.isEmpty() ? "" : "; unexpected: " + unexpected)
          });
      checks.add(() -> assertEquals(TRIES, tries, backend + " " + op + ": tries run"));
      checks.add(
          () ->
              assertEquals(
                  "", unexpected, backend + " " + op + ": throwables that are not IOExceptions"));
      if (MUST_LEAVE_VICTIM.contains(backend + " " + op)) {
        checks.add(
            () ->
                assertEquals(
                    "0 deleted, 0 written",
                    deleted + " deleted, " + written + " written",
                    backend + " " + op + " touched the victim"));
      }
    }
    assertEquals(List.of("rm", "cp"), ops, "the child reported both operations");
    assertAll(checks.stream().map(c -> (org.junit.jupiter.api.function.Executable) c::run));
  }
}
