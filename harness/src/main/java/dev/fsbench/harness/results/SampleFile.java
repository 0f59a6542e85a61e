package dev.fsbench.harness.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.fsbench.harness.results.CaseRecord.BackendResult;
import dev.fsbench.harness.results.CaseRecord.RawSample;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipException;

/**
 * The raw samples of a run, apart from its summaries: {@code samples.jsonl.gz}, gzipped JSON lines,
 * one line per fork of a cell, each measure a column (results/SCHEMA.md, "samples.jsonl.gz").
 *
 * <p>Why a file of its own: the samples are 97% of a pretty-printed run.json written the schema 2
 * way (54 MB of a default run's 56), and as text in git every run cost its size in diffs twice,
 * once to add and once to replace. As columns, one line a fork, gzipped, they take 2 MB; the
 * summaries stay a small JSON a person reads. Nothing is lost: a fork's samples are its warmups
 * then its measured iterations, each numbered from 0, which is the order a run records them in, so
 * a line holds the count of warmups instead of an iteration and a warmup flag per sample, and
 * {@link #write} refuses samples in any other order rather than reorder them.
 *
 * <p>The JDK's gzip header holds no time and no name, so the same samples written by the same JVM
 * make the same bytes.
 */
public final class SampleFile {
  public static final String FILE_NAME = "samples.jsonl.gz";

  /** The {@code format} run.json names for this layout. */
  public static final String FORMAT = "fsbench-samples-1";

