package dev.fsbench.harness.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunJsonTest {
  @TempDir Path dir;

  @Test
  void writtenRunValidatesAgainstTheSchemaAndReadsBackEqual() throws IOException {
    RunRecord run = TestRuns.complete(TestRuns.twoFamilies());
    Path file = dir.resolve(RunJson.FILE_NAME);
    RunJson.write(run, file);
    assertEquals(List.of(), SchemaCheck.errors(file));
    assertEquals(run, RunJson.read(dir));
  }

  /**
   * Runs written before the optional fields of version 2 existed (the committed baseline among
   * them) validate and read as what they are: no outside jar, no recorded target, no profiler.
   */
  @Test
  void aVersion2RunWithoutTheLaterOptionalFieldsStillValidatesAndReads() throws IOException {
    RunRecord run = withProfilerMetric(TestRuns.complete(TestRuns.twoFamilies()));
    Path file = dir.resolve(RunJson.FILE_NAME);
    RunJson.write(run, file);
    ObjectNode tree = (ObjectNode) RunJson.mapper().readTree(file.toFile());
    ((ObjectNode) tree.get("environment")).remove("outsideJars");
    ((ObjectNode) tree.get("settings")).remove(List.of("target", "profilers"));
    for (JsonNode c : tree.get("cases")) {
      c.get("results").forEach(r -> ((ObjectNode) r).remove("secondaryMetrics"));
    }
    RunJson.mapper().writeValue(file.toFile(), tree);
    assertEquals(List.of(), SchemaCheck.errors(file));
    RunRecord read = RunJson.read(file);
    assertEquals(List.of(), read.environment().outsideJars());
    assertEquals(null, read.settings().target());
    assertEquals(List.of(), read.settings().profilers());
    assertTrue(
        read.cases().stream()
            .flatMap(c -> c.results().values().stream())
            .allMatch(r -> r.secondaryMetrics().isEmpty()));
    assertEquals(run.cases().size(), read.cases().size());
  }

  @Test
  void outsideJarsTargetAndProfilerMetricsRoundTripAndValidate() throws IOException {
    RunRecord run = withProfilerMetric(TestRuns.complete(TestRuns.twoFamilies()));
    Path file = dir.resolve(RunJson.FILE_NAME);
    RunJson.write(run, file);
    assertEquals(List.of(), SchemaCheck.errors(file));
    assertEquals(run, RunJson.read(file));
    CaseRecord.SecondaryMetric alloc =
        RunJson.read(file)
            .cases()
            .get(0)
            .results()
            .get("nio")
            .secondaryMetrics()
            .get("gc.alloc.rate.norm");
    assertEquals(1536.0, alloc.median(), "the median of the fork scores");
  }

  /** The run with one outside jar, a profiler and its metric on every nio result, 3 forks. */
  private static RunRecord withProfilerMetric(RunRecord run) {
    Environment e = run.environment();
    Environment environment =
        new Environment(
            e.jdk(),
            e.os(),
            e.cpu(),
            e.memoryBytes(),
            e.sandbox(),
            e.git(),
            e.dependencies(),
            e.backends(),
            List.of(
                new Environment.OutsideJar(
                    "mine.jar", "/tmp/mine.jar", 1234, "ab".repeat(32), List.of("mine"))),
            e.floors());
    RunRecord.Settings s = run.settings();
    RunRecord.Settings settings =
        new RunRecord.Settings(
            s.warmups(),
            s.samples(),
            s.samplesPerFork(),
            s.forks(),
            s.families(),
            s.backends(),
            s.cases(),
            s.modes(),
            s.quick(),
            s.large(),
            s.root(),
            s.label(),
            s.forkJvmArgs(),
            s.method(),
            s.jvm(),
            "native",
            List.of("gc"),
            s.floors());
    CaseRecord.SecondaryMetric alloc =
        new CaseRecord.SecondaryMetric(
            "B/op",
            1536.0,
            List.of(
                new CaseRecord.ForkScore(0, 1024.0),
                new CaseRecord.ForkScore(1, 1536.0),
                new CaseRecord.ForkScore(2, 4096.0)));
    List<CaseRecord> cases = new java.util.ArrayList<>();
    for (CaseRecord c : run.cases()) {
      java.util.Map<String, CaseRecord.BackendResult> results = new java.util.LinkedHashMap<>();
      c.results()
          .forEach(
              (label, r) ->
                  results.put(
                      label,
                      new CaseRecord.BackendResult(
                          r.cell(),
                          r.backend(),
                          r.concurrency(),
                          r.control(),
                          r.route(),
                          r.samples(),
                          r.forks(),
                          r.regimes(),
                          r.cpuClock(),
                          r.runNanos(),
                          label.equals("nio")
                              ? java.util.Map.of("gc.alloc.rate.norm", alloc)
                              : java.util.Map.of(),
                          r.timing())));
      cases.add(
          new CaseRecord(
              c.family(),
              c.scenario(),
              c.variant(),
              c.caseLabel(),
              c.mode(),
              c.operations(),
              c.logicalBytes(),
              results));
    }
    return new RunRecord(
        run.schemaVersion(),
        run.status(),
        run.complete(),
        run.failure(),
        run.startedAt(),
        run.finishedAt(),
        environment,
        settings,
        cases,
        run.verdicts(),
        run.omitted());
  }

  @Test
  void aRunWithFloorsValidatesAndReadsBackEqual() throws IOException {
    RunRecord run = TestRuns.completeWithFloors();
    Path file = dir.resolve(RunJson.FILE_NAME);
    RunJson.write(run, file);
    assertEquals(List.of(), SchemaCheck.errors(file));
    assertEquals(run, RunJson.read(dir));
    JsonNode tree = RunJson.mapper().readTree(file.toFile());
    JsonNode floor = tree.at("/cases/0/results/floor");
    assertEquals("native-loop", floor.get("timing").asText());
    assertTrue(floor.at("/regimes/steady/vsNio").isNull());
    assertEquals(
        2.4, tree.at("/cases/0/results/nio/regimes/steady/vsFloor/floor/ratio").asDouble(), 0.01);
    assertEquals("representative", tree.at("/settings/method/floorCases").asText());
  }

  @Test
  void aRunWithoutFloorsHasNoneOfTheOptionalFields() throws IOException {
    Path file = dir.resolve(RunJson.FILE_NAME);
    RunJson.write(TestRuns.complete(TestRuns.twoFamilies()), file);
    String text = Files.readString(file);
    for (String field : List.of("\"floors\"", "\"floorCases\"", "\"timing\"", "\"vsFloor\"")) {
      assertTrue(!text.contains(field), field + " is written only when it holds something");
    }
  }

  @Test
  void aFloorComparedWithNioBreaksTheSchema() throws IOException {
    RunJson.write(TestRuns.completeWithFloors(), dir.resolve(RunJson.FILE_NAME));
    ObjectNode tree =
        (ObjectNode) RunJson.mapper().readTree(dir.resolve(RunJson.FILE_NAME).toFile());
    ObjectNode nativeVsNio = (ObjectNode) tree.at("/cases/0/results/native/regimes/steady/vsNio");
    ((ObjectNode) tree.at("/cases/0/results/floor/regimes/steady")).set("vsNio", nativeVsNio);
    Path bad = dir.resolve("bad.json");
    RunJson.mapper().writeValue(bad.toFile(), tree);
    assertTrue(!SchemaCheck.errors(bad).isEmpty());
  }

  @Test
  void failedRunWithItsFailureValidates() throws IOException {
    RunRecord run =
        new RunRecord(
            RunRecord.SCHEMA_VERSION,
            RunRecord.Status.FAILED,
            false,
            new RunRecord.Failure(
                "writeFile/single/buffer/sync/broken",
                "broken",
                "writeFile",
                "single buffer",
                "sync",
                "bytes differ"),
            "2026-11-30T01:00:00Z",
            "2026-11-30T01:00:01Z",
            TestRuns.environment("ext4"),
            TestRuns.settings(),
            List.of(),
            RunRecord.VerdictSummary.of(List.of()),
            List.of());
    Path file = dir.resolve(RunJson.FILE_NAME);
    RunJson.write(run, file);
    assertEquals(List.of(), SchemaCheck.errors(file));
    assertEquals(run, RunJson.read(file));
  }

  @Test
  void schemaRejectsWhatTheModelWouldNotWrite() throws IOException {
    RunJson.write(TestRuns.complete(TestRuns.twoFamilies()), dir.resolve(RunJson.FILE_NAME));
    ObjectNode tree =
        (ObjectNode) RunJson.mapper().readTree(dir.resolve(RunJson.FILE_NAME).toFile());
    tree.put("complete", false); // contradicts status "complete"
    Path bad = dir.resolve("bad.json");
    RunJson.mapper().writeValue(bad.toFile(), tree);
    assertTrue(!SchemaCheck.errors(bad).isEmpty());
  }

  @Test
  void fieldsKeepTheirDocumentedNamesAndUnits() throws IOException {
    RunJson.write(TestRuns.complete(TestRuns.twoFamilies()), dir.resolve(RunJson.FILE_NAME));
    JsonNode tree = RunJson.mapper().readTree(dir.resolve(RunJson.FILE_NAME).toFile());
    JsonNode nativeRead = tree.at("/cases/0/results/native");
    assertEquals("readFile/batch-256/buffer/async/native", nativeRead.get("cell").asText());
    assertEquals("own", nativeRead.at("/route/kind").asText());
    assertTrue(nativeRead.get("samples") == null, "the samples are kept apart from run.json");
    List<CaseRecord.RawSample> samples =
        SampleFile.read(dir.resolve(SampleFile.FILE_NAME)).get(nativeRead.get("cell").asText());
    assertEquals(true, samples.get(0).warmup());
    assertEquals(0, samples.get(1).gcCount());
    assertEquals(SampleFile.FILE_NAME, tree.at("/sampleFile/name").asText());
    assertEquals(3, tree.get("schemaVersion").asInt());
    assertEquals(
        500_000, nativeRead.at("/regimes/steady/statistics/medianNanos").asDouble(), 5_000);
    assertEquals(
        500_000, nativeRead.at("/regimes/first-use/statistics/medianNanos").asDouble(), 5_000);
    assertEquals("faster", nativeRead.at("/regimes/steady/vsNio/verdict").asText());
    assertEquals("flat", nativeRead.at("/forks/0/classification").asText());
    assertEquals("nio-fallback", tree.at("/cases/1/results/native/route/kind").asText());
    assertTrue(tree.at("/cases/0/results/nio/regimes/steady/vsNio").isNull());
    assertEquals(2, tree.at("/verdicts/steady/comparisons").asInt());
  }

  @Test
  void unknownFieldIsRejectedNamingTheFile() throws IOException {
    RunJson.write(TestRuns.complete(TestRuns.twoFamilies()), dir.resolve(RunJson.FILE_NAME));
    ObjectNode tree =
        (ObjectNode) RunJson.mapper().readTree(dir.resolve(RunJson.FILE_NAME).toFile());
    tree.put("surprise", 1);
    Path bad = dir.resolve("bad.json");
    RunJson.mapper().writeValue(bad.toFile(), tree);
    IOException e = assertThrows(IOException.class, () -> RunJson.read(bad));
    assertTrue(
        e.getMessage().contains("bad.json") && e.getMessage().contains("surprise"), e.getMessage());
  }

  @Test
  void missingFieldIsRejected() throws IOException {
    RunJson.write(TestRuns.complete(TestRuns.twoFamilies()), dir.resolve(RunJson.FILE_NAME));
    ObjectNode tree =
        (ObjectNode) RunJson.mapper().readTree(dir.resolve(RunJson.FILE_NAME).toFile());
    ((ObjectNode) tree.at("/settings")).remove("warmups");
    Path bad = dir.resolve("bad.json");
    RunJson.mapper().writeValue(bad.toFile(), tree);
    IOException e = assertThrows(IOException.class, () -> RunJson.read(bad));
    assertTrue(e.getMessage().contains("warmups"), e.getMessage());
  }

  @Test
  void otherSchemaVersionIsRejected() throws IOException {
    Path future = dir.resolve("future.json");
    Files.writeString(future, "{\"schemaVersion\": 4}");
    IOException e = assertThrows(IOException.class, () -> RunJson.read(future));
    assertTrue(e.getMessage().contains("schemaVersion 4"), e.getMessage());
    Path old = dir.resolve("v1.json");
    Files.writeString(old, "{\"schemaVersion\": 1}");
    e = assertThrows(IOException.class, () -> RunJson.read(old));
    assertTrue(
        e.getMessage().contains("schemaVersion 1; this fsbench reads versions 2 and 3"),
        e.getMessage());
  }

  @Test
  void notJsonAndMissingFileAreClearErrors() throws IOException {
    Path garbage = dir.resolve("garbage.json");
    Files.writeString(garbage, "not json at all");
    assertTrue(
        assertThrows(IOException.class, () -> RunJson.read(garbage))
            .getMessage()
            .contains("not valid JSON"));
    assertThrows(NoSuchFileException.class, () -> RunJson.read(dir.resolve("nothing-here")));
  }

  @Test
  void aVersion2DocumentFromBeforeTheTreeFieldsReadsAsARunOfTheStandardMatrix() throws IOException {
    RunRecord run = TestRuns.complete(TestRuns.twoFamilies());
    RunJson.write(run, dir.resolve(RunJson.FILE_NAME));
    ObjectNode tree =
        (ObjectNode) RunJson.mapper().readTree(dir.resolve(RunJson.FILE_NAME).toFile());
    tree.remove("trees");
    ObjectNode settings = (ObjectNode) tree.get("settings");
    settings.remove(List.of("suites", "globs", "treeLimits", "cold"));
    Path old = dir.resolve("old.json");
    RunJson.mapper().writeValue(old.toFile(), tree);
    assertEquals(List.of(), SchemaCheck.errors(old), "the new fields are optional in the schema");
    RunRecord read = RunJson.read(old);
    assertEquals(run, read);
    assertEquals(List.of("standard"), read.settings().suites());
    assertEquals(false, read.settings().cold());
    assertTrue(read.trees().isEmpty());
    settings.remove("forks");
    RunJson.mapper().writeValue(old.toFile(), tree);
    IOException missing = assertThrows(IOException.class, () -> RunJson.read(old));
    assertTrue(missing.getMessage().contains("forks"), "every other field stays required");
  }

  @Test
  void treeShapesAndTheSweepsSettingsRoundTrip() throws IOException {
    RunRecord sweep = TestRuns.sweep();
    Path file = dir.resolve(RunJson.FILE_NAME);
    RunJson.write(sweep, file);
    assertEquals(List.of(), SchemaCheck.errors(file));
    RunRecord read = RunJson.read(file);
    assertEquals(sweep, read);
    assertEquals(71, read.trees().get("tree-64").entries());
    assertEquals(4096, read.trees().get("tree-64").fileSizes().p50());
    JsonNode tree = RunJson.mapper().readTree(file.toFile());
    assertEquals("sweep", tree.at("/settings/suites/0").asText());
    assertTrue(tree.at("/trees/tree-4/manifestSha256").isNull(), "a synthetic tree has no hash");
  }
}
