package dev.fsbench.harness.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleLogTest {
  @TempDir Path dir;

  @Test
  void writesOneJsonObjectPerLineInTheAgreedShapeAndAppends() throws Exception {
    Path file = dir.resolve("samples.jsonl");
    try (SampleLog log = SampleLog.to(file)) {
      log.sample(
          "readFile/batch-256/utf8/sync/nio",
          0,
          true,
          123,
          OptionalLong.empty(),
          456,
          789,
          new SampleLog.JvmActivity(1, 2_000_000, 3_000_000),
          CpuClock.CLOCK_GETTIME);
    }
    try (SampleLog log = SampleLog.to(file)) {
      log.failure(
          "readFile/batch-256/utf8/sync/nio",
          "backend nio, family readFile: \"quoted\"\nsecond line");
    }
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    assertEquals(2, lines.size());
    assertEquals(
        "{\"cell\":\"readFile/batch-256/utf8/sync/nio\",\"iteration\":0,\"warmup\":true,\"wallNanos\":123,"
            + "\"cpuNanos\":456,\"allocatedBytes\":789,\"gcCount\":1,\"gcNanos\":2000000,\"jitNanos\":3000000,\"cpuClock\":\"clock_gettime(CLOCK_PROCESS_CPUTIME_ID)\"}",
        lines.get(0));
    JsonNode failure = new ObjectMapper().readTree(lines.get(1));
    assertEquals("readFile/batch-256/utf8/sync/nio", failure.get("cell").asText());
    assertEquals(
        "backend nio, family readFile: \"quoted\"\nsecond line", failure.get("failure").asText());
    assertEquals(2, failure.size());
  }

  @Test
  void aMessageWithControlCharactersNonAsciiAndALoneSurrogateReadsBackExactly() throws Exception {
    Path file = dir.resolve("samples.jsonl");
    String message = "tab\there, back\\slash, bell\u0007, caf\u00e9, \ud83d\ude00, lone \ud800 end";
    try (SampleLog log = SampleLog.to(file)) {
      log.failure("readlink/single/-/sync/nio", message);
    }
    String line = Files.readString(file, StandardCharsets.UTF_8);
    assertTrue(line.chars().allMatch(c -> c == '\n' || (c >= 0x20 && c < 0x7f)), line);
    JsonNode read = new ObjectMapper().readTree(line);
    assertEquals(message, read.get("failure").asText());
  }

  @Test
  void aFloorsLineCarriesTheTimeTheFloorMeasured() throws Exception {
    Path file = dir.resolve("samples.jsonl");
    try (SampleLog log = SampleLog.to(file)) {
      log.sample(
          "stat/batch-256/default/sync/floor",
          3,
          false,
          500_000,
          OptionalLong.of(420_000),
          490_000,
          64,
          new SampleLog.JvmActivity(0, 0, 0),
          CpuClock.CLOCK_GETTIME);
    }
    JsonNode line = new ObjectMapper().readTree(Files.readString(file));
    assertEquals(500_000, line.get("wallNanos").asLong(), "the fork's bracket");
    assertEquals(420_000, line.get("floorNanos").asLong(), "the floor's own time");
  }

  @Test
  void withoutThePropertyNothingIsRecorded() throws Exception {
    String before = System.getProperty(SampleLog.PROPERTY);
    System.clearProperty(SampleLog.PROPERTY);
    try (SampleLog log = SampleLog.fromSystemProperty()) {
      log.sample(
          "x/single/-/sync/nio",
          0,
          false,
          1,
          OptionalLong.empty(),
          1,
          1,
          new SampleLog.JvmActivity(0, 0, 0),
          CpuClock.MXBEAN);
    } finally {
      if (before != null) {
        System.setProperty(SampleLog.PROPERTY, before);
      }
    }
    try (var files = Files.list(dir)) {
      assertFalse(files.findAny().isPresent());
    }
  }
}