  private static final ObjectReader LINE_READER = RunJson.MAPPER.readerFor(Line.class);
  private static final ObjectWriter LINE_WRITER =
      RunJson.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT);

  private SampleFile() {}

  /**
   * One fork of one cell. Each array holds the fork's warmups first, then its measured iterations.
   *
   * @param cell the result's cell id, unique in a run
   * @param fork the fork's number
   * @param warmups how many of the leading entries are warmups
   */
  record Line(
      String cell,
      int fork,
      int warmups,
      long[] wallNanos,
      long[] bracketNanos,
      long[] cpuNanos,
      long[] allocatedBytes,
      long[] gcCount,
      long[] gcNanos,
      long[] jitNanos) {}

  /** How many lines and samples a file holds: what run.json's {@code sampleFile} records. */
  public record Counts(int lines, long samples) {}

  /**
   * Writes the samples of every result of {@code cases} to {@code file}, atomically ({@link
   * AtomicFile}).
   *
   * @throws IllegalArgumentException if two results share a cell id, or a result's samples are not
   *     in the order a run records them (forks contiguous, warmups first, iterations from 0)
   */
  public static Counts write(List<CaseRecord> cases, Path file) throws IOException {
    List<Line> lines = new ArrayList<>();
    Set<String> cells = new HashSet<>();
    for (CaseRecord c : cases) {
      for (BackendResult r : c.results().values()) {
        if (!cells.add(r.cell())) {
          throw new IllegalArgumentException("two results with cell id " + r.cell());
        }
        lines.addAll(lines(r));
      }
    }
    long samples = 0;
    for (Line line : lines) {
      samples += line.wallNanos().length;
    }
    AtomicFile.write(
        file,
        out -> {
          try (OutputStream gz = new GZIPOutputStream(out, 1 << 16)) {
            for (Line line : lines) {
              gz.write(LINE_WRITER.writeValueAsBytes(line));
              gz.write('\n');
            }
          }
        });
    return new Counts(lines.size(), samples);
  }

  /** A result's samples as one line per fork, in the order they were recorded. */
  private static List<Line> lines(BackendResult r) {
    Map<Integer, List<RawSample>> byFork = new LinkedHashMap<>();
    Integer previous = null;
    for (RawSample s : r.samples()) {
      if (!Integer.valueOf(s.fork()).equals(previous) && byFork.containsKey(s.fork())) {
        throw new IllegalArgumentException(r.cell() + ": fork " + s.fork() + " is not contiguous");
      }
      byFork.computeIfAbsent(s.fork(), f -> new ArrayList<>()).add(s);
      previous = s.fork();
    }
    List<Line> out = new ArrayList<>();
    for (Map.Entry<Integer, List<RawSample>> e : byFork.entrySet()) {
      List<RawSample> fork = e.getValue();
      int n = fork.size();
      int warmups = (int) fork.stream().filter(RawSample::warmup).count();
      long[][] columns = new long[7][n];
      for (int i = 0; i < n; i++) {
        RawSample s = fork.get(i);
        boolean warmup = i < warmups;
        int iteration = warmup ? i : i - warmups;
        if (s.warmup() != warmup || s.iteration() != iteration) {
          throw new IllegalArgumentException(
              r.cell()
                  + ": fork "
                  + e.getKey()
                  + " does not hold its warmups first, each part numbered from 0");
        }
        columns[0][i] = s.wallNanos();
        columns[1][i] = s.bracketNanos();
        columns[2][i] = s.cpuNanos();
        columns[3][i] = s.allocatedBytes();
        columns[4][i] = s.gcCount();
        columns[5][i] = s.gcNanos();
        columns[6][i] = s.jitNanos();
      }
      out.add(
          new Line(
              r.cell(),
              e.getKey(),
              warmups,
              columns[0],
              columns[1],
              columns[2],
              columns[3],
              columns[4],
              columns[5],
              columns[6]));
    }
    return out;
  }

  /**
   * Reads {@code file}: each cell's samples, in the order they were recorded, by cell id. A line
   * that does not follow the format (a missing or unknown field, columns of unequal length, more
   * warmups than samples, a fork given twice) is an error naming the file and the line.
   */
  public static Map<String, List<RawSample>> read(Path file) throws IOException {
    if (!Files.exists(file)) {
      throw new NoSuchFileException(file.toString(), null, "the run's samples are missing");
    }
    Map<String, List<RawSample>> cells = new LinkedHashMap<>();
    Set<String> forks = new HashSet<>();
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(file), 1 << 16),
                StandardCharsets.UTF_8))) {
      int number = 0;
      for (String text = in.readLine(); text != null; text = in.readLine()) {
        number++;
        Line line;
        try {
          line = LINE_READER.readValue(text);
        } catch (JsonProcessingException e) {
          throw new IOException(file + " line " + number + ": " + e.getOriginalMessage(), e);
        }
        String problem = problem(line);
        if (problem == null && !forks.add(line.cell() + "\0" + line.fork())) {
          problem = "fork " + line.fork() + " of " + line.cell() + " given twice";
        }
        if (problem != null) {
          throw new IOException(file + " line " + number + ": " + problem);
        }
        List<RawSample> samples = cells.computeIfAbsent(line.cell(), c -> new ArrayList<>());
        for (int i = 0; i < line.wallNanos().length; i++) {
          boolean warmup = i < line.warmups();
          samples.add(
              new RawSample(
                  line.fork(),
                  warmup ? i : i - line.warmups(),
                  warmup,
                  line.wallNanos()[i],
                  line.bracketNanos()[i],
                  line.cpuNanos()[i],
                  line.allocatedBytes()[i],
                  line.gcCount()[i],
                  line.gcNanos()[i],
                  line.jitNanos()[i]));
        }
      }
    } catch (ZipException | java.io.EOFException e) {
      throw new IOException(file + " is not a complete gzip file: " + e.getMessage(), e);
    }
    return cells;
  }

  /** What is wrong with a parsed line, or {@code null}. */
  private static String problem(Line line) {
    if (line.cell() == null) {
      return "no cell";
    }
    long[][] columns = {
      line.wallNanos(),
      line.bracketNanos(),
      line.cpuNanos(),
      line.allocatedBytes(),
      line.gcCount(),
      line.gcNanos(),
      line.jitNanos()
    };
    for (long[] column : columns) {
      if (column == null || column.length != columns[0].length) {
        return "the columns of " + line.cell() + " fork " + line.fork() + " differ in length";
      }
    }
    if (line.fork() < 0 || line.warmups() < 0 || line.warmups() > columns[0].length) {
      return line.cell() + ": fork " + line.fork() + " with " + line.warmups() + " warmups";
    }
    return null;
  }
}
