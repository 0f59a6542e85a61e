package dev.fsbench.harness.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads and writes {@code run.json}. Writing is atomic (a temporary file renamed over the old one,
 * {@link AtomicFile}), so a run killed mid-write leaves the previous complete document, never half
 * of one, and a write that fails leaves no temporary file behind. Reading is strict: an unknown
 * field, a missing one or a {@code schemaVersion} this code does not know is an error naming the
 * file, not a silently wrong report.
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

  /** Writes {@code run} to {@code file} atomically ({@link AtomicFile}). */
  public static void write(RunRecord run, Path file) throws IOException {
    AtomicFile.write(file, out -> MAPPER.writeValue(out, run));
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
