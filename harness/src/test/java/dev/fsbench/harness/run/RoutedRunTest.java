package dev.fsbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.cli.Fsbench;
import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.Environment;
import dev.fsbench.harness.results.RunJson;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.results.SchemaCheck;
import dev.fsbench.harness.results.TestRuns;
import dev.fsbench.harness.workload.Tmpfs;
import dev.fsbench.spi.Route;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fsbench run --routes}: the routes reach the forks, where routed sends stat to the backend
 * they chose, and run.json records the file, its checksum and the route of every cell. One case,
 * two cells of one short fork each: a check of the plumbing, not a measurement.
 */
class RoutedRunTest {
  @TempDir(factory = Tmpfs.class)
  Path dir;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int fsbench(String... args) {
    return Fsbench.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
  }

  /** Routes from a run in which native's stat beat nio's. */
  private Path routes() throws IOException {
    Path run = Files.createDirectory(dir.resolve("2026-12-05-linux-amd64-tmpfs"));
    RunJson.write(
        TestRuns.complete(
            List.of(
                TestRuns.cell(
                    "stat",
                    "single",
                    "default",
                    Mode.SYNC,
                    "nio",
                    0,
                    Route.own("Files"),
                    1,
                    0,
                    TestRuns.around(10_000)),
                TestRuns.cell(
                    "stat",
                    "single",
                    "default",
                    Mode.SYNC,
                    "native",
                    0,
                    Route.own("fsb_stat"),
                    1,
                    0,
                    TestRuns.around(5_000)))),
        run.resolve(RunJson.FILE_NAME));
    Path routes = dir.resolve("routes.json");
    assertEquals(
        0, fsbench("recommend", run.toString(), "--out", routes.toString()), err.toString());
    assertTrue(out.toString().contains("\n| stat | native | 2.00x"), out.toString());
    return routes;
  }

  @Test
  void theForksRunRoutedWithTheRoutesGivenAndRunJsonRecordsThem() throws IOException {
    Path routes = routes();
    Path root = Files.createDirectory(dir.resolve("root"));
    Path folder = dir.resolve("out");
    int exit =
        fsbench(
            "run",
            "--routes",
            routes.toString(),
            "--backends",
            "nio,routed",
            "--families",
            "stat",
            "--cases",
            "single",
            "--modes",
            "sync",
            "--warmups",
            "1",
            "--samples",
            "3",
            "--forks",
            "1",
            "--controls",
            "none",
            "--floor",
            "none",
            "--root",
            root.toString(),
            "--out",
            folder.toString());
    assertEquals(0, exit, out + "\n" + err);
    assertEquals(List.of(), SchemaCheck.errors(folder.resolve(RunJson.FILE_NAME)));
    RunRecord run = RunJson.read(folder);
    assertEquals(RunRecord.Status.COMPLETE, run.status());
    assertEquals(routes.toAbsolutePath().toString(), run.settings().routes());
    assertTrue(
        run.settings().forkJvmArgs().contains("-Dfsbench.routes=" + routes.toAbsolutePath()),
        run.settings().forkJvmArgs()::toString);
    Environment.BackendInfo routed =
        run.environment().backends().stream()
            .filter(b -> b.id().equals("routed"))
            .findFirst()
            .orElseThrow();
    assertTrue(routed.available(), routed::toString);
    assertEquals("native", routed.details().get("route.stat"));
    assertEquals(64, routed.details().get("routes.sha256").length());
    for (CaseRecord c : run.cases()) {
      CaseRecord.BackendResult r = c.results().get("routed");
      assertEquals(CaseRecord.RouteRecord.Kind.OWN, r.route().kind());
      assertTrue(r.route().via().startsWith("native: "), r.route()::toString);
      assertEquals(3, r.forks().get(0).measured());
    }
  }
}
