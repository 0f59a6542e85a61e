package dev.fsbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.results.CaseRecord.RawSample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ForkSamplesTest {
  private static final String CELL = "stat/single/default/sync/nio";

  @TempDir Path dir;

  private Path file(String... lines) throws IOException {
    return Files.write(dir.resolve("samples.jsonl"), List.of(lines));
  }

  private static String line(int iteration, boolean warmup, long wall) {
    return "{\"cell\":\""
        + CELL
        + "\",\"iteration\":"
        + iteration
        + ",\"warmup\":"
        + warmup
        + ",\"wallNanos\":"
        + wall
        + ",\"cpuNanos\":"
        + (wall / 2)
        + ",\"allocatedBytes\":100,\"gcCount\":0,\"gcNanos\":0,\"jitNanos\":0}";
  }

  @Test
  void measuredSamplesTakeJmhScoresAndWarmupsTheForkBracket() throws IOException {
    ForkSamples lines =
        ForkSamples.read(file(line(0, true, 900), line(0, false, 110), line(1, false, 120)), CELL);
    List<RawSample> samples = lines.pair(List.of(List.of(100.4, 115.0)), 1, 2, CELL);
    assertEquals(
        List.of(
            new RawSample(0, 0, true, 900, 900, 450, 100, 0, 0, 0),
            new RawSample(0, 0, false, 100, 110, 55, 100, 0, 0, 0),
            new RawSample(0, 1, false, 115, 120, 60, 100, 0, 0, 0)),
        samples);
  }

  @Test
  void aFloorsSamplesTakeTheTimeTheFloorMeasured() throws IOException {
    ForkSamples lines =
        ForkSamples.read(
            file(
                line(0, true, 900).replace(",\"cpuNanos\"", ",\"floorNanos\":700,\"cpuNanos\""),
                line(0, false, 110).replace(",\"cpuNanos\"", ",\"floorNanos\":80,\"cpuNanos\"")),
            CELL);
    assertEquals(
        List.of(
            new RawSample(0, 0, true, 700, 900, 450, 100, 0, 0, 0),
            new RawSample(0, 0, false, 80, 110, 55, 100, 0, 0, 0)),
        lines.pair(List.of(List.of(100.0)), 1, 1, CELL),
        "wall is the floor's, bracket the fork's");

    ForkSamples mixed =
        ForkSamples.read(
            file(
                line(0, true, 900),
                line(0, false, 110).replace(",\"cpuNanos\"", ",\"floorNanos\":80,\"cpuNanos\"")),
            CELL);
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class, () -> mixed.pair(List.of(List.of(100.0)), 1, 1, CELL));
    assertTrue(e.getMessage().contains("a floor's or a backend's"), e.getMessage());
  }

  @Test
  void forksAreToldApartByTheirNumbering() throws IOException {
    List<String> lines = new ArrayList<>();
    for (int fork = 0; fork < 3; fork++) {
      lines.add(line(0, true, 1000));
      lines.add(line(1, true, 1000));
      lines.add(line(0, false, 10 * (fork + 1)));
    }
    ForkSamples samples = ForkSamples.read(file(lines.toArray(String[]::new)), CELL);
    List<RawSample> paired =
        samples.pair(List.of(List.of(10.0), List.of(20.0), List.of(30.0)), 2, 1, CELL);
    assertEquals(9, paired.size());
    assertEquals(List.of(0, 0, 0, 1, 1, 1, 2, 2, 2), paired.stream().map(RawSample::fork).toList());
    assertEquals(30, paired.get(8).wallNanos());
  }

  @Test
  void forksWithoutWarmupsAreToldApartToo() throws IOException {
    ForkSamples samples =
        ForkSamples.read(
            file(line(0, false, 1), line(1, false, 2), line(0, false, 3), line(1, false, 4)), CELL);
    assertEquals(4, samples.pair(List.of(List.of(1.0, 2.0), List.of(3.0, 4.0)), 0, 2, CELL).size());
  }

  @Test
  void aMissingLineIsAnErrorNotAShiftedSample() throws IOException {
    ForkSamples samples = ForkSamples.read(file(line(0, true, 900), line(0, false, 110)), CELL);
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> samples.pair(List.of(List.of(1.0, 2.0)), 1, 2, CELL));
    assertTrue(e.getMessage().contains("expected 1 warmup and 2 measured lines"), e.getMessage());
  }

  @Test
  void forkCountMustMatchJmh() throws IOException {
    ForkSamples samples = ForkSamples.read(file(line(0, false, 1)), CELL);
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> samples.pair(List.of(List.of(1.0), List.of(1.0)), 0, 1, CELL));
    assertTrue(
        e.getMessage().contains("JMH ran 2 fork(s) but the sample file shows 1"), e.getMessage());
  }

  @Test
  void cpuClockIsTakenFromTheLines() throws IOException {
    String clock = ",\"cpuClock\":\"clock_gettime(CLOCK_PROCESS_CPUTIME_ID)\"}";
    ForkSamples named =
        ForkSamples.read(
            file(line(0, true, 1).replace("}", clock), line(0, false, 2).replace("}", clock)),
            CELL);
    assertEquals("clock_gettime(CLOCK_PROCESS_CPUTIME_ID)", named.cpuClock());
    assertEquals(null, ForkSamples.read(file(line(0, false, 2)), CELL).cpuClock());
  }

  @Test
  void failureLineIsReported() throws IOException {
    ForkSamples samples =
        ForkSamples.read(
            file(
                line(0, true, 900),
                "{\"cell\":\""
                    + CELL
                    + "\",\"failure\":\"backend nio, family stat, case single default, mode sync: size differs\"}"),
            CELL);
    assertEquals(
        "backend nio, family stat, case single default, mode sync: size differs",
        samples.failure().orElseThrow());
  }

  @Test
  void malformedOrForeignLinesAreErrorsNamingTheLine() throws IOException {
    IOException half =
        assertThrows(
            IOException.class,
            () -> ForkSamples.read(file(line(0, true, 1), "{\"cell\":\"x\",\"itera"), CELL));
    assertTrue(
        half.getMessage().contains("samples.jsonl:2 is not a JSON sample line"), half.getMessage());
    IOException foreign =
        assertThrows(
            IOException.class,
            () -> ForkSamples.read(file(line(0, true, 1).replace(CELL, "other")), CELL));
    assertTrue(foreign.getMessage().contains("belongs to cell other"), foreign.getMessage());
    IOException missing =
        assertThrows(
            IOException.class,
            () ->
                ForkSamples.read(
                    file("{\"cell\":\"" + CELL + "\",\"iteration\":0,\"warmup\":true}"), CELL));
    assertTrue(missing.getMessage().contains("has no 'wallNanos'"), missing.getMessage());
  }

  @Test
  void missingFileHasNoLines() throws IOException {
    assertEquals(List.of(), ForkSamples.read(dir.resolve("absent"), CELL).lines());
  }
}
