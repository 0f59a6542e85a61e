package dev.fsbench.harness.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fsbench.harness.results.CaseRecord.BackendResult;
import dev.fsbench.harness.results.CaseRecord.RawSample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads and writes {@code run.json}. Writing is atomic (a temporary file renamed over the old one,
 * {@link AtomicFile}), so a run killed mid-write leaves the previous complete document, never half
 * of one, and a write that fails leaves no temporary file behind. Reading is strict: an unknown
 * field, a missing one or a {@code schemaVersion} this code does not know is an error naming the
 * file, not a silently wrong report.
 *
 * <p>Two forms are read, one is written. Schema version 2 kept every raw sample inside run.json;
 * version 3, which this code writes, keeps them in {@code samples.jsonl.gz} beside it ({@link
 * SampleFile}) and names that file in run.json's {@code sampleFile}. Both read into the same {@link
 * RunRecord}, samples included, so every reader (report, recompute, compare, export) gives the same
 * figures for a run and its conversion; writing a run read in version 2 converts it.
 *
 * <p>The samples file is written before run.json, so that the run.json on disk never names samples
 * that are not there yet. A run killed between the two leaves samples of cells run.json does not
 * list: those are ignored in a run that did not complete, and an error in one that did.
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

  /** The mapper for run.json's summaries: a result's {@code samples} go to {@link SampleFile}. */
  private static final ObjectMapper SUMMARY_MAPPER =
      MAPPER.copy().addMixIn(BackendResult.class, WithoutSamples.class);

  @JsonIgnoreProperties("samples")
  private interface WithoutSamples {}

  /** The schema version that kept the samples inside run.json, which this code still reads. */
  static final int INLINE_SAMPLES_VERSION = 2;

  /** run.json's field naming the samples file, in version 3. */
  static final String SAMPLE_FILE_FIELD = "sampleFile";

  private RunJson() {}

  /**
   * The optional fields, by the object that holds them: {@code environment.floors}, {@code
   * settings.floors}, {@code settings.method.floorCases}, {@code settings.method.roundSeconds},
   * {@code settings.method.steadyVerdictForks}, {@code settings.routes}, {@code
   * cases[].results.*.timing}, {@code cases[].results.*.regimes.*.vsFloor}.
   */
  static final String OPTIONAL =
      "environment.floors, settings.floors, settings.method.floorCases,"
          + " settings.method.roundSeconds, settings.method.steadyVerdictForks, settings.routes,"
          + " cases[].results.*.timing,"
          + " cases[].results.*.regimes.*.vsFloor";

  /** The mapper used for every results file: pretty-printed, strict on reading. */
  public static ObjectMapper mapper() {
    return MAPPER;
  }

  /**
   * Writes {@code run} as schema version {@value RunRecord#SCHEMA_VERSION}: its samples to {@link
   * SampleFile#FILE_NAME} beside {@code file}, then the rest to {@code file}, each atomically
   * ({@link AtomicFile}).
   */
  public static void write(RunRecord run, Path file) throws IOException {
    Path samples = file.resolveSibling(SampleFile.FILE_NAME);
    boolean first = !Files.exists(samples);
    SampleFile.Counts counts = SampleFile.write(run.cases(), samples);
    ObjectNode tree = SUMMARY_MAPPER.valueToTree(run);
    tree.put("schemaVersion", RunRecord.SCHEMA_VERSION);
    ObjectNode named = tree.putObject(SAMPLE_FILE_FIELD);
    named.put("name", SampleFile.FILE_NAME);
    named.put("format", SampleFile.FORMAT);
    named.put("lines", counts.lines());
    named.put("samples", counts.samples());
    try {
      AtomicFile.write(file, out -> MAPPER.writeValue(out, tree));
    } catch (IOException e) {
      if (first) { // no run.json names them: a folder that held nothing holds nothing again
        Files.deleteIfExists(samples);
      }
      throw e;
    }
  }

  /**
   * Reads a run.json, or the run.json inside a results folder, in either form (version 2, samples
   * inside; version 3, samples in {@link SampleFile} beside it).
   */
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
    int v = version.intValue();
    if (v != RunRecord.SCHEMA_VERSION && v != INLINE_SAMPLES_VERSION) {
      throw new IOException(
          file
              + " has schemaVersion "
              + v
              + "; this fsbench reads versions "
              + INLINE_SAMPLES_VERSION
              + " and "
              + RunRecord.SCHEMA_VERSION);
    }
    JsonNode sampleFile = null;
    if (v == RunRecord.SCHEMA_VERSION) {
      sampleFile = ((ObjectNode) tree).remove(SAMPLE_FILE_FIELD);
      if (sampleFile == null || !sampleFile.path("name").isTextual()) {
        throw new IOException(
            file
                + " has no "
                + SAMPLE_FILE_FIELD
                + " naming its samples (schema version "
                + v
                + ")");
      }
      if (!SampleFile.FORMAT.equals(sampleFile.path("format").asText())) {
        throw new IOException(
            file
                + " names samples of format "
                + sampleFile.path("format")
                + "; this fsbench reads "
                + SampleFile.FORMAT);
      }
      forEachResult(tree, r -> r.putArray("samples"));
    }
    addLaterFields(tree);
    RunRecord run;
    try {
      run = MAPPER.treeToValue(tree, RunRecord.class);
    } catch (JsonProcessingException e) {
      throw new IOException(
          file + " does not follow run.json schema version " + v + ": " + e.getOriginalMessage(),
          e);
    }
    if (sampleFile == null) {
      return run;
    }
    Path samples = file.resolveSibling(sampleFile.get("name").asText());
    return withSamples(run, SampleFile.read(samples), sampleFile.path("samples").asLong(), samples);
  }

  /** {@code run} with each result's samples from {@code byCell}, all of them accounted for. */
  private static RunRecord withSamples(
      RunRecord run, Map<String, List<RawSample>> byCell, long declared, Path samples)
      throws IOException {
    Map<String, List<RawSample>> left = new LinkedHashMap<>(byCell);
    List<CaseRecord> cases = new ArrayList<>();
    long count = 0;
    for (CaseRecord c : run.cases()) {
      Map<String, BackendResult> results = new LinkedHashMap<>();
      for (Map.Entry<String, BackendResult> e : c.results().entrySet()) {
        List<RawSample> own = left.remove(e.getValue().cell());
        if (own == null) {
          throw new IOException(samples + " holds no samples of " + e.getValue().cell());
        }
        count += own.size();
        results.put(e.getKey(), e.getValue().withSamples(own));
      }
      cases.add(c.withResults(results));
    }
    if (run.complete() && (!left.isEmpty() || count != declared)) {
      throw new IOException(
          samples
              + " does not match run.json: "
              + (left.isEmpty()
                  ? count + " samples where run.json says " + declared
                  : "samples of cells run.json does not list, e.g. "
                      + left.keySet().iterator().next()));
    }
    return run.withCases(cases); // the same verdicts: only the samples were added
  }

  private static void forEachResult(JsonNode run, java.util.function.Consumer<ObjectNode> action) {
    JsonNode cases = run.get("cases");
    if (cases == null) {
      return;
    }
    for (JsonNode c : cases) {
      JsonNode results = c.get("results");
      if (results == null) {
        continue;
      }
      for (JsonNode result : results) {
        if (result instanceof ObjectNode r) {
          action.accept(r);
        }
      }
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
      putNullIfAbsent(settings.get("method"), "steadyVerdictForks");
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
      putNullIfAbsent(settings, "routes");
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
