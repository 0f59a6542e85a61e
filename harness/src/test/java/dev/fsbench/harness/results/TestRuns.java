package dev.fsbench.harness.results;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.model.Mode;
import dev.fsbench.spi.Route;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Constructed runs for tests of the results model, the report and compare: no JMH, exact known
 * numbers.
 */
public final class TestRuns {
  private TestRuns() {}

  /**
   * A cell of one fork whose measured wall times are exactly {@code wallNanos}, after one warmup of
   * 10x the first.
   */
  public static CellOutcome cell(
      String family,
      String scenario,
      String variant,
      Mode mode,
      String backend,
      int concurrency,
      Route route,
      long operations,
      long logicalBytes,
      long... wallNanos) {
    return cellForks(
        family,
        scenario,
        variant,
        mode,
        backend,
        concurrency,
        route,
        operations,
        logicalBytes,
        wallNanos);
  }

  /**
   * A cell of one fork per array, each fork's measured wall times exactly as given, after one
   * warmup.
   */
  public static CellOutcome cellForks(
      String family,
      String scenario,
      String variant,
      Mode mode,
      String backend,
      int concurrency,
      Route route,
      long operations,
      long logicalBytes,
      long[]... forks) {
    return timedCell(
        family,
        scenario,
        variant,
        mode,
        backend,
        concurrency,
        route,
        operations,
        logicalBytes,
        null,
        forks);
  }

  /**
   * A floor's cell of one fork per array ({@code timing}: {@code native-loop}, {@code process}), at
   * the default concurrency.
   */
  public static CellOutcome floorCell(
      String family,
      String scenario,
      String variant,
      Mode mode,
      String floor,
      String timing,
      long operations,
      long logicalBytes,
      long[]... forks) {
    return timedCell(
        family,
        scenario,
        variant,
        mode,
        floor,
        0,
        Route.own("fsb_floor"),
        operations,
        logicalBytes,
        timing,
        forks);
  }

  private static CellOutcome timedCell(
      String family,
      String scenario,
      String variant,
      Mode mode,
      String backend,
      int concurrency,
      Route route,
      long operations,
      long logicalBytes,
      String timing,
      long[]... forks) {
    CellKey key = new CellKey(family, scenario, variant, mode, backend, concurrency);
    CellPlan plan =
        new CellPlan(
            key,
            operations,
            logicalBytes,
            "dev.fsbench.harness.bench.Fake.run",
            Map.of("cell", key.id()));
    List<CaseRecord.RawSample> samples = new ArrayList<>();
    for (int f = 0; f < forks.length; f++) {
      long[] wallNanos = forks[f];
      samples.add(
          new CaseRecord.RawSample(
              f,
              0,
              true,
              wallNanos[0] * 10,
              wallNanos[0] * 10 + 5,
              wallNanos[0] * 9,
              1000,
              0,
              0,
              0));
      for (int i = 0; i < wallNanos.length; i++) {
        samples.add(
            new CaseRecord.RawSample(
                f,
                i,
                false,
                wallNanos[i],
                wallNanos[i] + 5,
                wallNanos[i] / 2,
                4096L * (i + 1),
                i == 3 ? 1 : 0,
                i == 3 ? 2_000_000 : 0,
                0));
      }
    }
    return new CellOutcome(
        plan,
        route,
        samples,
        "clock_gettime(CLOCK_PROCESS_CPUTIME_ID)",
        500_000_000L,
        Map.of(),
        timing);
  }

  /**
   * Ten samples with median {@code center} nanoseconds: center -5%..-1% and +1%..+5% (p90 = +4%),
   * in an order without a trend, so that the series is steady (flat).
   */
  public static long[] around(long center) {
    long[] out = new long[10];
    int[] percent = {-1, 3, -5, 2, -3, 5, -2, 1, -4, 4};
    for (int i = 0; i < 10; i++) {
      out[i] = center + percent[i] * center / 100;
    }
    return out;
  }

