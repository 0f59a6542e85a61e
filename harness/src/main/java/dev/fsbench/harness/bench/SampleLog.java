package dev.fsbench.harness.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The fork's own record of its samples, one JSON object per line, appended to the file the runner
 * names with {@code -Dfsbench.samples=FILE}:
 *
 * <pre>
 * {"cell":"readFile/batch-256/utf8/sync/nio","iteration":0,"warmup":true,"wallNanos":123,"cpuNanos":456,"allocatedBytes":789,
 *  "gcCount":0,"gcNanos":0,"jitNanos":2000000,"cpuClock":"clock_gettime(CLOCK_PROCESS_CPUTIME_ID)"}
 * {"cell":"readFile/batch-256/utf8/sync/nio","failure":"backend nio, family readFile, case batch-256 utf8, mode sync: ..."}
 * </pre>
 *
 * (one line each; {@code cpuClock} names the clock of {@code cpuNanos}, see {@link CpuClock}; a
 * floor's line also has {@code floorNanos} after {@code wallNanos}: the time the floor measured
 * around its own work, see {@link FamilyBenchmark}). One line per warmup and per sample, written
 * when its verification passed; a failure line instead when it did not, before the benchmark fails.
 * Each line is flushed as written, so a fork that dies leaves every line it had.
 *
 * <p>Why a file of its own beside JMH's results: JMH reports no warmup scores, nothing of CPU time
 * or allocation measured around the timed region alone, and only a stack trace for a failure.
 */
final class SampleLog implements AutoCloseable {
  /** The system property naming the file; absent, nothing is recorded. */
  static final String PROPERTY = "fsbench.samples";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Writer out;

  /**
   * What the JVM did inside one sample's timed bracket besides running it.
   *
   * @param gcCount GC cycles that completed
   * @param gcNanos their time, at the MXBeans' millisecond resolution
   * @param jitNanos JIT compilation time, at millisecond resolution
   */
  record JvmActivity(long gcCount, long gcNanos, long jitNanos) {}

  private SampleLog(Writer out) {
    this.out = out;
  }

  /** The log the system property names, or one that records nothing. */
  static SampleLog fromSystemProperty() throws IOException {
    String file = System.getProperty(PROPERTY);
    if (file == null || file.isEmpty()) {
      return new SampleLog(null);
    }
    return to(Path.of(file));
  }

  /** A log appending to {@code file}, created if missing. */
  static SampleLog to(Path file) throws IOException {
    return new SampleLog(
        Files.newBufferedWriter(
            file,
            StandardCharsets.UTF_8,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.APPEND));
  }

  void sample(
      String cell,
      int iteration,
      boolean warmup,
      long wallNanos,
      OptionalLong floorNanos,
      long cpuNanos,
      long allocatedBytes,
      JvmActivity jvm,
      String cpuClock) {
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("cell", cell);
    line.put("iteration", iteration);
    line.put("warmup", warmup);
    line.put("wallNanos", wallNanos);
    if (floorNanos.isPresent()) {
      line.put("floorNanos", floorNanos.getAsLong());
    }
    line.put("cpuNanos", cpuNanos);
    line.put("allocatedBytes", allocatedBytes);
    line.put("gcCount", jvm.gcCount());
    line.put("gcNanos", jvm.gcNanos());
    line.put("jitNanos", jvm.jitNanos());
    line.put("cpuClock", cpuClock);
    write(line);
  }

  void failure(String cell, String message) {
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("cell", cell);
    line.put("failure", message);
    write(line);
  }

  private void write(Map<String, Object> line) {
    if (out == null) {
      return;
    }
    try {
      out.write(JSON.writeValueAsString(line));
      out.write('\n');
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to the samples file (-D" + PROPERTY + ")", e);
    }
  }

  @Override
  public void close() throws IOException {
    if (out != null) {
      out.close();
    }
  }
}
