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

/**
 * Reads and writes {@code run.json}. Writing is atomic (a temporary file renamed over the old one,
 * {@link AtomicFile}), so a run killed mid-write leaves the previous complete document, never half
 * of one, and a write that fails leaves no temporary file behind. Reading is strict: an unknown
 * field, a missing one or a {@code schemaVersion} this code does not know is an error naming the
 * file, not a silently wrong report.
 *
 * <p>The exception to "missing is an error": the fields added to schema version 2 after documents
 * were written without them (results/SCHEMA.md). The outside jars, target, profilers, profiler
 * metrics, tree shapes, suites, globs, tree limits and cold flag are read as what leaving them out
 * meant; the floor's optional fields ({@link #OPTIONAL}) are written only when they hold something,
 * and read as {@code null} when absent, so a run without a floor keeps the very document it always
 * had.
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
   * settings.floors}, {@code settings.method.floorCases}, {@code settings.method.roundSeconds},
   * {@code cases[].results.*.timing}, {@code cases[].results.*.regimes.*.vsFloor}.
   */
  static final String OPTIONAL =
      "environment.floors, settings.floors, settings.method.floorCases,"
          + " settings.method.roundSeconds, cases[].results.*.timing, cases[].results.*.regimes.*.vsFloor";

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
    addLaterFields(tree);
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

  /**
   * Fields added to version 2 after its first runs were written, filled in with what a document
   * written before them means by leaving them out: no outside jar, no recorded target (the report
   * studies native), no profiler, no profiler metric, no tree shape, the standard suite alone, no
   * user glob, no tree limit, a warm run; and an explicit null for each optional field ({@link
   * #OPTIONAL}), which is written only when it holds something. Every other field stays required.
   */
  private static void addLaterFields(JsonNode run) {
    if (run instanceof ObjectNode r && !r.has("trees")) {
      r.putObject("trees");
    }
    if (run.get("environment") instanceof ObjectNode environment) {
      if (!environment.has("outsideJars")) {
        environment.putArray("outsideJars");
      }
      putNullIfAbsent(environment, "floors");
    }
    if (run.get("settings") instanceof ObjectNode settings) {
      if (!settings.has("target")) {
        settings.putNull("target");
      }
      if (!settings.has("profilers")) {
        settings.putArray("profilers");
      }
      putNullIfAbsent(settings, "floors");
      putNullIfAbsent(settings.get("method"), "floorCases");
      putNullIfAbsent(settings.get("method"), "roundSeconds");
      if (!settings.has("suites")) {
        settings.putArray("suites").add(RunRecord.Settings.STANDARD_SUITE);
      }
      if (!settings.has("globs")) {
        settings.putArray("globs");
      }
      putNullIfAbsent(settings, "treeLimits");
      if (!settings.has("cold")) {
        settings.put("cold", false);
      }
    }
    JsonNode cases = run.get("cases");
    if (cases != null) {
      for (JsonNode c : cases) {
        JsonNode results = c.get("results");
        if (results == null) {
          continue;
        }
        for (JsonNode result : results) {
          if (result instanceof ObjectNode r && !r.has("secondaryMetrics")) {
            r.putObject("secondaryMetrics");
          }
          putNullIfAbsent(result, "timing");
          JsonNode regimes = result.get("regimes");
          if (regimes == null) {
            continue;
          }
          for (JsonNode regime : regimes) {
            putNullIfAbsent(regime, "vsFloor");
          }
        }
      }
    }
  }

  private static void putNullIfAbsent(JsonNode node, String field) {
    if (node instanceof ObjectNode object && !object.has(field)) {
      object.putNull(field);
    }
  }
}