  public static Environment environment(String fileSystemType) {
    return new Environment(
        new Environment.Jdk("Test Vendor", "17.0.15", "Test VM", "17.0.15+6"),
        new Environment.Os("Linux", "amd64", "6.1.0-test", "Debian GNU/Linux 12 (bookworm)"),
        new Environment.Cpu("Test CPU @ 3.0GHz", 2),
        24L * 1024 * 1024 * 1024,
        new Environment.Sandbox("/dev/shm", "/dev/shm/fsbench-abc", fileSystemType),
        new Environment.Git("0123456789abcdef0123456789abcdef01234567", false, null),
        Map.of(
            "jmh",
            "1.37",
            "jna",
            "5.19.1",
            "commons-io",
            "2.22.0",
            "jackson",
            "2.23.0",
            "picocli",
            "4.7.7",
            "fsbench",
            "0.1.0-SNAPSHOT"),
        List.of(
            new Environment.BackendInfo(
                "nio", "java.nio.file", true, "available", Map.of(), List.of("POSIX_PERMISSIONS")),
            new Environment.BackendInfo(
                "native",
                "Rust via JNA",
                true,
                "available",
                Map.of("library.sha256", "ab12"),
                List.of("TREE_CONCURRENCY"))),
        List.of(),
        null);
  }

  public static RunRecord.Settings settings() {
    return settings(List.of("nio", "native"), "native");
  }

  /** {@link #settings()} with these backends (in column order) and this recorded target. */
  public static RunRecord.Settings settings(List<String> backends, String target) {
    return new RunRecord.Settings(
        1,
        null,
        Map.of("batch-256", 10, "single", 10),
        1,
        List.of(),
        backends,
        List.of(),
        List.of(),
        false,
        false,
        "/dev/shm",
        null,
        List.of("-Xmx256m"),
        new RunRecord.Method(10, 2000, 0.95, 0.05, 0.05, "representative", null, null, null),
        null,
        target,
        List.of(),
        null);
  }

  /**
   * Two families. readFile batch-256 buffer async: nio 1 ms, native 0.5 ms (a robust win); stat
   * single sync: nio 10 us, native 12 us with its samples interleaving nio's (not robust), native
   * falling back to NIO for stat.
   */
  public static List<CellOutcome> twoFamilies() {
    Route nioOwn = Route.own("Files");
    long[] interleavedNio = {
      10_000, 10_400, 9_600, 13_000, 9_000, 11_000, 10_100, 12_500, 9_900, 10_200
    };
    long[] interleavedNative = {
      12_000, 9_500, 13_500, 11_900, 12_100, 9_700, 12_200, 10_300, 12_300, 12_050
    };
    return List.of(
        cell(
            "readFile",
            "batch-256",
            "buffer",
            Mode.ASYNC,
            "nio",
            0,
            nioOwn,
            256,
            256 * 4096,
            around(1_000_000)),
        cell(
            "readFile",
            "batch-256",
            "buffer",
            Mode.ASYNC,
            "native",
            0,
            Route.own("fsb_read"),
            256,
            256 * 4096,
            around(500_000)),
        cell("stat", "single", "default", Mode.SYNC, "nio", 0, nioOwn, 1, 0, interleavedNio),
        cell(
            "stat",
            "single",
            "default",
            Mode.SYNC,
            "native",
            0,
            Route.nioFallback("Files.readAttributes"),
            1,
            0,
            interleavedNative));
  }

