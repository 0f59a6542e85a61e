package dev.fsbench.routed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every routes file routed refuses gets its own message, naming the file and the problem: the
 * provider is then unavailable with that reason, and {@code create} throws it.
 */
class BadRoutesTest {
  @TempDir Path dir;

  /** The refusal of routes {@code text}, after checking that create refuses them the same way. */
  private String refusal(String text) throws IOException {
    Path file = Files.writeString(dir.resolve("routes.json"), text, StandardCharsets.UTF_8);
    return refusalOf(new RoutedProvider(RoutesSource.file(file)));
  }

  private static String refusalOf(RoutedProvider provider) {
    Availability availability = provider.availability();
    assertFalse(availability.isAvailable(), availability::toString);
    IllegalStateException thrown =
        assertThrows(IllegalStateException.class, () -> provider.create(BackendConfig.DEFAULT));
    assertEquals("backend 'routed' is unavailable: " + availability.reason(), thrown.getMessage());
    assertTrue(provider.details().isEmpty(), () -> provider.details().toString());
    return availability.reason();
  }

  @Test
  void missingFile() {
    Path missing = dir.resolve("nowhere.json");
    assertEquals(
        "routes file " + missing + ": no such file",
        refusalOf(new RoutedProvider(RoutesSource.file(missing))));
  }

  @Test
  void malformedJson() throws IOException {
    String reason = refusal("{\"format\": \"fsbench-routes-1\", \"source\": {");
    assertTrue(
        reason.startsWith("routes file " + dir.resolve("routes.json") + ": not valid JSON: "),
        reason);
  }

  @Test
  void contentAfterTheDocument() throws IOException {
    String reason = refusal(new TestRoutes().json() + "{}");
    assertTrue(reason.contains(": not valid JSON: content after the JSON document"), reason);
  }

  @Test
  void aKeyTwice() throws IOException {
    String reason = refusal(new TestRoutes().json("\"cp\": {\"backend\": \"nio\"}"));
    assertTrue(reason.contains(": not valid JSON: Duplicate field 'cp'"), reason);
  }

  @Test
  void unknownFamily() throws IOException {
    String reason = refusal(new TestRoutes().json("\"copy\": {\"backend\": \"nio\"}"));
    assertTrue(
        reason.startsWith(
            "routes file "
                + dir.resolve("routes.json")
                + ": families: unknown family 'copy'; the families are access, appendFile,"),
        reason);
  }

  @Test
  void familyMissing() throws IOException {
    String text = new TestRoutes().json().replaceFirst("\\s*\"cp\": \\{[^}]*\\},", "");
    assertEquals(
        "routes file " + dir.resolve("routes.json") + ": families: no route for cp", refusal(text));
  }

  @Test
  void unknownBackend() throws IOException {
    String reason = refusal(new TestRoutes().route(Op.STAT, "nativ").json());
    assertEquals(
        "routes file "
            + dir.resolve("routes.json")
            + ": families.stat: unknown backend 'nativ' for stat: not among the backends of the"
            + " run the routes come from ("
            + String.join(", ", TestRoutes.RUN_BACKENDS)
            + ")",
        reason);
  }

  @Test
  void routedItself() throws IOException {
    assertEquals(
        "routes file "
            + dir.resolve("routes.json")
            + ": families.readFile: routes readFile to routed itself",
        refusal(new TestRoutes().route(Op.READ_FILE, "routed").json()));
  }

  @Test
  void otherFormat() throws IOException {
    assertEquals(
        "routes file "
            + dir.resolve("routes.json")
            + ": format 'fsbench-routes-2', where this routed reads 'fsbench-routes-1'",
        refusal(new TestRoutes().format("fsbench-routes-2").json()));
  }

  @Test
  void wrongType() throws IOException {
    String text =
        new TestRoutes().json().replace("\"major\": ", "\"major\": \"seventeen\", \"x\": ");
    assertEquals(
        "routes file "
            + dir.resolve("routes.json")
            + ": source.jdk.major: expected an integer, found \"seventeen\"",
        refusal(text));
  }

  @Test
  void concurrencyOfAFamilyThatIsNoTree() throws IOException {
    assertEquals(
        "routes file "
            + dir.resolve("routes.json")
            + ": families.stat.concurrency: a concurrency for stat, which is not a tree family",
        refusal(new TestRoutes().route(Op.STAT, "native", 4).json()));
  }

  @Test
  void notAFileOfRoutes() throws IOException {
    assertEquals(
        "routes file " + dir.resolve("routes.json") + ": no field 'format'",
        refusal("{\"schemaVersion\": 3}"));
  }

  @Test
  void noRoutesAtAll() {
    String reason = refusalOf(new RoutedProvider());
    assertTrue(
        reason.startsWith("no routes: name a routes file with -Dfsbench.routes=FILE"), reason);
  }
}
