package dev.fsbench.harness.report;

import static dev.fsbench.harness.report.KnownVerdicts.faster;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.stats.Regime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The routes file's content: its source, and per family the choice with its evidence. */
class RoutesDocumentTest {

  @Test
  void theJdksFeatureRelease() {
    assertEquals(17, RoutesDocument.major("17.0.15"));
    assertEquals(25, RoutesDocument.major("25"));
    assertEquals(25, RoutesDocument.major("25-ea"));
    assertEquals(8, RoutesDocument.major("1.8.0_392"));
    assertNull(RoutesDocument.major("unknown"));
    assertNull(RoutesDocument.major(null));
  }

  @Test
  void aChoiceWithAConcurrencyItsCellsAndItsRunnerUpAndNioWithItsReason() {
    RunRecord run =
        new KnownVerdicts()
            .own("glob", "tree-4", Mode.SYNC, "native-c1", faster(3.0))
            .own("glob", "tree-1000", Mode.SYNC, "native-c1", null)
            .own("glob", "tree-4", Mode.SYNC, "native", faster(2.0))
            .own("glob", "tree-1000", Mode.SYNC, "native", faster(2.0))
            .own("link", "single", Mode.SYNC, "native", KnownVerdicts.slower(0.8))
            .run();
    JsonNode doc =
        RoutesDocument.of(
            run,
            "2026-12-05-x",
            Regime.STEADY,
            Mode.SYNC,
            BackendChoice.of(run, Regime.STEADY, Mode.SYNC));
    List<String> backends = new ArrayList<>();
    doc.get("source").get("backends").forEach(b -> backends.add(b.asText()));
    assertEquals(List.of("commons-io", "native", "nio"), backends);
    assertEquals("Linux amd64", doc.get("source").get("machine").get("os").asText());
    assertFalse(doc.get("source").get("dirty").asBoolean());

    JsonNode glob = doc.get("families").get("glob");
    assertEquals("native", glob.get("backend").asText());
    assertEquals(1, glob.get("concurrency").asInt());
    assertEquals(3.0, glob.get("ratio").asDouble());
    assertEquals("faster", glob.get("cells").get(0).get("verdict").asText());
    assertTrue(glob.get("cells").get(1).get("ratio").isNull());
    assertEquals("no steady state in 3 of 3 forks", glob.get("cells").get(1).get("note").asText());
    assertEquals("native", glob.get("runnerUp").get("backend").asText());
    assertFalse(glob.get("runnerUp").has("concurrency"));

    JsonNode link = doc.get("families").get("link");
    assertEquals("nio", link.get("backend").asText());
    assertTrue(link.get("ratio").isNull());
    assertEquals("native slower in single", link.get("why").asText());
    assertFalse(link.has("concurrency"));
  }
}