  /**
   * A run with floors: stat batch-256 sync with nio at 1.2 ms, native at 0.6 ms and the floor at
   * 0.5 ms; readdir tree-1000 sync with nio at 6 ms, native at 0.9 ms, the floor at 0.8 ms and
   * {@code find} at 2 ms (a process timing); readdir async without a floor.
   */
  public static List<CellOutcome> withFloors() {
    Route nioOwn = Route.own("Files");
    return List.of(
        cell(
            "stat", "batch-256", "default", Mode.SYNC, "nio", 0, nioOwn, 256, 0, around(1_200_000)),
        cell(
            "stat",
            "batch-256",
            "default",
            Mode.SYNC,
            "native",
            0,
            Route.own("fsb_stat"),
            256,
            0,
            around(600_000)),
        floorCell(
            "stat",
            "batch-256",
            "default",
            Mode.SYNC,
            "floor",
            "native-loop",
            256,
            0,
            around(500_000)),
        cell("readdir", "tree-1000", "-", Mode.SYNC, "nio", 0, nioOwn, 1, 0, around(6_000_000)),
        cell(
            "readdir",
            "tree-1000",
            "-",
            Mode.SYNC,
            "native",
            0,
            Route.own("fsb_readdir"),
            1,
            0,
            around(900_000)),
        floorCell(
            "readdir", "tree-1000", "-", Mode.SYNC, "floor", "native-loop", 1, 0, around(800_000)),
        floorCell(
            "readdir",
            "tree-1000",
            "-",
            Mode.SYNC,
            "floor-find",
            "process",
            1,
            0,
            around(2_000_000)),
        cell("readdir", "tree-1000", "-", Mode.ASYNC, "nio", 0, nioOwn, 1, 0, around(7_000_000)),
        cell(
            "readdir",
            "tree-1000",
            "-",
            Mode.ASYNC,
            "native",
            0,
            Route.own("fsb_readdir"),
            1,
            0,
            around(1_000_000)));
  }

