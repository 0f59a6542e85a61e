package dev.fsbench.harness.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Reads and writes {@code run.json}. Writing is atomic (a temporary file renamed over the old one),
 * so a run killed mid-write leaves the previous complete document, never half of one. Reading is
 * strict: an unknown field, a missing one or a {@code schemaVersion} this code does not know is an
 * error naming the file, not a silently wrong report.
 *
 * <p>The one exception to "missing is an error": the optional fields added to schema version 2
 * after documents were written without them ({@link #OPTIONAL}, results/SCHEMA.md). They are
 * written only when they hold something, and read as {@code null} when absent, so a run without a
 * floor keeps the very document it always had.
 */
public final class RunJson {
  public static final String FILE_NAME = "run.json";

  static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
          .build();

  private RunJson() {}

  /**
   * The optional fields, by the object that holds them: {@code environment.floors}, {@code
   * settings.floors}, {@code settings.method.floorCases}, {@code cases[].results.*.timing}, {@code
   * cases[].results.*.regimes.*.vsFloor}.
   */
  static final String OPTIONAL =
      "environment.floors, settings.floors, settings.method.floorCases,"
          + " cases[].results.*.timing, cases[].results.*.regimes.*.vsFloor";

  /** The mapper used for every results file: pretty-printed, strict on reading. */
  public static ObjectMapper mapper() {
    return MAPPER;
  }

  public static void write(RunRecord run, Path file) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    MAPPER.writeValue(tmp.toFile(), run);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /** Reads a run.json, or the run.json inside a results folder. */
  public static RunRecord read(Path fileOrFolder) throws IOException {
    Path file = Files.isDirectory(fileOrFolder) ? fileOrFolder.resolve(FILE_NAME) : fileOrFolder;
    if (!Files.exists(file)) {
      throw new NoSuchFileException(file.toString(), null, "no run.json there");
    }
    JsonNode tree;
    try {
      tree = MAPPER.readTree(file.toFile());
    } catch (JsonProcessingException e) {
      throw new IOException(file + " is not valid JSON: " + e.getOriginalMessage(), e);
    }
    JsonNode version = tree == null ? null : tree.get("schemaVersion");
    if (version == null || !version.isInt()) {
      throw new IOException(file + " has no integer schemaVersion: not an fsbench run.json");
    }
    if (version.intValue() != RunRecord.SCHEMA_VERSION) {
      throw new IOException(
          file
              + " has schemaVersion "
              + version.intValue()
              + "; this fsbench reads version "
              + RunRecord.SCHEMA_VERSION);
    }
    absentAsNull(tree);
    try {
      return MAPPER.treeToValue(tree, RunRecord.class);
    } catch (JsonProcessingException e) {
      throw new IOException(
          file
              + " does not follow run.json schema version "
              + RunRecord.SCHEMA_VERSION
              + ": "
              + e.getOriginalMessage(),
          e);
    }
  }

  /** Puts an explicit null where an optional field ({@link #OPTIONAL}) is absent. */
  private static void absentAsNull(JsonNode tree) {
    putIfAbsent(tree.get("environment"), "floors");
    JsonNode settings = tree.get("settings");
    putIfAbsent(settings, "floors");
    putIfAbsent(settings == null ? null : settings.get("method"), "floorCases");
    JsonNode cases = tree.get("cases");
    if (cases == null) {
      return;
    }
    for (JsonNode c : cases) {
      JsonNode results = c.get("results");
      if (results == null) {
        continue;
      }
      for (JsonNode result : results) {
        putIfAbsent(result, "timing");
        JsonNode regimes = result.get("regimes");
        if (regimes != null) {
          for (JsonNode regime : regimes) {
            putIfAbsent(regime, "vsFloor");
          }
        }
      }
    }
  }

  private static void putIfAbsent(JsonNode node, String field) {
    if (node instanceof ObjectNode && !node.has(field)) {
      ((ObjectNode) node).putNull(field);
    }
  }
}
