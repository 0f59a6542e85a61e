package dev.fsbench.harness.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.fsbench.support.TreeRemoval;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

/**
 * One run's folder: {@code run.json} and {@code samples.jsonl.gz} ({@link RunJson}), {@code
 * jmh.json.gz} (JMH's own JSON of every cell, one array, gzipped: it repeats every sample), {@code
 * REPORT.md} and {@code REPORT.html} (the report package writes them), plus {@code failure.log}
 * (JMH's output of the failed cell) when a cell failed. Named {@code <date>-<os>-<arch>[-label]},
 * with {@code -2}, {@code -3}... when that name is taken the same day.
 */
public final class ResultsFolder {
  public static final String JMH_FILE = "jmh.json.gz";
  public static final String REPORT_FILE = "REPORT.md";
  public static final String HTML_REPORT_FILE = "REPORT.html";
  public static final String FAILURE_LOG = "failure.log";
  private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  private final Path dir;

  private ResultsFolder(Path dir) {
    this.dir = dir;
  }

  /** {@code 2026-11-30-linux-amd64-tmpfs}: the folder name for a run started on {@code date}. */
  public static String name(LocalDate date, String osName, String arch, String label) {
    String os = osName.toLowerCase(Locale.ROOT).split("\\s+")[0];
    String name = date + "-" + os + "-" + arch.toLowerCase(Locale.ROOT);
    return label == null ? name : name + "-" + checkLabel(label);
  }

  /**
   * Throws an {@link IllegalArgumentException} unless {@code label} is letters, digits, dots,
   * dashes, underscores.
   */
  public static String checkLabel(String label) {
    if (!LABEL.matcher(label).matches()) {
      throw new IllegalArgumentException(
          "label '"
              + label
              + "' must be letters, digits, '.', '_' or '-' (it becomes part of a folder name)");
    }
    return label;
  }

  /**
   * Creates a fresh folder {@code parent/name}, or {@code parent/name-2}, {@code -3}... if that
   * exists.
   */
  public static ResultsFolder createUnique(Path parent, String name) throws IOException {
    Files.createDirectories(parent);
    for (int n = 1; ; n++) {
      Path candidate = parent.resolve(n == 1 ? name : name + "-" + n);
      try {
        Files.createDirectory(candidate);
        Files.createDirectory(candidate.resolve(CLAIM)); // fresh, so no other run can hold it
        return new ResultsFolder(candidate);
      } catch (FileAlreadyExistsException e) {
        // taken: try the next suffix
      }
    }
  }

  /**
   * The directory a run creates first in its folder: of two runs given the same {@code --out} at
   * the same moment, exactly one creates it, and the other is refused before it writes anything. An
   * "is it empty?" check alone would let both pass and then both write {@code run.json.tmp}, losing
   * one run silently. It is also the run's scratch space ({@link #scratch}). It stays in the folder
   * of a run that was killed; {@link #release()} removes it when the run ends.
   */
  public static final String CLAIM = ".fsbench-run";

  /**
   * Uses {@code dir} as given ({@code --out}); it may exist but must not hold anything yet, and is
   * claimed atomically (see {@link #CLAIM}).
   */
  public static ResultsFolder createAt(Path dir) throws IOException {
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new FileAlreadyExistsException(
          dir.toString(), null, "--out names a file, not a folder");
    }
    Files.createDirectories(dir);
    try {
      Files.createDirectory(dir.resolve(CLAIM));
    } catch (FileAlreadyExistsException e) {
      throw new FileAlreadyExistsException(
          dir.toString(),
          null,
          "--out folder is claimed by another run ("
              + CLAIM
              + " exists); results are never overwritten");
    }
    try (Stream<Path> entries = Files.list(dir)) {
      if (entries.anyMatch(p -> !p.getFileName().toString().equals(CLAIM))) {
        Files.delete(dir.resolve(CLAIM));
        throw new FileAlreadyExistsException(
            dir.toString(), null, "--out folder is not empty; results are never overwritten");
      }
    }
    return new ResultsFolder(dir);
  }

  /** Removes the claim of a run that ended, and its scratch files with it. */
  public void release() throws IOException {
    TreeRemoval.cleanUp(dir.resolve(CLAIM));
  }

  /**
   * Where the run keeps its working files (the forks' sample files, JMH's logs and JSON, the
   * class-data archive): inside the claim, on the results folder's filesystem, so that they are
   * never on the filesystem being measured, and a full sandbox shows as the workload's own failure.
   */
  public Path scratch() {
    return dir.resolve(CLAIM);
  }

  public Path dir() {
    return dir;
  }

  public Path runJson() {
    return dir.resolve(RunJson.FILE_NAME);
  }

  /**
   * Writes run.json with its samples and jmh.json.gz, each atomically ({@link AtomicFile}); the
   * report beside them is the report package's to render and write.
   */
  public void write(RunRecord run, JsonNode jmh) throws IOException {
    RunJson.write(run, runJson());
    AtomicFile.write(
        dir.resolve(JMH_FILE),
        out -> {
          try (GZIPOutputStream gz = new GZIPOutputStream(out, 1 << 16)) {
            RunJson.mapper()
                .writer()
                .without(SerializationFeature.INDENT_OUTPUT)
                .writeValue(gz, jmh);
          }
        });
  }

  /** Writes {@code text} to {@code file} as UTF-8, whole or not at all ({@link AtomicFile}). */
  public static void writeText(Path file, String text) throws IOException {
    AtomicFile.write(file, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
  }

  /** The PNG charts the notebooks drew into {@code folder}, by file name, sorted. */
  public static List<String> charts(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files
          .map(f -> f.getFileName().toString())
          .filter(n -> n.endsWith(".png"))
          .sorted()
          .toList();
    }
  }

  /** Keeps a failed cell's JMH output beside the results. */
  public void writeFailureLog(String text) throws IOException {
    writeText(dir.resolve(FAILURE_LOG), text);
  }
}
