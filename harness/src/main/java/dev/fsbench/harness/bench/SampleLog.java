package dev.fsbench.harness.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
 *
 * <p>The lines are written by hand, not with Jackson (which reads them in the runner): a fork that
 * makes an {@code ObjectMapper} loads and links some 400 classes first, about 50 ms here before its
 * first warmup, and a default run starts some 1,600 forks. The shape is fixed (numbers, a boolean,
 * and strings escaped as RFC 8259 says, every character outside printable ASCII as the escape of
 * its code unit, so that even a lone surrogate in a message reads back as it was); {@code
 * SampleLogTest} reads every line back with Jackson.
 */
final class SampleLog implements AutoCloseable {
  /** The system property naming the file; absent, nothing is recorded. */
  static final String PROPERTY = "fsbench.samples";

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
    StringBuilder line = new StringBuilder(256);
    line.append("{\"cell\":");
    string(line, cell);
    line.append(",\"iteration\":").append(iteration);
    line.append(",\"warmup\":").append(warmup);
    line.append(",\"wallNanos\":").append(wallNanos);
    if (floorNanos.isPresent()) {
      line.append(",\"floorNanos\":").append(floorNanos.getAsLong());
    }
    line.append(",\"cpuNanos\":").append(cpuNanos);
    line.append(",\"allocatedBytes\":").append(allocatedBytes);
    line.append(",\"gcCount\":").append(jvm.gcCount());
    line.append(",\"gcNanos\":").append(jvm.gcNanos());
    line.append(",\"jitNanos\":").append(jvm.jitNanos());
    line.append(",\"cpuClock\":");
    string(line, cpuClock);
    write(line.append('}'));
  }

  void failure(String cell, String message) {
    StringBuilder line = new StringBuilder();
    line.append("{\"cell\":");
    string(line, cell);
    line.append(",\"failure\":");
    string(line, message);
    write(line.append('}'));
  }

  /**
   * A JSON string: quotes and backslashes escaped, every character outside printable ASCII as a
   * six-character escape (backslash, {@code u}, four hex digits).
   */
  static void string(StringBuilder out, String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c >= 0x20 && c < 0x7f) {
        out.append(c);
      } else {
        out.append("\\u");
        for (int shift = 12; shift >= 0; shift -= 4) {
          out.append(Character.forDigit((c >> shift) & 0xf, 16));
        }
      }
    }
    out.append('"');
  }

  private void write(CharSequence line) {
    if (out == null) {
      return;
    }
    try {
      out.append(line);
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
