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
 * error naming the file, not a silently wrong report. The fields added to version 2 later ({@link
 * #addOptionalFields}) are the one exception: an older document reads without them.
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

  /** The mapper used for every results file: pretty-printed, strict on reading. */
  public static ObjectMapper mapper() {
    return MAPPER;
  }

  public static void write(RunRecord run, Path file) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    MAPPER.writeValue(tmp.toFile(), run);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /**
   * Fields added to version 2 after runs were written with it, each with the value that means "not
   * used" ({@code results/SCHEMA.md} marks them optional): a document that lacks them is a run from
   * before them and reads as such. Every other field stays required.
   */
  static void addOptionalFields(JsonNode tree) {
    if (!(tree instanceof ObjectNode)) {
      return;
    }
    ObjectNode run = (ObjectNode) tree;
    if (!run.has("trees")) {
      run.putObject("trees");
    }
    JsonNode settings = run.get("settings");
    if (settings instanceof ObjectNode) {
      ObjectNode s = (ObjectNode) settings;
      if (!s.has("suites")) {
        s.putArray("suites").add(RunRecord.Settings.STANDARD_SUITE);
      }
      if (!s.has("globs")) {
        s.putArray("globs");
      }
      if (!s.has("treeLimits")) {
        s.putNull("treeLimits");
      }
      if (!s.has("cold")) {
        s.put("cold", false);
      }
    }
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
    addOptionalFields(tree);
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
}