  /**
   * The run of {@link #withFloors()}, its settings and environment naming the floors; commons-io is
   * among its backends (a peer of the target, native) without a result in any case.
   */
  public static RunRecord completeWithFloors() {
    RunRecord plain =
        complete(withFloors(), settings(List.of("nio", "native", "commons-io"), "native"));
    RunRecord.Settings s = plain.settings();
    RunRecord.Method m = s.method();
    Environment e = plain.environment();
    return new RunRecord(
        plain.schemaVersion(),
        plain.status(),
        plain.complete(),
        plain.failure(),
        plain.startedAt(),
        plain.finishedAt(),
        new Environment(
            e.jdk(),
            e.os(),
            e.cpu(),
            e.memoryBytes(),
            e.sandbox(),
            e.git(),
            e.dependencies(),
            e.backends(),
            e.outsideJars(),
            List.of(
                new Environment.FloorInfo(
                    "floor",
                    "the library's loop",
                    "native-loop",
                    true,
                    "available",
                    List.of("readdir", "stat"),
                    Map.of()),
                new Environment.FloorInfo(
                    "floor-find",
                    "find DIR > /dev/null",
                    "process",
                    true,
                    "available",
                    List.of("readdir"),
                    Map.of("tool.version", "find (GNU findutils) 4.9.0")))),
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
            new RunRecord.Method(
                m.firstUseSamples(),
                m.bootstrapResamples(),
                m.confidence(),
                m.minimumEffect(),
                m.falseDiscoveryRate(),
                m.controlCases(),
                "representative",
                m.roundSeconds(),
                m.steadyVerdictForks()),
            s.jvm(),
            s.target(),
            s.profilers(),
            List.of("floor", "floor-find")),
        plain.cases(),
        plain.verdicts(),
        plain.omitted());
  }

  public static RunRecord complete(List<CellOutcome> cells) {
    return complete(cells, settings());
  }

  /** A complete run of {@code cells} with these settings. */
  public static RunRecord complete(List<CellOutcome> cells, RunRecord.Settings settings) {
    List<CaseRecord> cases = Cases.of(cells);
    return new RunRecord(
        RunRecord.SCHEMA_VERSION,
        RunRecord.Status.COMPLETE,
        true,
        null,
        "2026-11-30T01:00:00Z",
        "2026-11-30T01:05:00.123Z",
        environment("tmpfs"),
        settings,
        cases,
        RunRecord.VerdictSummary.of(cases),
        List.of(
            new RunRecord.Omitted(
                "chown/batch-256/-/sync/native",
                "chown batch-256 needs [OWNERSHIP], which backend native does not declare")));
  }

  /** The sweep's sizes in {@link #sweep()}, smallest first. */
  public static final List<String> SWEEP_SIZES =
      List.of("tree-4", "tree-16", "tree-64", "tree-256");

  /**
   * A small size sweep, sync, two forks of ten samples per cell: readdir, where native loses on
   * tree-4, ties on tree-16 and wins from tree-64 on; rm, where it wins on the two small trees,
   * loses at tree-64 and wins again at tree-256 (so the crossover is tree-256: from there on it
   * wins at every larger size); commons-io a fifth slower throughout; the floor (the library's own
   * loop) below native at every size. Medians in nanoseconds.
   */
  public static RunRecord sweep() {
    Map<String, long[]> medians = new java.util.LinkedHashMap<>();
    // family/backend -> median at each size
    medians.put("readdir/nio", new long[] {100_000, 200_000, 500_000, 1_600_000});
    medians.put("readdir/commons-io", new long[] {120_000, 240_000, 600_000, 1_920_000});
    medians.put("readdir/native", new long[] {120_000, 195_000, 250_000, 400_000});
    medians.put("rm/nio", new long[] {80_000, 150_000, 400_000, 1_400_000});
    medians.put("rm/commons-io", new long[] {96_000, 180_000, 480_000, 1_680_000});
    medians.put("rm/native", new long[] {60_000, 120_000, 480_000, 1_000_000});
    medians.put("readdir/floor", new long[] {40_000, 80_000, 150_000, 300_000});
    medians.put("rm/floor", new long[] {30_000, 70_000, 300_000, 800_000});
    List<CellOutcome> cells = new ArrayList<>();
    for (String family : List.of("readdir", "rm")) {
      for (int size = 0; size < SWEEP_SIZES.size(); size++) {
        for (String backend : List.of("nio", "commons-io", "native")) {
          long m = medians.get(family + "/" + backend)[size];
          Route route =
              backend.equals("native") ? Route.own("fsb_" + family) : Route.own("Files.walk");
          cells.add(
              cellForks(
                  family,
                  SWEEP_SIZES.get(size),
                  "-",
                  Mode.SYNC,
                  backend,
                  0,
                  route,
                  1,
                  0,
                  around(m),
                  around(m + m / 50)));
        }
        long floor = medians.get(family + "/floor")[size];
        cells.add(
            floorCell(
                family,
                SWEEP_SIZES.get(size),
                "-",
                Mode.SYNC,
                "floor",
                "native-loop",
                1,
                0,
                around(floor),
                around(floor + floor / 50)));
      }
    }
    List<CaseRecord> cases = Cases.of(cells);
    Map<String, dev.fsbench.harness.model.TreeShape> trees = new java.util.LinkedHashMap<>();
    for (String size : SWEEP_SIZES) {
      trees.put(
          size, dev.fsbench.harness.workload.tree.PreparedTrees.syntheticShape(size).orElseThrow());
    }
    RunRecord.Settings base = settings();
    Map<String, Integer> samplesPerFork = new java.util.LinkedHashMap<>();
    SWEEP_SIZES.forEach(size -> samplesPerFork.put(size, 10));
    RunRecord.Settings sweep =
        new RunRecord.Settings(
            base.warmups(),
            null,
            samplesPerFork,
            2,
            List.of("readdir", "rm"),
            List.of("nio", "commons-io", "native"),
            List.of(),
            List.of("sync"),
            false,
            false,
            "/dev/shm",
            "tiny-sweep",
            base.forkJvmArgs(),
            new RunRecord.Method(
                10, 2000, 0.95, 0.05, 0.05, "representative", "representative", 150, null),
            null,
            "native",
            List.of(),
            List.of("floor"),
            List.of("sweep"),
            List.of(),
            null,
            false);
    Environment e = environment("tmpfs");
    Environment withFloor =
        new Environment(
            e.jdk(),
            e.os(),
            e.cpu(),
            e.memoryBytes(),
            e.sandbox(),
            e.git(),
            e.dependencies(),
            e.backends(),
            e.outsideJars(),
            List.of(
                new Environment.FloorInfo(
                    "floor",
                    "the library's loop",
                    "native-loop",
                    true,
                    "available",
                    List.of("readdir", "rm"),
                    Map.of())));
    return new RunRecord(
        RunRecord.SCHEMA_VERSION,
        RunRecord.Status.COMPLETE,
        true,
        null,
        "2026-12-02T01:00:00Z",
        "2026-12-02T01:03:00.500Z",
        withFloor,
        sweep,
        cases,
        RunRecord.VerdictSummary.of(cases),
        List.of(),
        trees);
  }
}
