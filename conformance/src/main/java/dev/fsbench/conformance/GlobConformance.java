package dev.fsbench.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.GlobOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.function.Executable;

/**
 * Every row of {@code conformance/glob.tsv} as a JUnit test of one backend's {@link
 * FsBackend#glob}, at concurrency 1 and 4.
 *
 * <pre>{@code
 * @TestFactory
 * Stream<DynamicTest> globTable(@TempDir Path scratch) throws IOException {
 *   return GlobConformance.tests(backend, scratch);           // nio, native: EXPECTED
 *   // return GlobConformance.tests(backend, scratch, "ant"); // a peer: its own column
 * }
 * }</pre>
 *
 * A malformed pattern is also tried against a missing directory: it must be refused before any I/O,
 * so still as {@link IllegalArgumentException}. A peer ({@link GlobTable#PEERS}) runs every row
 * too: where its column says {@code same}, against EXPECTED; where it names a {@link
 * PeerDeviation}, against what that deviation declares, and the row must show it (the declared
 * result differs from EXPECTED, or the refusal's message names the deviation).
 */
public final class GlobConformance {
  private GlobConformance() {}

  /** The table's tests, its fixtures built under {@code scratch} (which the caller removes). */
  public static Stream<DynamicTest> tests(FsBackend fs, Path scratch) throws IOException {
    return tests(fs, scratch, null);
  }

  /**
   * The table's tests for {@code peer}, one of {@link GlobTable#PEERS}, each row against the peer's
   * column; {@code null} for EXPECTED.
   */
  public static Stream<DynamicTest> tests(FsBackend fs, Path scratch, String peer)
      throws IOException {
    if (peer != null && !GlobTable.PEERS.contains(peer)) {
      throw new IllegalArgumentException("no column for peer '" + peer + "'");
    }
    GlobTable table = GlobTable.load();
    Map<String, Path> roots = new HashMap<>();
    for (GlobTable.Tree tree : table.trees().values()) {
      Path root = Files.createDirectory(scratch.resolve("tree-" + roots.size()));
      tree.create(root);
      roots.put(tree.name(), root);
    }
    return table.rows().stream()
        .flatMap(
            row ->
                Stream.of(1, 4)
                    .map(
                        concurrency ->
                            DynamicTest.dynamicTest(
                                row.describe() + " (concurrency " + concurrency + ")",
                                check(
                                    fs,
                                    row,
                                    row.cwdIn(roots.get(row.tree())),
                                    concurrency,
                                    peer == null ? "same" : row.peers().get(peer)))));
  }

  private static Executable check(
      FsBackend fs, GlobTable.Row row, Path cwd, int concurrency, String column) {
    if (column.equals("same")) {
      return check(fs, row, cwd, concurrency);
    }
    PeerDeviation deviation = PeerDeviation.of(column);
    GlobOptions options = new GlobOptions(row.includeDirectories(), row.dot(), concurrency);
    String declared = row.describe() + ", declared '" + deviation.id() + "'";
    return () -> {
      if (deviation.refused()) {
        IllegalArgumentException refusal =
            assertThrows(
                IllegalArgumentException.class, () -> fs.glob(cwd, row.patterns(), options));
        assertTrue(
            refusal.getMessage().contains("'" + deviation.id() + "'"),
            declared + ": the refusal names it: " + refusal.getMessage());
        assertThrows(
            IllegalArgumentException.class,
            () -> fs.glob(cwd.resolve("no-such-directory"), row.patterns(), options),
            declared + ": refused before any I/O");
        return;
      }
      Set<String> expected =
          deviation.result().orElseGet(() -> withoutDeadLinks(cwd, row.expected()));
      assertNotEquals(
          new TreeSet<>(row.expected()), new TreeSet<>(expected), declared + " shows on this row");
      List<String> got = fs.glob(cwd, row.patterns(), options);
      assertEquals(new TreeSet<>(got).size(), got.size(), "no duplicates: " + got);
      assertEquals(new TreeSet<>(expected), new TreeSet<>(got), declared);
    };
  }

  /** {@code expected} without the links to nothing (dangling, or a loop) among its paths. */
  private static Set<String> withoutDeadLinks(Path cwd, Set<String> expected) {
    Set<String> out = new TreeSet<>();
    for (String path : expected) {
      Path entry = cwd.resolve(path);
      if (!Files.isSymbolicLink(entry) || Files.exists(entry)) {
        out.add(path);
      }
    }
    return out;
  }

  private static Executable check(FsBackend fs, GlobTable.Row row, Path cwd, int concurrency) {
    GlobOptions options = new GlobOptions(row.includeDirectories(), row.dot(), concurrency);
    return () -> {
      if (row.error().isEmpty()) {
        List<String> got = fs.glob(cwd, row.patterns(), options);
        assertEquals(new TreeSet<>(got).size(), got.size(), "no duplicates: " + got);
        assertEquals(new TreeSet<>(row.expected()), new TreeSet<>(got), row.describe());
        return;
      }
      switch (row.error().get()) {
        case "malformed" -> {
          assertThrows(IllegalArgumentException.class, () -> fs.glob(cwd, row.patterns(), options));
          Path missing = cwd.resolve("no-such-directory");
          assertThrows(
              IllegalArgumentException.class,
              () -> fs.glob(missing, row.patterns(), options),
              "refused before any I/O");
        }
        case "nosuchfile" ->
            assertThrows(NoSuchFileException.class, () -> fs.glob(cwd, row.patterns(), options));
        case "notdir" ->
            assertThrows(NotDirectoryException.class, () -> fs.glob(cwd, row.patterns(), options));
        default -> throw new AssertionError("unknown error kind in " + row.describe());
      }
    };
  }
}
