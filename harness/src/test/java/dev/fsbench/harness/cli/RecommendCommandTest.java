package dev.fsbench.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.fsbench.harness.results.RunJson;
import dev.fsbench.harness.results.TestRuns;
import dev.fsbench.harness.run.RoutesSetting;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fsbench recommend} and the routes it writes, read back by the routed backend itself (found
 * through ServiceLoader, as the forks find it), and {@code --routes} for the commands that create
 * backends.
 */
class RecommendCommandTest {
  @TempDir Path dir;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int fsbench(String... args) {
    return Fsbench.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
  }

  /** A run folder of {@link TestRuns#twoFamilies()}: native beats nio on readFile async. */
  private Path run() throws IOException {
    Path folder = Files.createDirectory(dir.resolve("2026-11-30-linux-amd64-tmpfs"));
    RunJson.write(TestRuns.complete(TestRuns.twoFamilies()), folder.resolve(RunJson.FILE_NAME));
    return folder;
  }

  @Test
  void printsTheTableAndWritesRoutesThatRoutedReads() throws IOException {
    Path routes = dir.resolve("routes.json");
    assertEquals(
        0,
        fsbench("recommend", run().toString(), "--mode", "async", "--out", routes.toString()),
        err.toString());
    String table = out.toString();
    assertTrue(
        table.startsWith(
            "Routes from 2026-11-30-linux-amd64-tmpfs, steady regime, async mode: commit 0123456,"
                + " JDK 17.0.15 (Test Vendor), Test CPU @ 3.0GHz x2, Linux 6.1.0-test, sandbox on"
                + " tmpfs.\n"),
        table);
    assertTrue(table.contains("\n| readFile | native | 2.00x | ["), table);
    assertTrue(table.contains("| batch-256 buffer 2.00x faster | nio |\n"), table);
    assertTrue(table.contains("\n| stat | nio | | | no candidate: "), table);
    assertTrue(table.endsWith("wrote " + routes + "\n"), table);

    JsonNode doc = RunJson.mapper().readTree(routes.toFile());
    assertEquals("fsbench-routes-1", doc.get("format").asText());
    JsonNode source = doc.get("source");
    assertEquals("2026-11-30-linux-amd64-tmpfs", source.get("run").asText());
    assertEquals(17, source.get("jdk").get("major").asInt());
    assertEquals("tmpfs", source.get("fileSystemType").asText());
    assertEquals("async", source.get("mode").asText());
    assertEquals("steady", source.get("regime").asText());
    List<String> families = new ArrayList<>();
    doc.get("families").fieldNames().forEachRemaining(families::add);
    assertEquals(Arrays.stream(Op.values()).map(Op::family).toList(), families);
    assertEquals("native", doc.get("families").get("readFile").get("backend").asText());
    assertEquals("nio", doc.get("families").get("stat").get("backend").asText());

    try (TemporaryProperty p = TemporaryProperty.set(RoutesSetting.FILE, routes.toString());
        FsBackend routed = Backends.create("routed", BackendConfig.DEFAULT)) {
      assertTrue(
          routed.route(Op.READ_FILE).via().startsWith("native: "),
          routed.route(Op.READ_FILE)::toString);
      assertTrue(routed.route(Op.STAT).isFallback(), routed.route(Op.STAT)::toString);
    }
  }

  @Test
  void theRegimeIsCheckedAndAMissingRunIsAClearError() throws IOException {
    assertEquals(2, fsbench("recommend", run().toString(), "--regime", "warm"));
    assertTrue(
        err.toString().contains("no regime 'warm'; regimes: first-use, steady"), err.toString());
    assertEquals(2, fsbench("recommend", dir.resolve("nowhere").toString()));
    assertTrue(err.toString().contains("no run.json there"), err.toString());
  }

  @Test
  void routesMakeRoutedAvailableForOneCommandOnly() throws IOException {
    Path routes = dir.resolve("routes.json");
    assertEquals(0, fsbench("recommend", run().toString(), "--out", routes.toString()));
    out.getBuffer().setLength(0);
    assertEquals(0, fsbench("--routes", routes.toString(), "backends"), err.toString());
    assertTrue(out.toString().contains("\nrouted  available"), out.toString());
    assertTrue(out.toString().contains("routes.file=" + routes), out.toString());
    assertFalse(
        System.getProperties().containsKey(RoutesSetting.FILE), "put back after the command");
    out.getBuffer().setLength(0);
    assertEquals(0, fsbench("backends"));
    assertTrue(out.toString().contains("\nrouted  UNAVAILABLE: no routes: "), out.toString());
  }

  @Test
  void aDryRunPlansRoutedBesideItsBackendsWithTheRoutesGiven() throws IOException {
    Path routes = dir.resolve("routes.json");
    assertEquals(0, fsbench("recommend", run().toString(), "--out", routes.toString()));
    Path root = Files.createDirectory(dir.resolve("root"));
    out.getBuffer().setLength(0);
    int exit =
        fsbench(
            "run",
            "--dry-run",
            "--backends",
            "nio,routed",
            "--target",
            "routed",
            "--routes",
            routes.toString(),
            "--families",
            "stat",
            "--cases",
            "single",
            "--root",
            root.toString());
    assertEquals(0, exit, err.toString());
    assertTrue(out.toString().contains("stat/single/default/sync/routed\n"), out.toString());
    out.getBuffer().setLength(0);
    assertEquals(
        2,
        fsbench(
            "run",
            "--dry-run",
            "--backends",
            "nio,routed",
            "--families",
            "stat",
            "--root",
            root.toString()));
    assertTrue(
        err.toString().contains("backend 'routed' is unavailable here: no routes: "),
        err.toString());
  }
}
